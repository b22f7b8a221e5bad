import { queryOptions } from "@tanstack/react-query";
import { inboxApi } from "@/lib/client/inbox-api";

/**
 * Scheduled sends (lib/api/scheduled-sends): a thread's, shown above its composer; server
 * events (`scheduledSend`) refresh them.
 */
export const scheduledSendQueries = {
  all: () => ["scheduled-sends"] as const,
  thread: (threadId: string) =>
    queryOptions({
      queryKey: [...scheduledSendQueries.all(), threadId],
      queryFn: ({ signal }) => inboxApi("scheduledSends.list", { query: { threadId }, signal }),
    }),
};
