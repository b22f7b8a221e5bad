"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/api/errors";
import type { MessageTarget } from "@/lib/api/messages";
import { api } from "@/lib/client/api";
import { contactThreadQueries } from "@/lib/client/queries/contact-threads";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";

/**
 * Starting a conversation: the first message to a person on an account that has no thread
 * with them, which creates the thread. The caller keeps the `Idempotency-Key` of a failed
 * attempt and passes it again on retry, so a send that went through is never repeated.
 * No optimistic row: the thread does not exist until the API answers.
 */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ target, content, idempotencyKey }: { target: MessageTarget; content: string; idempotencyKey: string }) =>
      (await api.messages.send({ target, content }, { idempotencyKey })).body,
    onSuccess: (result) => {
      // Not awaited: the new thread opens at once; the lists catch up behind it.
      void refreshAfterStart(queryClient, result.thread.contactId);
    },
  });
}

export type Delivery = { delivered: true; threadId: string } | { delivered: false };

/**
 * After a 502 sendUnconfirmed the message may have left: it is never resent blindly, but read
 * by `details.messageId`. Found means delivered (open its thread); 404 means it never left.
 * Other errors are thrown: it is still unknown.
 */
export function useCheckDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ messageId }: { messageId: string; contactId: string | null }): Promise<Delivery> => {
      try {
        const { body } = await api.messages.get(messageId);
        return { delivered: true, threadId: body.threadId };
      } catch (error) {
        if (isApiError(error) && error.code === "messageNotFound") return { delivered: false };
        throw error;
      }
    },
    onSuccess: (delivery, { contactId }) => {
      if (delivery.delivered) void refreshAfterStart(queryClient, contactId);
    },
  });
}

function refreshAfterStart(queryClient: QueryClient, contactId: string | null) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: threadQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: inboxQueries.counts().queryKey }),
    contactId
      ? queryClient.invalidateQueries({ queryKey: contactThreadQueries.list(contactId).queryKey })
      : queryClient.invalidateQueries({ queryKey: contactThreadQueries.all() }),
  ]);
}
