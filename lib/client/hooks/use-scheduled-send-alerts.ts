"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { onInboxEvent } from "@/lib/client/hooks/use-inbox-events";
import { inboxHref } from "@/lib/client/list/inbox-url";
import { notificationPermission } from "@/lib/client/notifications";
import { toast } from "@/lib/client/stores/toasts";
import { useViewer } from "@/lib/client/viewer";

/**
 * Tells the author when a send they scheduled fails (lib/api/scheduled-sends): a toast that
 * opens the conversation, where the words wait with the reason, and a browser notification
 * when this browser allows them and the inbox is out of sight. Each of their tabs hears it; the
 * notification's tag keeps it to one.
 */
export function useScheduledSendAlerts(): void {
  const router = useRouter();
  const { userId } = useViewer();

  useEffect(
    () =>
      onInboxEvent((event) => {
        if (event.type !== "scheduledSend" || event.state !== "failed" || event.authorId !== userId) return;
        const open = () => router.push(`/${inboxHref({ folder: "inbox", thread: event.threadId })}`);
        toast({ title: "A scheduled message wasn't sent", description: "Its words are kept in the conversation, with the reason.", variant: "destructive", action: { label: "Open", onAction: open } });
        if (document.visibilityState === "visible" || notificationPermission() !== "granted") return;
        const notification = new Notification("A scheduled message wasn't sent", { body: "Open the conversation to see why; its words are kept.", tag: `scheduled-${event.sendId}`, icon: "/icon.svg" });
        notification.onclick = () => {
          window.focus();
          open();
          notification.close();
        };
      }),
    [router, userId],
  );
}
