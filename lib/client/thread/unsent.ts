import type { ActivityEntry } from "@/lib/api/activity";
import type { DeleteScope } from "@/lib/api/messages";
import { DELETE_SCOPES } from "@/lib/api/message-rules";
import type { Thread } from "@/lib/api/threads";

/**
 * What became of a message the team took back. The API sets `deletedAt` (and drops the words)
 * for both scopes of DELETE /messages, so only the inbox's activity log — who unsent what, and
 * how far — tells `self` ("only for the team": the contact still sees it) from `all`.
 */
type LogEntry = Pick<ActivityEntry, "action" | "messageId" | "after">;

/** How far a message was unsent, from the thread's activity log (newest first); null when the log does not say. */
export function deletionScope(messageId: string, log: readonly LogEntry[] | undefined): DeleteScope | null {
  const entry = log?.find((e) => e.action === "messages.delete" && e.messageId === messageId);
  const scope = (entry?.after as { scope?: unknown } | null | undefined)?.scope;
  return (DELETE_SCOPES as readonly unknown[]).includes(scope) ? (scope as DeleteScope) : null;
}

/** The placeholder in place of a message that was unsent, saying who still sees it. */
export function unsentSentence(scope: DeleteScope | null, contactFirstName: string): string {
  return scope === "self" ? `Hidden for the team — still visible to ${contactFirstName}` : "This message was unsent";
}

/** Whether the thread's last message was taken back: it is there, but has no words to preview. */
export function lastMessageUnsent(thread: Pick<Thread, "lastMessage" | "activity">): boolean {
  return thread.lastMessage !== null && thread.activity.preview === null && thread.lastMessage.preview === null;
}

/**
 * A row's (or pipeline card's) last line. A message hidden only for the team is still the last
 * one the contact sees, so the line stays on it and says so; only one unsent for everyone is
 * "unsent". `note` marks words of the inbox's own rather than the message's.
 */
export function previewLine(thread: Pick<Thread, "lastMessage" | "activity">, scope: DeleteScope | null): { you: boolean; text: string; note: boolean } {
  const you = thread.lastMessage?.direction === "outbound";
  if (thread.activity.preview !== null) return { you, text: thread.activity.preview, note: false };
  if (thread.lastMessage === null) return { you: false, text: "No messages yet", note: true };
  if (thread.lastMessage.preview !== null) return { you, text: thread.lastMessage.preview, note: false };
  return { you, text: scope === "self" ? "Hidden for the team" : "Message unsent", note: true };
}

/** The first word of a person's name, as the placeholder speaks of them. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}
