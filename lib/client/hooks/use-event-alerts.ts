"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import type { InboxEvent } from "@/lib/api/inbox-events";
import { onInboxEvent } from "@/lib/client/hooks/use-inbox-events";
import { useViewer } from "@/lib/client/viewer";

/** The alerts a page raises from the event stream: see lib/client/alerts for what each says. */
export type AlertKind = "messages" | "mentions" | "failedSends";

/** Which kind of alert an event calls for, if any, for this user. */
export function alertKindOf(event: InboxEvent, userId: string): AlertKind | null {
  if (event.type === "api" && event.apiType === "message.received" && event.threadId) return "messages";
  if (event.type === "comments" && event.mentioned.includes(userId)) return "mentions";
  if (event.type === "scheduledSend" && event.state === "failed" && event.authorId === userId) return "failedSends";
  return null;
}

/**
 * Raises the page's alerts (`kinds`) from the inbox's event stream: a browser notification for a
 * new message the member asked to hear of, a toast (and a notification) for a mention of them
 * and for a send they scheduled that failed. Only the choice of events is here; what is said and
 * shown (lib/client/alerts) loads with the first event that calls for it, so it is not part of
 * the page's first load. `kinds` is a constant of the page's (a new array each render would
 * subscribe again each render).
 */
export function useEventAlerts(kinds: readonly AlertKind[]): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { userId, memberId } = useViewer();

  useEffect(
    () =>
      onInboxEvent((event) => {
        const kind = alertKindOf(event, userId);
        if (kind === null || !kinds.includes(kind)) return;
        void import("@/lib/client/alerts")
          .then(({ raiseAlert }) => raiseAlert(event, { queryClient, open: (href) => router.push(href), userId, memberId }))
          .catch(() => {
            // An alert is a courtesy: when what it says cannot be read now, the lists and counts still show the change.
          });
      }),
    [queryClient, router, userId, memberId, kinds],
  );
}
