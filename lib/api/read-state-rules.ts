import type { ReadMark } from "./read-state";
import type { Thread } from "./threads";

/**
 * How a member's read marks (lib/api/read-state) read: the list shows them, so they are apart
 * from the schemas and the browser takes them without zod (issue 18).
 */
export function unreadFor(thread: Pick<Thread, "unread" | "lastMessage">, mark: Pick<ReadMark, "readAt"> | undefined): boolean {
  if (!mark) return thread.unread;
  if (mark.readAt === null) return true;
  const last = thread.lastMessage;
  return last !== null && last.direction === "inbound" && Date.parse(last.sentAt) > Date.parse(mark.readAt);
}

/** What a mark reads up to: the thread's newest message (or its activity, when it has none). */
export function readUpTo(thread: Pick<Thread, "lastMessage" | "activity">): string {
  return thread.lastMessage?.sentAt ?? thread.activity.at;
}
