import { queryOptions } from "@tanstack/react-query";
import { inboxApi } from "@/lib/client/inbox-api";

/**
 * Internal comments (lib/api/comments): a thread's, drawn in its timeline, and the viewer's
 * mentions, for the Mentions view and its count. `comments` server events refresh both.
 */
export const commentQueries = {
  all: () => ["comments"] as const,
  thread: (threadId: string) =>
    queryOptions({
      queryKey: [...commentQueries.all(), "thread", threadId],
      queryFn: async ({ signal }) => (await inboxApi("comments.list", { query: { threadId }, signal })).data,
    }),
  mentions: () =>
    queryOptions({
      queryKey: [...commentQueries.all(), "mentions"],
      queryFn: ({ signal }) => inboxApi("mentions.list", { signal }),
      // Server events refresh it; the interval only covers a stream that is down.
      refetchInterval: 120_000,
    }),
};
