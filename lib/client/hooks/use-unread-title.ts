"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { inboxQueries } from "@/lib/client/queries/inbox";

/** The tab's title carries the viewer's unread count in the inbox, "(3) Inbox · Team Inbox", to be seen from other tabs. */
export function useUnreadTitle(): void {
  const unread = useQuery(inboxQueries.counts()).data?.folders.inbox.unread;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, "");
    document.title = unread ? `(${unread}) ${base}` : base;
  }, [unread]);
}
