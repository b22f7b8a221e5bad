import { queryOptions } from "@tanstack/react-query";
import { inboxApi } from "@/lib/client/inbox-api";
import { inboxQueries } from "@/lib/client/queries/inbox";

/** Rules' reads (lib/api/rules), for managers. Only their own page changes them, so no interval. */
export const ruleQueries = {
  all: () => [...inboxQueries.all(), "rules"] as const,
  list: () =>
    queryOptions({
      queryKey: [...ruleQueries.all(), "list"],
      queryFn: async ({ signal }) => (await inboxApi("rules.list", { signal })).data,
    }),
};
