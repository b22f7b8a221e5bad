import { queryOptions } from "@tanstack/react-query";
import { inboxApi } from "@/lib/client/inbox-api";
import { inboxQueries } from "@/lib/client/queries/inbox";

/**
 * Routing's reads (lib/api/routing). Kept under the counts' key, so the server events that
 * refresh the counts (an assignment, an archive) refresh who is available and what waits too;
 * the interval covers members going idle, which no event announces.
 */
export const routingQueries = {
  all: () => [...inboxQueries.all(), "counts", "routing"] as const,
  /** Everyone's availability, by member ID. */
  availability: () =>
    queryOptions({
      queryKey: [...routingQueries.all(), "availability"],
      queryFn: async ({ signal }) => new Map((await inboxApi("availability.list", { signal })).data.map((a) => [a.memberId, a])),
      refetchInterval: 60_000,
    }),
  /** Managers: every link's rule, capacities and the queue. */
  overview: () =>
    queryOptions({
      queryKey: [...routingQueries.all(), "overview"],
      queryFn: ({ signal }) => inboxApi("routing.get", { signal }),
      refetchInterval: 30_000,
    }),
};
