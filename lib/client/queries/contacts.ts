import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/client/api";

/** Contacts: what the team says about a person (status, tags, notes, valuation, assignee). */
export const contactQueries = {
  all: () => ["contacts"] as const,
  details: () => [...contactQueries.all(), "detail"] as const,
  detail: (contactId: string) =>
    queryOptions({
      queryKey: [...contactQueries.details(), contactId] as const,
      queryFn: async ({ signal }) => (await api.contacts.get(contactId, { signal })).body,
    }),
};
