"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { useDebouncedCallback } from "use-debounce";
import { isApiError } from "@/lib/api/errors";
import type { Draft, DraftHolder } from "@/lib/api/drafts";
import { reconcile } from "@/lib/client/drafts/reconcile";
import { inboxApi } from "@/lib/client/inbox-api";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { useDraft, useDraftsStore } from "@/lib/client/stores/drafts";

/** A save goes this long after the last keystroke, and at once on blur, on send and as the tab closes. */
export const DRAFT_SAVE_DELAY_MS = 1_000;
/** A save that failed (offline, a restart) is tried again after this long; the text stays in the box meanwhile. */
const RETRY_MS = 5_000;

/**
 * Keeps this thread's draft on the server as well as in this browser (lib/api/drafts), so it
 * follows the member to another device and survives a crash. The server's copy comes into the
 * box by `reconcile`'s rule whenever its answer arrives (opening the thread, refocusing the
 * window); what is typed goes up debounced. Mount it once per thread (the composer, keyed by
 * thread). Returns `flush`, to save now (the box lost focus).
 */
export function useDraftSync(threadId: string): { flush: () => void } {
  const queryClient = useQueryClient();
  const query = useQuery(inboxQueries.drafts(threadId));
  const draft = useDraft(threadId);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const retry = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A thread left is not retried: its text waits in this browser for the next visit.
  const mounted = useRef(true);

  const { save, leave } = useMemo(() => {
    const key = inboxQueries.drafts(threadId).queryKey;
    /** The box's text when the server does not hold it yet, else null. */
    const unsaved = (): string | null => {
      const store = useDraftsStore.getState();
      const text = store.drafts[threadId] ?? "";
      return text === (store.synced[threadId]?.text ?? "") ? null : text;
    };
    const write = async (text: string, keepalive: boolean): Promise<Draft | null> => {
      if (text) return inboxApi("drafts.save", { body: { threadId, text }, keepalive });
      await inboxApi("drafts.delete", { query: { threadId }, keepalive });
      return null;
    };
    const settle = (saved: Draft | null) => {
      useDraftsStore.getState().markSynced(threadId, saved && { text: saved.text, at: saved.updatedAt });
      queryClient.setQueryData(key, (data) => (data ? { ...data, draft: saved } : data));
    };
    const once = async () => {
      if (unsaved() === null) return;
      // An answer read before this save must not undo it when it lands.
      await queryClient.cancelQueries({ queryKey: key });
      const text = unsaved();
      if (text !== null) settle(await write(text, false));
    };
    // One save at a time, in order, so an older text never lands after a newer one.
    const run = () => {
      if (retry.current) clearTimeout(retry.current);
      chain.current = chain.current.then(() =>
        once().catch((error: unknown) => {
          // A thread gone or hidden keeps its text here only; anything else is tried again.
          if ((isApiError(error) && error.status === 404) || !mounted.current) return;
          retry.current = setTimeout(run, RETRY_MS);
        }),
      );
    };
    // The tab is going away: the request starts now, outside the queue (a save under way may
    // never finish), and outlives the page. If it fails, the text is still in this browser.
    const goNow = () => {
      const text = unsaved();
      if (text !== null) void write(text, true).then(settle, () => undefined);
    };
    return { save: run, leave: goNow };
  }, [threadId, queryClient]);

  const debounced = useDebouncedCallback(save, DRAFT_SAVE_DELAY_MS);

  // The server's answer, whenever it comes: the box takes it when nothing typed here is unsaved.
  useEffect(() => {
    if (!query.data) return;
    const store = useDraftsStore.getState();
    const step = reconcile(store.drafts[threadId] ?? "", store.synced[threadId], query.data.draft);
    if (step) store.adopt(threadId, step.take);
  }, [query.data, threadId]);

  // Typing waits for a pause; a box emptied (sent) clears the server's copy at once.
  useEffect(() => {
    if (draft !== "") return void debounced();
    debounced.cancel();
    save();
  }, [draft, debounced, save]);

  useEffect(() => {
    mounted.current = true;
    const away = () => {
      debounced.cancel();
      leave();
    };
    const onVisibility = () => document.visibilityState === "hidden" && away();
    window.addEventListener("pagehide", away);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", away);
      document.removeEventListener("visibilitychange", onVisibility);
      // Leaving the thread saves what waited for a pause.
      debounced.flush();
      mounted.current = false;
      if (retry.current) clearTimeout(retry.current);
    };
  }, [debounced, leave]);

  return { flush: () => debounced.flush() };
}

/** Teammates holding a draft of this thread (the viewer left out), as the server last said. */
export function useDraftHolders(threadId: string, userId: string): DraftHolder[] {
  const holders = useQuery({ ...inboxQueries.drafts(threadId), select: (data) => data.holders }).data;
  return useMemo(() => (holders ?? []).filter((h) => h.userId !== userId), [holders, userId]);
}
