import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/connection";
import { applyContactChanges, changeContactTags } from "../model/contacts";
import type { RecordEvent } from "../model/conversations";
import { contacts, members, statuses, tags, type campaigns } from "../schema";

/**
 * A campaign's automations acting on the person's contact, each change with its usual
 * `contact.*` event. Triggers (lib/api/outreach/campaigns.ts): `firstReply` (the person's
 * first reply to the campaign), `anyReply` (every reply, the first included) and
 * `sequenceCompleted` (the last message went out without a reply). Actions: `setStatus`
 * (`actionData.statusId`), `addTags` / `removeTags` (`actionData.tagIds`), `assign`
 * (`actionData.memberId`). Disabled automations, and references the team no longer has, do
 * nothing; so does an unknown trigger or action.
 */
type CampaignRow = typeof campaigns.$inferSelect;
export type AutomationTrigger = "firstReply" | "anyReply" | "sequenceCompleted";

export async function fireAutomations(
  tx: Database,
  record: RecordEvent,
  campaign: CampaignRow,
  triggers: AutomationTrigger[],
  contactId: string | null,
  now: Date,
): Promise<void> {
  if (!contactId) return;
  const due = campaign.automations.filter((a) => a.enabled && (triggers as string[]).includes(a.trigger));
  for (const automation of due) {
    const [contact] = await tx.select().from(contacts).where(and(eq(contacts.teamId, campaign.teamId), eq(contacts.id, contactId)));
    if (!contact) return;
    const data = automation.actionData;
    if (automation.action === "setStatus" && typeof data.statusId === "string") {
      const [status] = await tx.select({ id: statuses.id }).from(statuses).where(and(eq(statuses.teamId, campaign.teamId), eq(statuses.id, data.statusId)));
      if (status) await applyContactChanges(tx, record, contact, { statusId: status.id }, now);
    } else if (automation.action === "assign" && typeof data.memberId === "string") {
      const [member] = await tx.select({ id: members.id }).from(members).where(and(eq(members.teamId, campaign.teamId), eq(members.id, data.memberId)));
      if (member) await applyContactChanges(tx, record, contact, { assigneeId: member.id }, now);
    } else if ((automation.action === "addTags" || automation.action === "removeTags") && Array.isArray(data.tagIds)) {
      const wanted = data.tagIds.filter((id): id is string => typeof id === "string");
      const known = wanted.length
        ? (await tx.select({ id: tags.id }).from(tags).where(and(eq(tags.teamId, campaign.teamId), inArray(tags.id, wanted)))).map((t) => t.id)
        : [];
      if (known.length === 0) continue;
      if (automation.action === "addTags") await changeContactTags(tx, record, contact, known, [], now);
      else await changeContactTags(tx, record, contact, [], known, now);
    }
  }
}
