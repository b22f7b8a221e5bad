"use client";

import { HydrationBoundary, useQueryClient, type DehydratedState } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";

/**
 * Hands the server page's reads to the browser's react-query cache, and treats them as what
 * they are: a copy that may be behind. The server read them before the page left it — a
 * change the person made just before (an archive, then a link to Archived) may not have landed
 * yet — so each is read again once the page is live, showing the server's copy meanwhile (no
 * empty flash). Until then `isServerCopy` says so, and a list does not take the copy as the
 * order the person works in (lib/client/hooks/use-thread-list).
 */
export function ServerState({ state, children }: { state: DehydratedState; children: ReactNode }) {
  const queryClient = useQueryClient();
  // Noted while rendering: the hydrating render must already know (idempotent, so a second render is harmless).
  for (const query of state.queries) if (query.state.status === "success") serverCopies.set(query.queryHash, query.state.dataUpdatedAt);
  useEffect(() => {
    for (const query of state.queries) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }, [state, queryClient]);
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}

/** Each handed-over query's hash, with when the server read it. */
const serverCopies = new Map<string, number>();

/** Whether a query's data is still the copy the server handed over (not read again, nor changed, since). */
export function isServerCopy(queryHash: string, dataUpdatedAt: number): boolean {
  return serverCopies.get(queryHash) === dataUpdatedAt;
}
