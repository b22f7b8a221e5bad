"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

import { OutreachReadError } from "@/components/outreach/outreach-unavailable";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { MegaphoneIcon, SearchIcon } from "@/components/ui/icons";
import { inputClassName } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { CAMPAIGN_STATUSES } from "@/lib/api/outreach/campaigns";
import { CAMPAIGN_SORT_LABELS, CAMPAIGN_SORTS, statusLabel, useCampaignIndexParams, visibleCampaigns } from "@/lib/client/outreach/campaigns/index-view";
import { outreachQueries } from "@/lib/client/queries/outreach";
import { teamQueries } from "@/lib/client/queries/team";
import { CampaignCard } from "./campaign-card";

/**
 * The campaigns index. Its figures come from GET /campaigns and stay current through the
 * `campaign.*` and `target.*` events (the service counts sends and replies as they happen).
 * It does not sync: a sync is a write that recomputes a campaign's targets, and syncing every
 * campaign on every visit would spend one call of the team's budget per campaign per page
 * view and turn each half-edited draft's 422 into noise here. Opening a campaign syncs it, and
 * its answer updates this list too (lib/client/outreach/campaigns/queries).
 */
export function CampaignsIndex() {
  const campaigns = useQuery(outreachQueries.campaigns());
  const accountLinks = useQuery(teamQueries.accountLinks());
  const [view, setView] = useCampaignIndexParams();
  const shown = useMemo(() => visibleCampaigns(campaigns.data ?? [], view), [campaigns.data, view]);
  const accountName = useMemo(() => {
    const byId = new Map((accountLinks.data ?? []).map((link) => [link.id, link.displayName]));
    return (id: string) => byId.get(id) ?? "An account no longer linked";
  }, [accountLinks.data]);
  const filtered = !!view.status || !!view.q;

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 md:p-6">
        <h1 className="text-xl font-semibold tracking-tight">Campaigns</h1>
        <div role="search" aria-label="Campaigns" className="flex flex-wrap items-end gap-3">
          <label className="grid min-w-48 flex-1 gap-1 text-sm font-medium">
            Search by name
            <span className="relative">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <input type="search" value={view.q ?? ""} onChange={(e) => void setView({ q: e.target.value || null })} className={cn(inputClassName, "pl-8")} />
            </span>
          </label>
          <label className="grid gap-1 text-sm font-medium">
            Status
            <select
              value={view.status ?? ""}
              onChange={(e) => void setView({ status: (e.target.value || null) as (typeof CAMPAIGN_STATUSES)[number] | null }, { history: "push" })}
              className={cn(inputClassName, "w-40")}
            >
              <option value="">All statuses</option>
              {CAMPAIGN_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm font-medium">
            Sort by
            <select value={view.sort} onChange={(e) => void setView({ sort: e.target.value as (typeof CAMPAIGN_SORTS)[number] }, { history: "push" })} className={cn(inputClassName, "w-40")}>
              {CAMPAIGN_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {CAMPAIGN_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>

        {campaigns.isPending ? (
          <div role="status" aria-label="Loading the campaigns" className="grid gap-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-32 w-full rounded-lg" />
            ))}
          </div>
        ) : campaigns.isError ? (
          <OutreachReadError what="the campaigns" error={campaigns.error} onRetry={() => void campaigns.refetch()} />
        ) : campaigns.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
            <MegaphoneIcon className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">No campaigns yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">Campaigns are set up in your outreach dashboard; once one exists, its funnel and replies show here.</p>
          </div>
        ) : shown.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
            <p className="font-medium">No campaign matches {view.q ? `“${view.q.trim()}”` : "this filter"}{view.status ? ` among ${statusLabel(view.status).toLowerCase()} campaigns` : ""}</p>
            <Button variant="outline" size="sm" onClick={() => void setView({ q: null, status: null }, { history: "push" })}>
              Clear filters
            </Button>
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {filtered ? `${shown.length} of ${campaigns.data.length} campaigns` : `${campaigns.data.length} ${campaigns.data.length === 1 ? "campaign" : "campaigns"}`}
            </p>
            <ul aria-label="Campaigns" className="grid gap-3">
              {shown.map((campaign) => (
                <li key={campaign.id}>
                  <CampaignCard campaign={campaign} accountNames={campaign.accountLinkIds.map(accountName)} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
