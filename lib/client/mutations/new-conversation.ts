"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/api/client";
import { ApiError, isApiError } from "@/lib/api/errors";
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
 * by `details.messageId` (lib/api/messages: `delivery`). Delivered (`sent`, or no `delivery`):
 * open its thread. `failed`, or 404: it never left. Still `pending`, or any other error: thrown,
 * as it is still unknown.
 */
export function useCheckDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId }: { messageId: string; contactId: string | null }) => readDelivery(api, messageId),
    onSuccess: (delivery, { contactId }) => {
      if (delivery.delivered) void refreshAfterStart(queryClient, contactId);
    },
  });
}

/** How an unconfirmed send stands, read once; still pending (or unreadable) throws. */
export async function readDelivery(client: { messages: Pick<ApiClient["messages"], "get"> }, messageId: string): Promise<Delivery> {
  let body;
  try {
    ({ body } = await client.messages.get(messageId));
  } catch (error) {
    if (isApiError(error) && error.code === "messageNotFound") return { delivered: false };
    throw error;
  }
  if (body.delivery === "failed") return { delivered: false };
  if (body.delivery === "pending") throw new ApiError({ status: 502, code: "sendUnconfirmed", details: { messageId } });
  return { delivered: true, threadId: body.threadId };
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
