"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { buildBoard, type BoardFilters, type PipelineColumn } from "@/lib/client/pipeline/pipeline";
import { pipelineQueries } from "@/lib/client/queries/pipeline";
import { teamQueries } from "@/lib/client/queries/team";

/** The board's columns for the filters, with moves still on their way shown where they were dropped. */
export function usePipelineBoard(filters: BoardFilters, pending: ReadonlyMap<string, string | null>) {
  const threads = useQuery(pipelineQueries.board());
  const statuses = useQuery(teamQueries.statuses());
  const times = useQuery(pipelineQueries.stageTimes());

  const columns: PipelineColumn[] | undefined = useMemo(() => {
    if (!threads.data || !statuses.data) return undefined;
    return buildBoard(threads.data.pages.flatMap((p) => p.data), statuses.data, filters, times.data, pending);
  }, [threads.data, statuses.data, filters, times.data, pending]);

  return {
    columns,
    statuses: statuses.data,
    isPending: threads.isPending || statuses.isPending,
    error: threads.error ?? statuses.error,
    retry: () => Promise.all([threads.refetch(), statuses.refetch()]),
  };
}
