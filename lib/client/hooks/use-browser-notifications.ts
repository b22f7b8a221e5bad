"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { onInboxEvent } from "@/lib/client/hooks/use-inbox-events";
import { inboxHref } from "@/lib/client/list/inbox-url";
import { notificationPermission, notificationText, shouldNotify } from "@/lib/client/notifications";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";
import { useViewer } from "@/lib/client/viewer";

/**
 * Raises a browser notification for each new inbound message the member asked to hear of
 * (lib/client/notifications), once this browser allows it. The thread is read through the
 * inbox's server afresh (its assignee decides the scope, and a copy cached in this tab would
 * hold the message before this one); each notification is tagged with the
 * message, so the member's other tabs replace it rather than add another. A click brings the
 * tab forward on that conversation.
 */
export function useBrowserNotifications(): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { memberId } = useViewer();

  useEffect(
    () =>
      onInboxEvent((event) => {
        if (event.type !== "api" || event.apiType !== "message.received" || !event.threadId) return;
        if (notificationPermission() !== "granted") return;
        const threadId = event.threadId;
        void (async () => {
          const [preferences, thread] = await Promise.all([queryClient.fetchQuery(inboxQueries.preferences()), queryClient.fetchQuery({ ...threadQueries.detail(threadId), staleTime: 0 })]);
          const open = new URLSearchParams(window.location.search).get("thread");
          const inView = document.visibilityState === "visible" ? open : null;
          if (!shouldNotify({ thread, memberId, scopes: preferences.notifications, inView })) return;
          const { title, body } = notificationText(thread);
          const notification = new Notification(title, { body, tag: event.messageId ?? threadId, icon: "/icon.svg" });
          notification.onclick = () => {
            window.focus();
            router.push(`/${inboxHref({ folder: thread.archived ? "archived" : "inbox", thread: thread.id })}`);
            notification.close();
          };
        })().catch(() => {
          // A notification is a courtesy: when the thread cannot be read now, the list still shows the message.
        });
      }),
    [queryClient, router, memberId],
  );
}
