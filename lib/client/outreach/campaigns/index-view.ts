import { createSerializer, parseAsString, parseAsStringLiteral, useQueryStates } from "nuqs";
import { CAMPAIGN_STATUSES, type Campaign } from "@/lib/api/outreach/campaigns";

/**
 * The campaigns index's view, kept in the URL so it can be linked and survives a reload:
 * `status` (one of the API's), `q` (name search), `sort` (name, reply rate, replies or created).
 * Names sort A→Z; the figures and creation sort largest and newest first, as people look for
 * the campaigns that work and the ones just made.
 */
export const CAMPAIGN_SORTS = ["created", "name", "replyRate", "replies"] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

export const CAMPAIGN_SORT_LABELS: Record<CampaignSort, string> = {
  created: "Newest first",
  name: "Name",
  replyRate: "Reply rate",
  replies: "Replies",
};

export const STATUS_LABELS: Record<(typeof CAMPAIGN_STATUSES)[number], string> = {
  draft: "Draft",
  active: "Active",
  paused: "Paused",
  completed: "Completed",
};

export function statusLabel(status: string): string {
  return (STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export const campaignIndexParams = {
  status: parseAsStringLiteral(CAMPAIGN_STATUSES),
  q: parseAsString,
  sort: parseAsStringLiteral(CAMPAIGN_SORTS).withDefault("created"),
};

export function useCampaignIndexParams() {
  // Typing in the search replaces the entry; a new filter or sort is one Back can undo.
  return useQueryStates(campaignIndexParams, { history: "replace" });
}

export const campaignIndexHref = createSerializer(campaignIndexParams);

export type CampaignIndexView = { status: Campaign["status"] | null; q: string | null; sort: CampaignSort };

type Row = Pick<Campaign, "id" | "name" | "status" | "replyRate" | "repliesCount" | "createdAt">;

export function visibleCampaigns<T extends Row>(campaigns: readonly T[], view: CampaignIndexView): T[] {
  const needle = view.q?.trim().toLocaleLowerCase() ?? "";
  const kept = campaigns.filter((c) => (!view.status || c.status === view.status) && (!needle || c.name.toLocaleLowerCase().includes(needle)));
  return kept.sort(comparator(view.sort));
}

function comparator(sort: CampaignSort): (a: Row, b: Row) => number {
  const byName = (a: Row, b: Row) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id.localeCompare(b.id);
  switch (sort) {
    case "name":
      return byName;
    case "replyRate":
      return (a, b) => b.replyRate - a.replyRate || byName(a, b);
    case "replies":
      return (a, b) => b.repliesCount - a.repliesCount || byName(a, b);
    case "created":
      return (a, b) => b.createdAt.localeCompare(a.createdAt) || byName(a, b);
  }
}
