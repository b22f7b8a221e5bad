import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { ImportJob } from "@/lib/api/outreach/import-jobs";
import type { Lead } from "@/lib/api/outreach/leads";
import type { Thread } from "@/lib/api/threads";
import type { LeadPageQuery } from "@/lib/api/outreach/client";
import { allItems, api } from "@/lib/client/api";
import { leadSearch, matchLead } from "@/lib/client/outreach/thread-campaign";

/**
 * Outreach reads (issue 15): campaigns, lists, a list's leads and its import jobs, through the
 * BFF like everything else. Campaign and lead changes come as `campaign.*` and `target.*`
 * events (lib/client/hooks/use-inbox-events), so those queries never poll. Import progress has
 * no event: a list's jobs are read again every `IMPORT_POLL_MS` while one of them is still
 * moving, and not at all once every job has settled.
 */
export type LeadView = Omit<LeadPageQuery, "cursor" | "limit">;

export const LEAD_PAGE_SIZE = 100;
export const IMPORT_POLL_MS = 3_000;
const MOVING: ReadonlySet<string> = new Set(["queued", "starting", "running"]);

/** Whether any of the jobs still changes by itself (so its progress is worth reading again). */
export function importsMoving(jobs: readonly ImportJob[] | undefined): boolean {
  return (jobs ?? []).some((job) => MOVING.has(job.status));
}

export const outreachQueries = {
  all: () => ["outreach"] as const,
  campaignsAll: () => [...outreachQueries.all(), "campaigns"] as const,
  campaigns: () =>
    queryOptions({
      queryKey: [...outreachQueries.campaignsAll(), "list"] as const,
      queryFn: ({ signal }) => allItems((query) => api.campaigns.list(query, { signal })),
    }),
  campaign: (campaignId: string) =>
    queryOptions({
      queryKey: [...outreachQueries.campaignsAll(), "detail", campaignId] as const,
      queryFn: async ({ signal }) => (await api.campaigns.get(campaignId, { signal })).body,
    }),
  listsAll: () => [...outreachQueries.all(), "lists"] as const,
  lists: () =>
    queryOptions({
      queryKey: [...outreachQueries.listsAll(), "list"] as const,
      queryFn: ({ signal }) => allItems((query) => api.lists.list(query, { signal })),
    }),
  list: (listId: string) =>
    queryOptions({
      queryKey: [...outreachQueries.listsAll(), "detail", listId] as const,
      queryFn: async ({ signal }) => (await api.lists.get(listId, { signal })).body,
    }),
  leadsAll: () => [...outreachQueries.all(), "leads"] as const,
  leads: (listId: string, view: LeadView) =>
    infiniteQueryOptions({
      queryKey: [...outreachQueries.leadsAll(), listId, view] as const,
      queryFn: async ({ pageParam, signal }) => (await api.lists.leads(listId, { ...view, limit: LEAD_PAGE_SIZE, cursor: pageParam ?? undefined }, { signal })).body,
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  /**
   * A campaign thread's lead: one search per thread for the person among the leads of the
   * campaign's lists (`lists`; null while the campaign loads), matched by platform and platform
   * ID. Kept with the other lead reads, so `target.*` events and a stop refresh it.
   */
  threadLead: (campaignId: string, person: Thread["profile"], lists: string[] | null) => {
    const search = leadSearch(campaignId, person);
    return queryOptions({
      queryKey: [...outreachQueries.leadsAll(), "thread", campaignId, person?.platform, person?.platformId] as const,
      enabled: lists !== null && search !== null && person !== undefined,
      queryFn: async ({ signal }): Promise<Lead | null> => {
        for (const listId of lists ?? []) {
          const page = await api.lists.leads(listId, { ...search!, limit: 50 }, { signal });
          const found = matchLead(page.body.data, person!);
          if (found) return found;
        }
        return null;
      },
    });
  },
  importJobsAll: () => [...outreachQueries.all(), "importJobs"] as const,
  importJobs: (listId: string) =>
    queryOptions({
      queryKey: [...outreachQueries.importJobsAll(), listId] as const,
      queryFn: ({ signal }) => allItems((query) => api.importJobs.list(listId, query, { signal })),
      refetchInterval: (query) => (importsMoving(query.state.data) ? IMPORT_POLL_MS : false),
    }),
};
