"use client";

import { useQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { Page } from "@/lib/api/primitives";
import type { Thread } from "@/lib/api/threads";
import { threadQueries } from "@/lib/client/queries/threads";

/**
 * The open thread (GET /threads/{id}, with its contact and profile), for every part of the page
 * that shows it: the shell's actions, the pane, the contact panel.
 *
 * A list read the same thread with the same fields: while that copy is current (its list is
 * neither marked out of date by an event nor being read again), it *is* the thread as of that
 * read, so it seeds the cache with the list's read time and the usual freshness decides whether
 * to ask again. Opening a row then makes no request of its own, and nothing draws twice when a
 * copy identical to the list's comes back (issue 18: the history drew again with every open).
 * A copy that may be behind is only shown while the thread's own read is on its way.
 */
export function useThreadDetail(threadId: string | null) {
  return useQuery(threadDetailOptions(useQueryClient(), threadId));
}

/** The detail query's options, its first data taken from the lists as said above. */
export function threadDetailOptions(queryClient: QueryClient, threadId: string | null) {
  // Looked up once, when the query asks (it asks only when it has no data of its own).
  const copy = once(() => (threadId ? listCopy(queryClient, threadId) : null));
  return {
    ...threadQueries.detail(threadId ?? "none"),
    enabled: threadId !== null,
    initialData: () => (copy()?.current ? copy()!.thread : undefined),
    initialDataUpdatedAt: () => (copy()?.current ? copy()!.updatedAt : undefined),
    placeholderData: () => copy()?.thread,
  };
}

type ListCopy = { thread: Thread; updatedAt: number; current: boolean };

/** The thread as a loaded list has it; the copy from a current list first. */
export function listCopy(queryClient: QueryClient, threadId: string): ListCopy | null {
  let behind: ListCopy | null = null;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: threadQueries.lists() })) {
    const data = query.state.data as InfiniteData<Page<Thread>> | undefined;
    const thread = data?.pages.flatMap((page) => page.data).find((t) => t.id === threadId);
    if (!thread) continue;
    const copy = { thread, updatedAt: query.state.dataUpdatedAt, current: !query.state.isInvalidated && query.state.fetchStatus === "idle" };
    if (copy.current) return copy;
    behind ??= copy;
  }
  return behind;
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}
