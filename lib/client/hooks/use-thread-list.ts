"use client";

import { hashKey, useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Thread } from "@/lib/api/threads";
import { inFolder } from "@/lib/api/thread-list-rules";
import { normalizeFilters, threadQueries, type ThreadFilters } from "@/lib/client/queries/threads";
import { changedByOwnSince, isGone, ownChangeCount } from "@/lib/client/list/own-changes";
import { EMPTY_SNAPSHOT, pendingChanges, rowsToShow, settleList, snapshotOf, withoutRow, type ListState, type OwnChanges } from "@/lib/client/list/stable-list";
import { isServerCopy } from "@/lib/client/server-state";
import { sentFromThisTab } from "@/lib/client/thread/sent-here";

/** What the list pane shows, from a folder's pages (`useThreadList`) or another source (the Snoozed view). */
export type ThreadListSource = Omit<ReturnType<typeof useThreadList>, "fetchNextPage" | "refetch"> & {
  fetchNextPage(): Promise<unknown>;
  refetch(): Promise<unknown>;
};

/** How long the list must be left alone before held-back changes apply by themselves. */
export const IDLE_APPLY_MS = 10_000;

/**
 * A view's threads, as the person sees them: fetched page by page over cursors, refreshed in
 * the background, and kept still while they work (lib/client/list/stable-list). `touch()` marks
 * activity in the list; after `IDLE_APPLY_MS` without any, held-back changes apply.
 */
export function useThreadList(filters: ThreadFilters) {
  // Server events refresh the list; the slow interval only covers a stream that is down.
  const options = threadQueries.list(filters);
  const query = useInfiniteQuery({ ...options, refetchInterval: 120_000 });
  const viewKey = JSON.stringify(normalizeFilters(filters));
  const fresh = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  // The server page's copy, shown until it is read again (lib/client/server-state).
  const serverCopy = query.data !== undefined && isServerCopy(hashKey(options.queryKey), query.dataUpdatedAt);

  const [state, setState] = useState<ListState>({ viewKey, snapshot: EMPTY_SNAPSHOT });
  // The last contents seen of every row, for rows that left the fresh data but stay on screen.
  const [seen, setSeen] = useState<{ fresh: Thread[]; rows: ReadonlyMap<string, Thread> }>({ fresh: [], rows: new Map() });
  if (seen.fresh !== fresh) {
    const rows = new Map(seen.rows);
    for (const thread of fresh) rows.set(thread.id, thread);
    setSeen({ fresh, rows });
  }
  const lastTouch = useRef(0);

  // (State derived during render, as React recommends over an effect: it settles in one pass.)
  const settled = settleList(state, viewKey, fresh, serverCopy, ownChangeCount());
  const snapshot = settled.snapshot;
  if (settled !== state) setState(settled);

  // The person's own replies and assignments since the snapshot apply in place, uncounted.
  const own = useMemo<OwnChanges>(() => {
    const byId = new Map(fresh.map((t) => [t.id, t]));
    return {
      // The row's latest message is one this tab sent.
      activity: (id) => {
        const last = byId.get(id)?.lastMessage;
        return last !== null && last !== undefined && sentFromThisTab.has(last.id);
      },
      membership: (id) => {
        const thread = byId.get(id) ?? seen.rows.get(id);
        return changedByOwnSince({ id, contactId: thread?.contactId }, snapshot.ownSeen);
      },
    };
  }, [fresh, seen.rows, snapshot.ownSeen]);
  const pending = useMemo(() => pendingChanges(snapshot, fresh, own), [snapshot, fresh, own]);
  // A row the person changed so that it no longer belongs here leaves at once (their own action), and so does a thread that is gone.
  const readAt = query.dataUpdatedAt;
  const rows = useMemo(() => {
    const held = new Set(fresh.map((t) => t.id));
    return rowsToShow(snapshot, fresh, seen.rows, own).filter((t) => !isGone(t.id, { at: readAt, holds: held.has(t.id) }) && (!filters.folder || inFolder(t, filters.folder)));
  }, [snapshot, fresh, readAt, seen.rows, filters.folder, own]);

  // `setState` named as a dependency: the hooks lint cannot tell it is stable once render passes the state through settleList.
  const apply = useCallback(() => setState({ viewKey, snapshot: snapshotOf(fresh, ownChangeCount()) }), [viewKey, fresh, setState]);
  const remove = useCallback((id: string) => setState((s) => ({ ...s, snapshot: withoutRow(s.snapshot, id) })), [setState]);
  const touch = useCallback(() => {
    lastTouch.current = Date.now();
  }, []);

  useEffect(() => {
    if (pending.size === 0) return;
    const timer = setInterval(() => {
      if (Date.now() - lastTouch.current >= IDLE_APPLY_MS) apply();
    }, 2_000);
    return () => clearInterval(timer);
  }, [pending, apply]);

  // One object while none of its parts changes: the list pane is memoized on it, so a thread
  // opening (a new URL, a read mark) does not draw every row again.
  const { isPending, isError, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const pendingCount = pending.size;
  return useMemo(
    () => ({ rows, pendingCount, apply, remove, touch, isPending, isError, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage }),
    [rows, pendingCount, apply, remove, touch, isPending, isError, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage],
  );
}
