import type { Mention } from "@/lib/api/comments";
import type { NotificationScopes, NotifyScope } from "@/lib/api/preferences";
import type { Thread } from "@/lib/api/threads";
import { personName } from "@/lib/client/format";

/**
 * Browser notifications for new inbound messages: whose conversation it is decides which of
 * the member's scopes (lib/api/preferences) it falls under, and a conversation already in
 * front of the member raises none.
 */
export function scopeOf(thread: Pick<Thread, "assigneeId">, memberId: string | null): NotifyScope {
  if (thread.assigneeId === null) return "unassigned";
  return memberId !== null && thread.assigneeId === memberId ? "assignedToMe" : "others";
}

export function shouldNotify(input: {
  thread: Pick<Thread, "id" | "assigneeId">;
  memberId: string | null;
  scopes: NotificationScopes;
  /** The thread open in this tab while the tab is visible, if any. */
  inView: string | null;
}): boolean {
  if (input.inView === input.thread.id) return false;
  return input.scopes[scopeOf(input.thread, input.memberId)];
}

/** What the notification says: who wrote, and the start of what they wrote. */
export function notificationText(thread: Pick<Thread, "profile" | "lastMessage" | "activity">): { title: string; body: string } {
  const preview = thread.lastMessage?.direction === "inbound" ? thread.lastMessage.preview : thread.activity.preview;
  return { title: personName(thread.profile), body: preview?.trim() || "Sent an attachment" };
}

/** Where the browser stands: notifications cannot be offered, are not yet asked for, allowed or blocked. */
export type NotificationPermissionState = "unsupported" | NotificationPermission;

export function notificationPermission(): NotificationPermissionState {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

/**
 * Whether a mention of the member raises a browser notification: they asked for it (their
 * `mentions` preference), the browser allows it, and the conversation is not already in front
 * of them. The in-app toast and the Mentions count come whatever this says.
 */
export function shouldNotifyMention(input: { wanted: boolean; permission: NotificationPermissionState; threadId: string; inView: string | null }): boolean {
  return input.wanted && input.permission === "granted" && input.inView !== input.threadId;
}

/** What a mention's notification says: who, where, and the start of the comment. */
export function mentionNotificationText(mention: Pick<Mention, "byName" | "snippet" | "thread">): { title: string; body: string } {
  const where = mention.thread ? personName(mention.thread.profile) : "a conversation";
  return { title: `${mention.byName} mentioned you`, body: `On ${where}: ${mention.snippet}` };
}
