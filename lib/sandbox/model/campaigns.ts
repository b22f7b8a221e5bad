import { and, asc, eq, inArray } from "drizzle-orm";
import { FIRST_NAME_VARIABLE, HOURLY_RATE, type Campaign } from "@/lib/api/outreach/campaigns";
import { isTimeZone } from "@/lib/api/primitives";
import type { Database } from "@/lib/db/connection";
import { accountLinks, campaignLists, campaigns, campaignSteps, outreachLists } from "../schema";
import { ensureCampaignTargets, previewTargetCount, targetNumbers } from "./campaign-targets";

/**
 * Campaigns as the API shows them, their numbers, and the checks sync and start make. Who a
 * campaign's targets are is lib/sandbox/model/campaign-targets.ts's rule.
 */
export type CampaignRow = typeof campaigns.$inferSelect;
type StepRow = typeof campaignSteps.$inferSelect;
type CampaignListRow = typeof campaignLists.$inferSelect;

export async function loadCampaigns(db: Database, rows: CampaignRow[]): Promise<Campaign[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const steps = await db
    .select()
    .from(campaignSteps)
    .where(inArray(campaignSteps.campaignId, ids))
    .orderBy(asc(campaignSteps.campaignVersion), asc(campaignSteps.rank), asc(campaignSteps.id));
  const lists = await db.select().from(campaignLists).where(inArray(campaignLists.campaignId, ids)).orderBy(asc(campaignLists.position));
  return rows.map((row) =>
    toCampaign(
      row,
      steps.filter((s) => s.campaignId === row.id),
      lists.filter((l) => l.campaignId === row.id),
    ),
  );
}

export function toCampaign(row: CampaignRow, steps: StepRow[], lists: CampaignListRow[]): Campaign {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    dryRun: row.dryRun,
    isMigratedToV2: row.isMigratedToV2,
    targetsCount: row.targetsCount,
    contactedCount: row.contactedCount,
    repliesCount: row.repliesCount,
    completionRate: row.targetsCount ? round(Math.min(1, row.contactedCount / row.targetsCount)) : 0,
    replyRate: row.contactedCount ? round(Math.min(1, row.repliesCount / row.contactedCount)) : 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: iso(row.updatedAt),
    pausedAt: iso(row.pausedAt),
    completedAt: iso(row.completedAt),
    lastStartedAt: iso(row.lastStartedAt),
    type: row.type,
    hourlyMessageRate: row.hourlyMessageRate,
    scheduleTimezone: row.scheduleTimezone,
    scheduleHours: row.scheduleHours,
    estimatedTargets: row.estimatedTargets,
    isHydrating: false,
    isBuildingPlan: false,
    steps: steps.map((s) => ({ id: s.id, rank: s.rank, type: s.type, data: s.data, campaignVersion: s.campaignVersion })),
    lists: lists.map((l) => ({ listId: l.listId, exclude: l.exclude })),
    accountLinkIds: row.accountLinkIds,
    automations: row.automations,
    customVariables: withFirstName(row.customVariables),
    activeVersion: steps.reduce((max, s) => Math.max(max, s.campaignVersion), 0),
  };
}

/**
 * Works out a campaign's numbers and stores them. A draft's are a preview from the leads: the
 * people it would target if started now, none contacted. Once started, its targets are made
 * (lib/sandbox/model/campaign-targets.ts) and the numbers are theirs: `targetsCount` every
 * target, `estimatedTargets` those not messaged yet, `contactedCount` those messaged,
 * `repliesCount` those who replied. The runner keeps the last two as it sends and hears back.
 * `now` defaults to the campaign's latest change (the seed has no clock to pass).
 */
export async function refreshCampaignNumbers(db: Database, teamId: string, campaignId: string, now?: Date): Promise<void> {
  const [row] = await db.select().from(campaigns).where(and(eq(campaigns.teamId, teamId), eq(campaigns.id, campaignId)));
  if (!row) return;
  let numbers: { targetsCount: number; estimatedTargets: number; contactedCount: number; repliesCount: number };
  if (row.status === "draft") {
    const targets = await previewTargetCount(db, teamId, campaignId);
    numbers = { targetsCount: targets, estimatedTargets: targets, contactedCount: 0, repliesCount: 0 };
  } else {
    await ensureCampaignTargets(db, teamId, row, now ?? latestChangeOf(row));
    const counted = await targetNumbers(db, campaignId);
    numbers = { targetsCount: counted.targets, estimatedTargets: counted.pending, contactedCount: counted.contacted, repliesCount: counted.replies };
  }
  await db.update(campaigns).set(numbers).where(and(eq(campaigns.teamId, teamId), eq(campaigns.id, campaignId)));
}

function latestChangeOf(row: CampaignRow): Date {
  const times = [row.createdAt, row.updatedAt, row.lastStartedAt, row.pausedAt, row.completedAt].filter((d): d is Date => d !== null);
  return new Date(Math.max(...times.map((d) => d.getTime())));
}

/**
 * What stops a campaign from running, one `{ field, issue }` each: a variable used in a
 * message step of the active sequence but not defined, a sequence without a message, the
 * rate outside 1–60, an unknown time zone, bad or missing hours, no included list, a list or
 * account link the team does not have.
 */
export async function campaignIssues(db: Database, teamId: string, campaign: Campaign): Promise<{ field: string; issue: string }[]> {
  const issues: { field: string; issue: string }[] = [];
  const active = campaign.steps.filter((s) => s.campaignVersion === campaign.activeVersion);
  if (!active.some((s) => s.type === "message")) issues.push({ field: "steps", issue: "The active sequence has no message step" });
  for (const step of active) {
    if (step.type !== "message") continue;
    const segments = Array.isArray(step.data.segments) ? (step.data.segments as { type?: string; name?: string }[]) : [];
    for (const [i, segment] of segments.entries()) {
      if (segment.type === "variable" && !(segment.name && Object.hasOwn(campaign.customVariables, segment.name))) {
        issues.push({ field: `steps.${step.id}.data.segments.${i}`, issue: `Variable "${segment.name}" is not defined in customVariables` });
      }
    }
  }
  if (!(campaign.hourlyMessageRate >= HOURLY_RATE.min && campaign.hourlyMessageRate <= HOURLY_RATE.max)) {
    issues.push({ field: "hourlyMessageRate", issue: `Must be ${HOURLY_RATE.min} to ${HOURLY_RATE.max}` });
  }
  if (!isTimeZone(campaign.scheduleTimezone)) issues.push({ field: "scheduleTimezone", issue: "Not an IANA time zone" });
  const days = Object.entries(campaign.scheduleHours);
  if (days.length === 0) issues.push({ field: "scheduleHours", issue: "No day has sending hours" });
  for (const [day, hours] of days) if (hours.start >= hours.end) issues.push({ field: `scheduleHours.${day}`, issue: "start must be before end" });
  if (!campaign.lists.some((l) => !l.exclude)) issues.push({ field: "lists", issue: "No list to target" });
  const listIds = campaign.lists.map((l) => l.listId);
  const known = listIds.length
    ? new Set((await db.select({ id: outreachLists.id }).from(outreachLists).where(and(eq(outreachLists.teamId, teamId), inArray(outreachLists.id, listIds)))).map((r) => r.id))
    : new Set<string>();
  for (const id of listIds) if (!known.has(id)) issues.push({ field: "lists", issue: `No list ${id}` });
  if (campaign.accountLinkIds.length === 0) issues.push({ field: "accountLinkIds", issue: "No account to send from" });
  const links = campaign.accountLinkIds.length
    ? new Set((await db.select({ id: accountLinks.id }).from(accountLinks).where(and(eq(accountLinks.teamId, teamId), inArray(accountLinks.id, campaign.accountLinkIds)))).map((r) => r.id))
    : new Set<string>();
  for (const id of campaign.accountLinkIds) if (!links.has(id)) issues.push({ field: "accountLinkIds", issue: `No account link ${id}` });
  return issues;
}

/** `first-name` always exists, whatever was stored. */
function withFirstName(variables: CampaignRow["customVariables"]): CampaignRow["customVariables"] {
  if (Object.hasOwn(variables, FIRST_NAME_VARIABLE)) return variables;
  return { [FIRST_NAME_VARIABLE]: { displayName: "First name", description: "The lead's first name, from their profile" }, ...variables };
}

function round(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}
