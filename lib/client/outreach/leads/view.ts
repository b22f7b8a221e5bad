import { createParser, parseAsJson, parseAsString, useQueryStates } from "nuqs";
import { leadQuery, leadSort, type LeadQuery } from "@/lib/api/outreach/leads";
import type { LeadView } from "@/lib/client/queries/outreach";

/**
 * A list's leads view in the URL, so it can be linked, reloaded and shared: `search`, `sort`
 * (the API's text) and `query` (the filter as JSON). Each is checked with the contract's own
 * schema on the way in: an edited URL that does not fit is dropped, not sent.
 */
const sortParser = createParser({
  parse: (value) => (leadSort.safeParse(value).success ? value : null),
  serialize: (value: string) => value,
});

export const leadViewParams = {
  search: parseAsString,
  sort: sortParser,
  query: parseAsJson<LeadQuery>((value) => {
    const parsed = leadQuery.safeParse(value);
    return parsed.success && parsed.data.groups.length > 0 ? parsed.data : null;
  }),
};

export function useLeadViewParams() {
  return useQueryStates(leadViewParams, { history: "push" });
}

/** What the leads query asks the API for; blank values are left out. */
export function leadViewOf(params: { search: string | null; sort: string | null; query: LeadQuery | null }): LeadView {
  const search = params.search?.trim();
  return {
    ...(search ? { search } : {}),
    ...(params.sort ? { sort: params.sort } : {}),
    ...(params.query ? { query: params.query } : {}),
  };
}
