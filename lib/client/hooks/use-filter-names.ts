"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useInboxParams } from "@/lib/client/list/inbox-url";
import type { FilterNames } from "@/lib/client/list/view-title";
import { outreachQueries } from "@/lib/client/queries/outreach";
import { teamQueries } from "@/lib/client/queries/team";

/** The team's names for what a view filters on (lib/client/list/view-title); an ID until its name is in. */
export function useFilterNames(): FilterNames {
  const links = useQuery(teamQueries.accountLinks());
  const platforms = useQuery(teamQueries.platforms());
  const tags = useQuery(teamQueries.tags());
  const statuses = useQuery(teamQueries.statuses());
  const members = useQuery(teamQueries.members());
  const [params] = useInboxParams();
  const campaign = useCampaignNames(Boolean(params.campaignId?.length));
  return useMemo(
    () => ({
      account: (id) => links.data?.find((l) => l.id === id)?.displayName ?? id,
      platform: (platform) => platforms.data?.find((p) => p.platform === platform)?.name ?? platform,
      // The URL may name a tag or status by name as well as by ID (GET /threads takes both).
      tag: (id) => tags.data?.find((t) => t.id === id || t.name === id)?.name ?? id,
      status: (id) => statuses.data?.find((s) => s.id === id || s.name === id)?.name ?? id,
      member: (id) => members.data?.find((m) => m.id === id)?.name ?? id,
      campaign,
    }),
    [links.data, platforms.data, tags.data, statuses.data, members.data, campaign],
  );
}

/**
 * Campaign names, read only when something shows a campaign. A team without the outreach
 * add-on gets the API's 403 for them: its campaigns keep their IDs and the inbox goes on.
 */
export function useCampaignNames(enabled: boolean): (id: string) => string {
  const campaigns = useQuery({ ...outreachQueries.campaigns(), enabled });
  return useCallback((id: string) => campaigns.data?.find((c) => c.id === id)?.name ?? id, [campaigns.data]);
}
