import type { Message } from "@/lib/api/messages";
import type { Campaign } from "@/lib/api/outreach/campaigns";
import type { Lead, LeadQuery } from "@/lib/api/outreach/leads";
import type { Thread } from "@/lib/api/threads";

/**
 * What a campaign's conversation says about its lead (issue 15, in the conversation): which
 * lead it is, how far the sequence got, and whether stopping it is worth offering now. Pure;
 * the lead's read is outreachQueries.threadLead, the stop is in components/thread/campaign-bar.
 */

type Person = NonNullable<Thread["profile"]>;

/**
 * How the thread's lead is found: a `search` for the person's username (else handle, else
 * name) among the leads of the campaign's lists, narrowed by the `campaigns` filter. Null
 * when the thread does not say who the person is.
 */
export function leadSearch(campaignId: string, person: Person | undefined): { search: string; query: LeadQuery } | null {
  const search = (person?.username ?? person?.handle ?? person?.displayName ?? "").replace(/^@/, "").trim();
  if (!search) return null;
  return { search: search.slice(0, 200), query: { groups: [{ type: "and", filters: [{ field: "campaigns", op: "any", value: [campaignId] }] }] } };
}

/** The lists a campaign targets, in its order; excluded lists hold no lead of it. */
export function includedLists(campaign: Pick<Campaign, "lists">): string[] {
  return campaign.lists.filter((l) => !l.exclude).map((l) => l.listId);
}

/** The lead that is this person: a search matches names and bios too, the platform ID does not lie. */
export function matchLead(leads: readonly Lead[], person: Pick<Person, "platform" | "platformId">): Lead | null {
  return leads.find((l) => l.prospect.platform === person.platform && l.prospect.platformId === person.platformId) ?? null;
}

/** The message steps of the active sequence (the highest `campaignVersion`). */
export function activeMessageSteps(campaign: Pick<Campaign, "steps" | "activeVersion">): number {
  return campaign.steps.filter((s) => s.type === "message" && s.campaignVersion === campaign.activeVersion).length;
}

/** How many of the thread's messages the campaign sent. */
export function campaignSends(messages: readonly Pick<Message, "sentBy">[], campaignId: string): number {
  return messages.filter((m) => {
    const by = m.sentBy as { type?: string; campaignId?: string } | null;
    return by?.type === "campaign" && by.campaignId === campaignId;
  }).length;
}

/** "Step 2 of 3 sent", "No step sent yet", or "Step 4 sent" when an earlier version had more steps. */
export function stepSentence(sent: number, total: number): string {
  if (sent === 0) return total > 0 ? `No step of ${total} sent yet` : "No step sent yet";
  if (total === 0 || sent > total) return `Step ${sent} sent`;
  return `Step ${sent} of ${total} sent`;
}

/** Whether the campaign may still write to this lead: stopping the sequence means something. */
export function inSequence(lead: Pick<Lead, "stage"> | null): boolean {
  return lead !== null && (lead.stage === "pending" || lead.stage === "contacted" || lead.stage === "replied");
}

/**
 * Whether to offer the stop prominently: the person wrote last, after the campaign reached
 * them, and the sequence would go on (a follow-up to someone who just answered is what a
 * salesperson wants to prevent).
 */
export function replyAwaitsStop(lead: Pick<Lead, "stage"> | null, messages: readonly Pick<Message, "direction" | "sentAt">[]): boolean {
  if (!lead || (lead.stage !== "contacted" && lead.stage !== "replied")) return false;
  const latest = messages.reduce<Pick<Message, "direction" | "sentAt"> | null>((last, m) => (!last || m.sentAt >= last.sentAt ? m : last), null);
  return latest?.direction === "inbound";
}
