"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NewSavedReply, SavedReplyPatch } from "@/lib/api/saved-replies";
import { inboxApi } from "@/lib/client/inbox-api";
import { inboxQueries } from "@/lib/client/queries/inbox";

/**
 * Changes to saved replies. Each waits for the server, which holds the rules (who may change
 * the team's library, one shortcut per library), then reads the list again; the forms show a
 * refusal as the error table's sentence and keep what was typed.
 */
export function useSavedReplyMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: inboxQueries.savedReplies().queryKey });
  return {
    create: useMutation({ mutationFn: (reply: NewSavedReply) => inboxApi("savedReplies.create", { body: reply }), onSettled: refresh }),
    update: useMutation({
      mutationFn: ({ replyId, patch }: { replyId: string; patch: SavedReplyPatch }) => inboxApi("savedReplies.update", { params: { replyId }, body: patch }),
      onSettled: refresh,
    }),
    remove: useMutation({ mutationFn: (replyId: string) => inboxApi("savedReplies.delete", { params: { replyId } }), onSettled: refresh }),
  };
}
