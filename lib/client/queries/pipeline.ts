import { queryOptions } from "@tanstack/react-query";
import { stageTimes } from "@/lib/api/pipeline";
import { getJson, inboxQueries } from "@/lib/client/queries/inbox";

/**
 * When contacts entered their stage, as the inbox recorded it. Kept under the activity log's
 * key: it is read from that log, so whatever refreshes the log refreshes this.
 */
export const pipelineQueries = {
  stageTimes: () =>
    queryOptions({
      queryKey: [...inboxQueries.activityAll(), "stageTimes"] as const,
      queryFn: async ({ signal }) => (await getJson("/api/inbox/stage-times", stageTimes, signal)).data,
    }),
};
