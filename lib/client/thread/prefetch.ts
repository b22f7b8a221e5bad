import type { QueryClient } from "@tanstack/react-query";
import { commentQueries } from "@/lib/client/queries/comments";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { scheduledSendQueries } from "@/lib/client/queries/scheduled-sends";
import { threadQueries } from "@/lib/client/queries/threads";

/**
 * Reads ahead what the thread pane shows of a thread — its latest messages, its activity
 * (who sent what), its comments, the viewer's draft, its scheduled sends — with the pane's own
 * query keys, so opening it draws from the cache at once. Only what the cache lacks (or was
 * told is out of date) is read: `staleTime: Infinity` here, so reading ahead never refreshes
 * what events keep current anyway, and a person browsing costs the API no repeat reads.
 */
export function prefetchThread(queryClient: QueryClient, threadId: string): Promise<unknown> {
  const ahead = { staleTime: Number.POSITIVE_INFINITY } as const;
  return Promise.all([
    queryClient.prefetchInfiniteQuery({ ...threadQueries.messages(threadId), ...ahead }),
    queryClient.prefetchQuery({ ...inboxQueries.activity(threadId), ...ahead }),
    queryClient.prefetchQuery({ ...commentQueries.thread(threadId), ...ahead }),
    queryClient.prefetchQuery({ ...inboxQueries.drafts(threadId), ...ahead }),
    queryClient.prefetchQuery({ ...scheduledSendQueries.thread(threadId), ...ahead }),
  ]);
}

/** What the pane reads once for every thread (the viewer's preferences, saved replies, the users to mention). */
export function prefetchPaneBasics(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(inboxQueries.preferences()),
    queryClient.prefetchQuery(inboxQueries.savedReplies()),
    queryClient.prefetchQuery(inboxQueries.users()),
  ]);
}
