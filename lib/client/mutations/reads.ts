"use client";

import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ReadAnswer } from "@/lib/api/inbox";
import type { ReadMark } from "@/lib/api/read-state";
import { readUpTo, unreadFor } from "@/lib/api/read-state-rules";
import type { Thread } from "@/lib/api/threads";
import { OUTLIVES_PAGE } from "@/lib/client/api";
import { toastError } from "@/lib/client/errors";
import { patchThreadEverywhere } from "@/lib/client/mutations/threads";
import { inboxApi } from "@/lib/client/inbox-api";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { forgetThread, isNotFound } from "@/lib/client/thread/forget-thread";

/** Whether a thread is unread for the viewer: their own mark, else the owner's flag. */
export function useUnreadFor(): (thread: Pick<Thread, "id" | "unread" | "lastMessage">) => boolean {
  const reads = useQuery(inboxQueries.reads());
  const marks = reads.data;
  return useCallback((thread) => unreadFor(thread, marks?.get(thread.id)), [marks]);
}

const READ_MARKS = "read-marks";

/**
 * Marking a thread read or unread for the viewer (and, for the team owner, upstream too):
 * shown at once, rolled back with a toast when refused. The marks go to the server one after
 * another, in the order they were made (a scope of their own; the optimistic copy still shows at
 * once): opening a thread then `u` `u` sent three at the same moment, and when the server
 * answered the middle one last, its "unread" was left on screen and on the server.
 */
export function useMarkRead() {
  return useMutation(markReadMutation(useQueryClient()));
}

export function markReadMutation(queryClient: QueryClient) {
  const key = inboxQueries.reads().queryKey;
  return mutationOptions({
    scope: { id: READ_MARKS },
    mutationFn: ({ thread, read }: { thread: Thread; read: boolean }) => markRead(thread.id, read),
    onMutate: async ({ thread, read }) => {
      await queryClient.cancelQueries({ queryKey: key });
      // This thread's mark alone is put back if the write fails: marks made meanwhile stand.
      const before = queryClient.getQueryData(key)?.get(thread.id);
      const mark: ReadMark = { threadId: thread.id, readAt: read ? readUpTo(thread) : null };
      queryClient.setQueryData(key, (marks) => new Map(marks ?? []).set(thread.id, mark));
      return { before };
    },
    onError: (error, { thread, read }, context) => {
      if (isLastMarkOf(queryClient, thread.id)) {
        queryClient.setQueryData(key, (marks) => {
          const next = new Map(marks ?? []);
          if (context?.before) next.set(thread.id, context.before);
          else next.delete(thread.id);
          return next;
        });
      }
      // A thread that is gone is no failure to report: it leaves the lists (its pane, if open, says so).
      if (isNotFound(error)) void forgetThread(queryClient, thread.id);
      else toastError(read ? "Couldn't mark it read" : "Couldn't mark it unread", error);
    },
    onSuccess: (answer, { thread }) => {
      if (isLastMarkOf(queryClient, thread.id)) applyReadAnswer(queryClient, answer);
    },
    // Not awaited: the next mark need not wait for the counts to be read again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: inboxQueries.counts().queryKey }),
  });
}

/**
 * Whether no later mark of the thread is still to come (the one answering is pending too): a later
 * one has the last word, and this answer or failure would flicker the row back.
 */
function isLastMarkOf(queryClient: QueryClient, threadId: string): boolean {
  const marksOfThread = queryClient.getMutationCache().findAll({
    status: "pending",
    predicate: (mutation) => mutation.options.scope?.id === READ_MARKS && (mutation.state.variables as { thread?: Thread } | undefined)?.thread?.id === threadId,
  });
  return marksOfThread.length <= 1;
}

/**
 * Marks one thread read or unread for the viewer (POST /api/inbox/reads). Kept alive past the
 * page: a conversation opened and then left at once (a reload, a closed tab) is still read —
 * without it the browser cancelled the mark, and the row came back unread.
 */
export function markRead(threadId: string, read: boolean): Promise<ReadAnswer> {
  return inboxApi("reads.mark", { body: { threadId, read }, ...OUTLIVES_PAGE });
}

/** Puts the server's answer to a read change in the caches: the viewer's mark and the owner's flag. */
export function applyReadAnswer(queryClient: QueryClient, { mark, ownerUnread }: ReadAnswer): void {
  queryClient.setQueryData(inboxQueries.reads().queryKey, (marks) => new Map(marks ?? []).set(mark.threadId, mark));
  patchThreadEverywhere(queryClient, mark.threadId, (old) => (old.unread === ownerUnread ? old : { ...old, unread: ownerUnread }));
}
