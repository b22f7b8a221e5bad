"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { onInboxEvent } from "@/lib/client/hooks/use-inbox-events";
import { inboxHref } from "@/lib/client/list/inbox-url";
import { mentionNotificationText, notificationPermission, shouldNotifyMention } from "@/lib/client/notifications";
import { commentQueries } from "@/lib/client/queries/comments";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { toast } from "@/lib/client/stores/toasts";
import { useViewer } from "@/lib/client/viewer";

/**
 * Tells the member a teammate mentioned them (a `comments` event naming them): always a toast
 * in the inbox, and a browser notification when their preference and the browser allow it
 * (lib/client/notifications). Both open the conversation at the comment. The mention is read
 * afresh from the Mentions list (the event names, the list says what), which also updates the
 * count; a notification is tagged with the comment, so the member's other tabs replace it.
 */
export function useMentionNotifications(): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { userId } = useViewer();

  useEffect(
    () =>
      onInboxEvent((event) => {
        if (event.type !== "comments" || !event.mentioned.includes(userId)) return;
        void (async () => {
          const [preferences, list] = await Promise.all([queryClient.fetchQuery(inboxQueries.preferences()), queryClient.fetchQuery({ ...commentQueries.mentions(), staleTime: 0 })]);
          const mention = list.data.find((m) => m.commentId === event.commentId);
          if (!mention) return;
          const href = `/${inboxHref({ view: "mentions", thread: mention.threadId, comment: mention.commentId })}`;
          const { title, body } = mentionNotificationText(mention);
          toast({ title, description: body, action: { label: "Open", onAction: () => router.push(href) } });
          const open = new URLSearchParams(window.location.search).get("thread");
          const inView = document.visibilityState === "visible" ? open : null;
          if (!shouldNotifyMention({ wanted: preferences.mentions, permission: notificationPermission(), threadId: mention.threadId, inView })) return;
          const notification = new Notification(title, { body, tag: `mention-${mention.commentId}`, icon: "/icon.svg" });
          notification.onclick = () => {
            window.focus();
            router.push(href);
            notification.close();
          };
        })().catch(() => {
          // A courtesy: when the mentions cannot be read now, the count catches up with the next read.
        });
      }),
    [queryClient, router, userId],
  );
}
