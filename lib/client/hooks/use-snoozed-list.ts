"use client";

import { useCallback, useState } from "react";
import { threadSearchText } from "@/lib/api/thread-list-rules";
import { useSnoozes } from "@/lib/client/hooks/use-snoozes";
import type { ThreadListSource } from "@/lib/client/hooks/use-thread-list";

/**
 * The Snoozed view's rows, in the shape of `useThreadList`'s, so the list, its keyboard and its
 * selection work alike: every snoozed conversation the viewer may see, soonest back first, in
 * one page, narrowed by the search box's text. A row woken or snoozed again by this person leaves or stays at once.
 */
export function useSnoozedList(q: string | null): ThreadListSource {
  const { query, snoozed: all } = useSnoozes();
  // The search box narrows it as it narrows a folder (GET /threads' `q`: names, handles, the latest message).
  const needle = q?.trim().toLowerCase();
  const snoozed = needle ? all.filter((t) => threadSearchText(t.profile ?? null, t.activity.preview).includes(needle)) : all;
  // Rows taken out by hand, until the next answer says where they are.
  const [removed, setRemoved] = useState<{ at: number; ids: ReadonlySet<string> }>({ at: 0, ids: new Set() });
  const at = query.dataUpdatedAt;
  const rows = removed.at === at ? snoozed.filter((thread) => !removed.ids.has(thread.id)) : snoozed;
  const remove = useCallback((id: string) => setRemoved((r) => ({ at, ids: new Set(r.at === at ? r.ids : []).add(id) })), [at]);
  const noop = useCallback(() => {}, []);
  return {
    rows,
    pendingCount: 0,
    apply: noop,
    remove,
    touch: noop,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: () => Promise.resolve(),
  };
}
