"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Comment } from "@/lib/api/comments";
import { toastError } from "@/lib/client/errors";
import { inboxApi } from "@/lib/client/inbox-api";
import { commentQueries } from "@/lib/client/queries/comments";

/**
 * Writing, editing and deleting internal comments (lib/api/comments). One place shows a
 * thread's comments (its timeline), so the answer is put in the cache at once and the list read
 * again; the `comments` server event tells the other browsers. A refusal keeps the text where
 * it was typed and says why in a toast (the caller's `onError` may say more).
 */
export function useCreateComment(threadId: string) {
  const settle = useSettle(threadId);
  return useMutation({
    mutationFn: (input: { body: string; mentions: string[] }) => inboxApi("comments.create", { body: { threadId, ...input } }),
    onSuccess: (made) => settle((list) => [...list.filter((c) => c.id !== made.id), made]),
    onError: (error) => toastError("Couldn't add the comment", error),
  });
}

export function useEditComment(threadId: string) {
  const settle = useSettle(threadId);
  return useMutation({
    mutationFn: ({ commentId, ...body }: { commentId: string; body: string; mentions: string[] }) => inboxApi("comments.update", { params: { commentId }, body }),
    onSuccess: (edited) => settle((list) => list.map((c) => (c.id === edited.id ? edited : c))),
    onError: (error) => toastError("Couldn't save the comment", error),
  });
}

export function useDeleteComment(threadId: string) {
  const settle = useSettle(threadId);
  return useMutation({
    mutationFn: async (commentId: string) => {
      await inboxApi("comments.delete", { params: { commentId } });
      return commentId;
    },
    onSuccess: (commentId) => settle((list) => list.filter((c) => c.id !== commentId)),
    onError: (error) => toastError("Couldn't delete the comment", error),
  });
}

function useSettle(threadId: string) {
  const queryClient = useQueryClient();
  const key = commentQueries.thread(threadId).queryKey;
  return (change: (list: Comment[]) => Comment[]) => {
    queryClient.setQueryData(key, (list) => (list ? change(list) : list));
    return queryClient.invalidateQueries({ queryKey: key });
  };
}
