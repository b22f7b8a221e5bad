"use client";

import type { QueryClient } from "@tanstack/react-query";
import type { InboxEvent } from "@/lib/api/inbox-events";
import { inboxHref } from "@/lib/client/list/inbox-url";
import { mentionNotificationText, notificationPermission, notificationText, shouldNotify, shouldNotifyMention } from "@/lib/client/notifications";
import { commentQueries } from "@/lib/client/queries/comments";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";
import { toast } from "@/lib/client/stores/toasts";
import { useUiStore } from "@/lib/client/stores/ui";

/**
 * What the inbox says when an event calls for an alert (lib/client/hooks/use-event-alerts picks
 * the events): loaded with the first such event, as most page loads raise none.
 */
export type AlertContext = { queryClient: QueryClient; open: (href: string) => void; userId: string; memberId: string | null };

export async function raiseAlert(event: InboxEvent, context: AlertContext): Promise<void> {
  if (event.type === "api" && event.threadId) await notifyMessage(event.threadId, event.messageId ?? event.threadId, context);
  else if (event.type === "comments") await notifyMention(event.commentId, context);
  else if (event.type === "scheduledSend") alertFailedSend(event.sendId, event.threadId, context);
}

/** The thread open in this tab while the tab is in sight, if any: nothing is raised for it. */
function inView(): string | null {
  return document.visibilityState === "visible" ? new URLSearchParams(window.location.search).get("thread") : null;
}

function notify(title: string, options: NotificationOptions & { tag: string }, open: () => void): void {
  const notification = new Notification(title, { ...options, icon: "/icon.svg" });
  notification.onclick = () => {
    window.focus();
    open();
    notification.close();
  };
}

/**
 * A browser notification for a new inbound message the member asked to hear of
 * (lib/client/notifications). The thread is read through the inbox's server afresh (its assignee
 * decides the scope, and a copy cached in this tab would hold the message before this one); the
 * notification is tagged with the message, so the member's other tabs replace it rather than add
 * another. A click brings the tab forward on that conversation.
 */
async function notifyMessage(threadId: string, tag: string, { queryClient, open, memberId }: AlertContext): Promise<void> {
  if (notificationPermission() !== "granted") return;
  const [preferences, thread] = await Promise.all([queryClient.fetchQuery(inboxQueries.preferences()), queryClient.fetchQuery({ ...threadQueries.detail(threadId), staleTime: 0 })]);
  if (!shouldNotify({ thread, memberId, scopes: preferences.notifications, inView: inView() })) return;
  const { title, body } = notificationText(thread);
  notify(title, { body, tag }, () => open(`/${inboxHref({ folder: thread.archived ? "archived" : "inbox", thread: thread.id })}`));
}

/**
 * A teammate mentioned the member: always a toast, and a browser notification when their
 * preference and the browser allow it. Both open the conversation at the comment. The mention is
 * read afresh from the Mentions list (the event names, the list says what), which also updates
 * the count; a notification is tagged with the comment, so the member's other tabs replace it.
 */
async function notifyMention(commentId: string, { queryClient, open }: AlertContext): Promise<void> {
  const [preferences, list] = await Promise.all([queryClient.fetchQuery(inboxQueries.preferences()), queryClient.fetchQuery({ ...commentQueries.mentions(), staleTime: 0 })]);
  const mention = list.data.find((m) => m.commentId === commentId);
  if (!mention) return;
  const href = `/${inboxHref({ view: "mentions", thread: mention.threadId, comment: mention.commentId })}`;
  const openComment = () => {
    useUiStore.getState().askCommentJump(mention.commentId);
    open(href);
  };
  const { title, body } = mentionNotificationText(mention);
  toast({ title, description: body, action: { label: "Open", onAction: openComment } });
  if (!shouldNotifyMention({ wanted: preferences.mentions, permission: notificationPermission(), threadId: mention.threadId, inView: inView() })) return;
  notify(title, { body, tag: `mention-${mention.commentId}` }, openComment);
}

/**
 * A send the member scheduled failed (lib/api/scheduled-sends): a toast that opens the
 * conversation, where the words wait with the reason, and a browser notification when this
 * browser allows them and the inbox is out of sight. Each of their tabs hears it; the
 * notification's tag keeps it to one.
 */
function alertFailedSend(sendId: string, threadId: string, { open }: AlertContext): void {
  const href = `/${inboxHref({ folder: "inbox", thread: threadId })}`;
  toast({ title: "A scheduled message wasn't sent", description: "Its words are kept in the conversation, with the reason.", variant: "destructive", action: { label: "Open", onAction: () => open(href) } });
  if (document.visibilityState === "visible" || notificationPermission() !== "granted") return;
  notify("A scheduled message wasn't sent", { body: "Open the conversation to see why; its words are kept.", tag: `scheduled-${sendId}` }, () => open(href));
}
