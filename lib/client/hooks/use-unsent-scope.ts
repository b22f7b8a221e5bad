"use client";

import { useQuery } from "@tanstack/react-query";
import type { DeleteScope } from "@/lib/api/messages";
import type { Thread } from "@/lib/api/threads";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { deletionScope, lastMessageUnsent } from "@/lib/client/thread/unsent";

/**
 * How far a thread's last message was unsent, when it was (lib/client/thread/unsent). Only such
 * threads read their activity log — the inbox's own database, no quota — and the open thread's
 * copy is shared, so a row and the history never disagree.
 */
export function useLastMessageUnsentScope(thread: Pick<Thread, "id" | "lastMessage" | "activity">): DeleteScope | null {
  const unsent = lastMessageUnsent(thread);
  const log = useQuery({ ...inboxQueries.activity(thread.id), enabled: unsent });
  return unsent && thread.lastMessage ? deletionScope(thread.lastMessage.id, log.data) : null;
}
