import { queryOptions } from "@tanstack/react-query";
import { api, allItems } from "@/lib/client/api";
import { contactQueries } from "@/lib/client/queries/contacts";

/**
 * A contact's threads in every folder, to know which of the team's accounts already talk with
 * the person. Kept under `contacts`, not `threads`: thread lists there are infinite pages that
 * other code patches in place, and this is a plain array.
 */
export const contactThreadQueries = {
  all: () => [...contactQueries.all(), "threads"] as const,
  list: (contactId: string) =>
    queryOptions({
      queryKey: [...contactThreadQueries.all(), contactId] as const,
      queryFn: () => allItems((page: { cursor?: string; limit?: number }) => api.threads.list({ ...page, contactId, folder: "all" })),
    }),
};
