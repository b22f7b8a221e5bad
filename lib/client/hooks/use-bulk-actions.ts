"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Thread } from "@/lib/api/threads";
import { api } from "@/lib/client/api";
import {
  collectPages,
  doneSentence,
  planBulk,
  runBulk,
  undoPlan,
  type BulkAction,
  type BulkOp,
  type BulkPlan,
  type BulkTask,
} from "@/lib/client/list/bulk";
import { errorMessage } from "@/lib/client/errors";
import { patchContactEverywhere } from "@/lib/client/mutations/contacts";
import { noteOwnChange } from "@/lib/client/list/own-changes";
import { applyReadAnswer, markRead, useUnreadFor } from "@/lib/client/mutations/reads";
import { patchThreadEverywhere } from "@/lib/client/mutations/threads";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { normalizeFilters, threadQueries, type ThreadFilters } from "@/lib/client/queries/threads";
import { useBulkStore } from "@/lib/client/stores/bulk";
import { useSelectionStore } from "@/lib/client/stores/selection";
import { toast } from "@/lib/client/stores/toasts";
import { hasRole, useViewer } from "@/lib/client/viewer";

// The BFF answers GET /threads from its own index, so whole pages cost the team's quota nothing.
const COLLECT_PAGE_SIZE = 100;

/**
 * Runs bulk actions on the selected threads (lib/client/list/bulk): one BFF write per item, a few
 * at a time (the gateway queues behind the team's rate budget), every outcome in the bulk
 * store for the bar to show, and an Undo toast for whatever can be put back.
 */
export function useBulkActions({ viewKey, filters, removeRows }: { viewKey: string; filters: ThreadFilters; removeRows: (ids: string[]) => void }) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const manager = hasRole(viewer, "manager");

  const perform = useCallback(
    async (op: BulkOp) => {
      noteOwnChange(op.kind === "thread" ? { threadId: op.threadId } : op.kind === "read" ? {} : { contactId: op.contactId });
      switch (op.kind) {
        case "thread": {
          const thread = (await api.threads.update(op.threadId, op.patch)).body;
          patchThreadEverywhere(queryClient, thread.id, (old) => ({ ...old, ...thread, contact: thread.contact ?? old.contact, profile: thread.profile ?? old.profile }));
          return;
        }
        case "read":
          applyReadAnswer(queryClient, await markRead(op.thread.id, op.read));
          return;
        case "tag": {
          const contact = (op.add ? await api.contacts.addTag(op.contactId, op.tagId) : await api.contacts.removeTag(op.contactId, op.tagId)).body;
          patchContactEverywhere(queryClient, contact.id, () => contact);
          return;
        }
        case "status": {
          const contact = (await api.contacts.update(op.contactId, { status: op.statusId })).body;
          patchContactEverywhere(queryClient, contact.id, () => contact);
          return;
        }
      }
    },
    [queryClient],
  );

  const execute = useCallback(
    (action: BulkAction | "undo", plan: BulkPlan) => executeBulk({ perform, queryClient, removeRows }, action, plan),
    [perform, queryClient, removeRows],
  );

  const unreadFor = useUnreadFor();
  const run = useCallback(
    (action: BulkAction, threads: readonly Thread[]) => execute(action, planBulk(action, threads, { memberId: viewer.memberId, manager, unreadFor })),
    [execute, viewer.memberId, manager, unreadFor],
  );

  /** Runs again what failed or was never started, with the same action. */
  const retry = useCallback(() => {
    const current = useBulkStore.getState().run;
    if (!current?.result) return;
    const tasks: BulkTask[] = [...current.result.failed.map((f) => f.task), ...current.result.notStarted];
    return execute(current.action, { tasks, refused: [] });
  }, [execute]);

  /** Pages through every thread of this view (the same query), so "all matching" can be acted on. */
  const selectEverything = useCallback(async () => {
    const selection = useSelectionStore.getState();
    selection.setEverything(viewKey, { state: "loading", count: 0 });
    try {
      const query = { ...normalizeFilters(filters), expand: ["contact" as const, "profile" as const], limit: COLLECT_PAGE_SIZE };
      const threads = await collectPages(async (cursor) => (await api.threads.list({ ...query, cursor: cursor ?? undefined })).body, {
        onCount: (count) => useSelectionStore.getState().setEverything(viewKey, { state: "loading", count }),
      });
      useSelectionStore.getState().setEverything(viewKey, { state: "ready", threads });
    } catch (error) {
      useSelectionStore.getState().setEverything(viewKey, { state: "failed", error });
    }
  }, [viewKey, filters]);

  return { run, retry, selectEverything };
}

type Runner = { perform: (op: BulkOp) => Promise<void>; queryClient: QueryClient; removeRows: (ids: string[]) => void };

/** One run: progress into the bulk store, the caches refreshed after, and the outcome told. */
async function executeBulk(runner: Runner, action: BulkAction | "undo", plan: BulkPlan): Promise<void> {
  const { perform, queryClient, removeRows } = runner;
  const store = useBulkStore.getState();
  const { id, signal } = store.begin({ action, total: plan.tasks.length, refused: plan.refused });
  const result = await runBulk(plan.tasks, perform, { signal, onProgress: (done) => store.progress(id, done), reasonOf: errorMessage });
  store.finish(id, result);

  // Archived (or unarchived) rows left this view: off the list at once, as `e` does for one.
  const moved = result.succeeded.filter((task) => task.op.kind === "thread" && task.op.patch.archived !== undefined).map((task) => task.key);
  if (moved.length > 0 && action !== "undo") removeRows(moved);
  void Promise.all([
    queryClient.invalidateQueries({ queryKey: inboxQueries.counts().queryKey }),
    queryClient.invalidateQueries({ queryKey: threadQueries.lists() }),
  ]).then(() => {
    if (action === "undo") useBulkStore.getState().restored();
  });

  const clean = result.failed.length === 0 && result.notStarted.length === 0 && plan.refused.length === 0;
  if (clean) {
    useSelectionStore.getState().clear();
    useBulkStore.getState().dismiss();
  }
  if (result.succeeded.length === 0) return;
  const undo = action !== "undo" ? undoPlan(result.succeeded) : null;
  toast({
    title: doneSentence(action, result.succeeded.length),
    variant: "success",
    action: undo && undo.tasks.length > 0 ? { label: "Undo", onAction: () => void executeBulk(runner, "undo", undo) } : undefined,
  });
}
