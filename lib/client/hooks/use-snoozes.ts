"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { Snooze } from "@/lib/api/snoozes";
import { isSnoozed } from "@/lib/api/snooze-rules";
import type { Thread } from "@/lib/api/threads";
import { snoozeQueries } from "@/lib/client/queries/snoozes";

export type ThreadSnoozes = { snooze?: Snooze; followUp?: Snooze };

/**
 * The team's snoozes and reminders as the inbox's screens use them: by thread, the snoozed
 * conversations (soonest back first), and the inbox's clock — the server's `now` carried
 * forward, so the menu's "tomorrow" is the inbox's tomorrow even when the browser's clock differs.
 */
export function useSnoozes() {
  const query = useQuery(snoozeQueries.list());
  const { data, dataUpdatedAt } = query;
  const byThread = useMemo(() => {
    const map = new Map<string, ThreadSnoozes>();
    for (const entry of data?.data ?? []) map.set(entry.threadId, { ...map.get(entry.threadId), [entry.kind]: entry });
    return map as ReadonlyMap<string, ThreadSnoozes>;
  }, [data]);
  const snoozed = useMemo(
    () =>
      (data?.data ?? [])
        .filter((entry): entry is typeof entry & { thread: Thread } => isSnoozed(entry) && entry.thread !== null)
        .sort((a, b) => (a.until ? Date.parse(a.until) : Infinity) - (b.until ? Date.parse(b.until) : Infinity))
        .map((entry) => entry.thread),
    [data],
  );
  const offset = data ? Date.parse(data.now) - dataUpdatedAt : 0;
  const inboxNow = useCallback(() => new Date(Date.now() + offset), [offset]);
  return { query, byThread, snoozed, inboxNow };
}
