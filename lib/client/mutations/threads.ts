"use client";

import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { Page } from "@/lib/api/primitives";
import type { Thread, ThreadPatch } from "@/lib/api/threads";
import { api, OUTLIVES_PAGE } from "@/lib/client/api";
import { toastError } from "@/lib/client/errors";
import { noteOwnChange } from "@/lib/client/list/own-changes";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";

/**
 * Changing a thread (archive, read, assign, typing setting): shown at once in every list and
 * in the open thread, rolled back with a toast when the API refuses, then reconciled.
 */
export function useUpdateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ threadId, patch }: { threadId: string; patch: ThreadPatch; label?: string }) =>
      (await api.threads.update(threadId, patch, OUTLIVES_PAGE)).body,
    onMutate: async ({ threadId, patch }) => {
      noteOwnChange({ threadId });
      await queryClient.cancelQueries({ queryKey: threadQueries.all() });
      const restore = snapshotThread(queryClient, threadId);
      patchThreadEverywhere(queryClient, threadId, (t) => applyPatch(t, patch));
      return { restore };
    },
    onError: (error, { label }, context) => {
      context?.restore();
      toastError(label ? `Couldn't ${label}` : "Couldn't change the conversation", error);
    },
    onSuccess: (thread) => patchThreadEverywhere(queryClient, thread.id, (old) => ({ ...old, ...thread, contact: thread.contact ?? old.contact, profile: thread.profile ?? old.profile })),
    onSettled: (_data, _error, { threadId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxQueries.counts().queryKey }),
        queryClient.invalidateQueries({ queryKey: threadQueries.detail(threadId).queryKey }),
      ]),
  });
}

/** The optimistic view of a PATCH: what the API will answer, as far as the client can tell. */
export function applyPatch(thread: Thread, patch: ThreadPatch): Thread {
  const next: Thread = { ...thread };
  if (patch.archived !== undefined) next.archived = patch.archived;
  if (patch.unread !== undefined) next.unread = patch.unread;
  if (patch.typingIndicators !== undefined) next.typingIndicators = patch.typingIndicators;
  if (patch.assigneeId !== undefined) {
    // Clearing the thread's own assignee falls back to the contact's.
    next.assigneeId = patch.assigneeId ?? thread.contact?.assigneeId ?? null;
    next.assigneeSource = patch.assigneeId ? "thread" : next.assigneeId ? "contact" : null;
  }
  return next;
}

/** Applies a change to a thread wherever it is cached: every list page and its detail. */
export function patchThreadEverywhere(queryClient: QueryClient, threadId: string, change: (thread: Thread) => Thread): void {
  queryClient.setQueriesData<InfiniteData<Page<Thread>>>({ queryKey: threadQueries.lists() }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map((t) => (t.id === threadId ? change(t) : t)) })) }
      : data,
  );
  queryClient.setQueryData<Thread>(threadQueries.detail(threadId).queryKey, (t) => (t ? change(t) : t));
}

/** What the caches hold for a thread now, as a function that puts it back. */
export function snapshotThread(queryClient: QueryClient, threadId: string): () => void {
  const lists = queryClient.getQueriesData<InfiniteData<Page<Thread>>>({ queryKey: threadQueries.lists() });
  const detail = queryClient.getQueryData<Thread>(threadQueries.detail(threadId).queryKey);
  return () => {
    for (const [key, data] of lists) queryClient.setQueryData(key, data);
    queryClient.setQueryData(threadQueries.detail(threadId).queryKey, detail);
  };
}
