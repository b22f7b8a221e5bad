"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { buildBoard, type BoardFilters, type PipelineColumn } from "@/lib/client/pipeline";
import { pipelineQueries } from "@/lib/client/queries/pipeline";
import { teamQueries } from "@/lib/client/queries/team";
import { threadQueries } from "@/lib/client/queries/threads";

/**
 * The board's data: every conversation in every folder (the "All" view's own list, so the
 * inbox's optimistic contact changes and server events move cards with no code of their own),
 * read page after page from the inbox's server, which answers lists from its index without
 * spending the team's API quota.
 */
export function usePipelineBoard(filters: BoardFilters, pending: ReadonlyMap<string, string | null>) {
  const threads = useInfiniteQuery(threadQueries.list({ folder: "all" }));
  const statuses = useQuery(teamQueries.statuses());
  const times = useQuery(pipelineQueries.stageTimes());

  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = threads;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const columns: PipelineColumn[] | undefined = useMemo(() => {
    if (!threads.data || !statuses.data) return undefined;
    return buildBoard(threads.data.pages.flatMap((p) => p.data), statuses.data, filters, times.data, pending);
  }, [threads.data, statuses.data, filters, times.data, pending]);

  return {
    columns,
    statuses: statuses.data,
    isPending: threads.isPending || statuses.isPending,
    error: threads.error ?? statuses.error,
    /** More pages are still being read: counts and totals are not final yet. */
    isLoadingMore: Boolean(hasNextPage) && !isError,
    retry: () => Promise.all([threads.refetch(), statuses.refetch()]),
  };
}
