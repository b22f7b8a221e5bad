import type { Campaign } from "@/lib/api/outreach/campaigns";

/**
 * A campaign's funnel as people read it: how many it targets, how many it has written to, how
 * many answered, and the two rates. Each bar's width is its share of the targets, so the three
 * bars compare at a glance; a campaign with no targets yet draws empty bars, never NaN.
 */
export type FunnelStage = { key: "targets" | "contacted" | "replies"; label: string; count: number; share: number };

export function funnelOf(campaign: Pick<Campaign, "targetsCount" | "contactedCount" | "repliesCount">): FunnelStage[] {
  const base = Math.max(campaign.targetsCount, campaign.contactedCount, campaign.repliesCount);
  const share = (count: number) => (base === 0 ? 0 : count / base);
  return [
    { key: "targets", label: "Targets", count: campaign.targetsCount, share: share(campaign.targetsCount) },
    { key: "contacted", label: "Contacted", count: campaign.contactedCount, share: share(campaign.contactedCount) },
    { key: "replies", label: "Replies", count: campaign.repliesCount, share: share(campaign.repliesCount) },
  ];
}

/** 0.1234 → "12%"; under 1% but above zero → "<1%", so a handful of replies never reads as none. */
export function percent(rate: number): string {
  if (rate > 0 && rate < 0.01) return "<1%";
  return `${Math.round(rate * 100)}%`;
}

/** One sentence for screen readers and the chart's title: the funnel in words. */
export function funnelSentence(campaign: Pick<Campaign, "targetsCount" | "contactedCount" | "repliesCount" | "replyRate" | "completionRate">): string {
  const n = (count: number) => count.toLocaleString("en-US");
  return `${n(campaign.targetsCount)} targets, ${n(campaign.contactedCount)} contacted, ${n(campaign.repliesCount)} replies; reply rate ${percent(campaign.replyRate)}, ${percent(campaign.completionRate)} complete.`;
}
