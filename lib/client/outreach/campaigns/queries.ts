import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { outreachQueries } from "@/lib/client/queries/outreach";

/**
 * The campaign pages' own reads, beside lib/client/queries/outreach.
 *
 * Sync: a campaign's page asks the service to recompute its figures once each time it is
 * opened (POST /campaigns/{id}/sync), and puts the answer where the page and the index read it.
 * It is a query rather than an effect so that one open makes one call (React's double effects,
 * re-renders and events do not repeat it); its key sits outside `campaignsAll` so the live
 * invalidations refetch the campaign but never sync again; `gcTime: 0` drops it when the page
 * closes, so the next open syncs afresh. The index does not sync: see campaigns-index.tsx.
 */
export const campaignPageQueries = {
  sync: (campaignId: string, queryClient: QueryClient) =>
    queryOptions({
      queryKey: [...outreachQueries.all(), "campaignSync", campaignId] as const,
      queryFn: async ({ signal }) => {
        const campaign = (await api.campaigns.sync(campaignId, { signal })).body;
        queryClient.setQueryData(outreachQueries.campaign(campaignId).queryKey, campaign);
        queryClient.setQueryData(outreachQueries.campaigns().queryKey, (list) => list?.map((c) => (c.id === campaign.id ? campaign : c)));
        return { syncedAt: Date.now() };
      },
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
  /** One lead of a list, whose values fill the sequence's preview. */
  previewLead: (listId: string) =>
    queryOptions({
      // Outside `leadsAll`: a campaign running sends `target.*` events, and one sample lead need not follow them.
      queryKey: [...outreachQueries.all(), "campaignPreviewLead", listId] as const,
      queryFn: async ({ signal }) => (await api.lists.leads(listId, { limit: 1 }, { signal })).body.data[0] ?? null,
      staleTime: 5 * 60_000,
    }),
};
