import { infiniteQueryOptions } from "@tanstack/react-query";
import { inboxApi } from "@/lib/client/inbox-api";

/** How often a search asks again while the server still reads conversations into its index. */
const PENDING_REFETCH_MS = 1_500;

/** Message search (GET /api/inbox/search): pages of hits, newest first, for the search box's text. */
export const searchQueries = {
  all: () => ["inbox", "search"] as const,
  messages: (q: string, limit?: number) =>
    infiniteQueryOptions({
      queryKey: [...searchQueries.all(), "messages", q, limit ?? null],
      queryFn: ({ pageParam, signal }) => inboxApi("search.messages", { query: { q, cursor: pageParam ?? undefined, limit }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      // New messages are indexed as they arrive; a minute-old answer is a fine start.
      staleTime: 60_000,
      // The first search of a conversation nobody opened reads it: ask again until none is left.
      refetchInterval: (query) => ((query.state.data?.pages.at(-1)?.pending ?? 0) > 0 ? PENDING_REFETCH_MS : false),
    }),
};
