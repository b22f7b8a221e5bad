import { infiniteQueryOptions } from "@tanstack/react-query";
import { inboxApi } from "@/lib/client/inbox-api";

/** Message search (GET /api/inbox/search): pages of hits, newest first, for the search box's text. */
export const searchQueries = {
  all: () => ["inbox", "search"] as const,
  messages: (q: string) =>
    infiniteQueryOptions({
      queryKey: [...searchQueries.all(), "messages", q],
      queryFn: ({ pageParam, signal }) => inboxApi("search.messages", { query: { q, cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      // New messages are indexed as they arrive; a minute-old answer is a fine start.
      staleTime: 60_000,
    }),
};
