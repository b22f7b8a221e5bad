import type { Campaign } from "@/lib/api/outreach/campaigns";

/**
 * The API deletes a list's custom column through a campaign (DELETE /campaigns/{id}/columns/{id}):
 * any campaign that includes the list will do. Excluded lists are still the campaign's lists, but
 * one that targets the list is the plainer choice, so it comes first.
 */
export function campaignForList(campaigns: readonly Campaign[] | undefined, listId: string): Campaign | null {
  const all = campaigns ?? [];
  return (
    all.find((c) => c.lists.some((l) => l.listId === listId && !l.exclude)) ??
    all.find((c) => c.lists.some((l) => l.listId === listId)) ??
    null
  );
}

export const NO_CAMPAIGN_REASON = "Deleting a column needs a campaign that uses this list; no campaign does yet.";
