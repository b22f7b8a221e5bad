import { queryOptions, type InfiniteData } from "@tanstack/react-query";
import type { Page } from "@/lib/api/primitives";
import type { Thread } from "@/lib/api/threads";
import { api } from "@/lib/client/api";
import { inboxApi } from "@/lib/client/inbox-api";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";

/** The board reads the team's threads 100 at a time: the most a page may hold. */
const BOARD_PAGE_SIZE = 100;

export const pipelineQueries = {
  /**
   * Every conversation in every folder, read whole in one query so the board's counts and
   * totals are never of a part. It is a thread list shaped like the infinite ones, so the
   * inbox's optimistic contact changes patch it and server events refresh it like any list;
   * the inbox's server answers lists from its index, without spending the team's API quota.
   */
  board: () =>
    queryOptions({
      queryKey: [...threadQueries.lists(), "pipeline"] as const,
      queryFn: async ({ signal }): Promise<InfiniteData<Page<Thread>, string | null>> => {
        const pages: Page<Thread>[] = [];
        const pageParams: (string | null)[] = [];
        let cursor: string | null = null;
        do {
          const page: Page<Thread> = (await api.threads.list({ folder: "all", expand: ["contact", "profile"], limit: BOARD_PAGE_SIZE, cursor: cursor ?? undefined }, { signal })).body;
          pages.push(page);
          pageParams.push(cursor);
          cursor = page.nextCursor;
        } while (cursor);
        return { pages, pageParams };
      },
    }),
  /**
   * When contacts entered their stage, as the inbox recorded it. Read again on a status change
   * only (lib/client/hooks/use-inbox-events), not with every entry of the activity log: each
   * read scans the log.
   */
  stageTimes: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "stageTimes"] as const,
      queryFn: async ({ signal }) => (await inboxApi("stageTimes.list", { signal })).data,
    }),
};
