import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/connection";
import { campaignLists, campaigns, campaignSteps, campaignTargets, messages, outreachLeads, profiles, teams, threads } from "../schema";

/**
 * A campaign's targets: one row per person (platform and platformId) in `campaign_targets`,
 * made when the campaign first runs and kept as it goes.
 *
 * - Who: people who are leads of an included list and of no excluded list, reachable, whose
 *   lead is not canceled. They are taken at start, again at each sync or start while the
 *   campaign can still send (people added to its lists since), and by the runner when an
 *   active campaign has none. A completed campaign takes no one new: only the people its
 *   threads show it reached (the seed, and databases from before targets, get them that way).
 * - Stages: `pending` (not messaged yet), `contacted` (in the sequence), `finished` (the
 *   sequence sent its last message), `replied`, `canceled` (lead cancel), `skipped` (no account
 *   of the person's platform to send from, or sending is restricted in their thread). The
 *   last four are done; a campaign whose targets are all done is complete.
 * - `stepIndex` points into the active sequence at the next message step, due at
 *   `state.stepDueAt`; `nextDueAt` is the earliest of that and a scheduled simulated reply
 *   (`state.reply`), so one index finds everything the runner has to do.
 * - `state.replySeq`: inbound messages with an event `seq` up to it are already counted, so
 *   replaying the log never counts a reply twice nor one from before the person was a target.
 */
export type TargetRow = typeof campaignTargets.$inferSelect;
export type StepRow = typeof campaignSteps.$inferSelect;
type CampaignRow = typeof campaigns.$inferSelect;

export const OPEN_STAGES = ["pending", "contacted"] as const;
export const DONE_STAGES = ["finished", "replied", "canceled", "skipped"] as const;
/** Stages in which an inbound message in the person's thread is a reply to the campaign. */
export const REPLYABLE_STAGES = ["contacted", "finished", "replied"] as const;

export type TargetState = {
  stepDueAt?: string | null;
  /** A simulated reply the runner will inject when it is due. */
  reply?: { at: string; content: string } | null;
  replySeq?: number;
  reason?: string;
};

export function stateOf(row: Pick<TargetRow, "state">): TargetState {
  return row.state as TargetState;
}

/** When the runner must next look at a target: its next step or its scheduled reply. */
export function nextDueOf(stage: string, state: TargetState): Date | null {
  const times = [
    (OPEN_STAGES as readonly string[]).includes(stage) && state.stepDueAt ? Date.parse(state.stepDueAt) : null,
    state.reply ? Date.parse(state.reply.at) : null,
  ].filter((t): t is number => t !== null);
  return times.length ? new Date(Math.min(...times)) : null;
}

/** The active sequence: the steps of the highest `campaignVersion`, by rank. */
export function activeSequence(steps: StepRow[]): StepRow[] {
  const version = steps.reduce((max, s) => Math.max(max, s.campaignVersion), 0);
  return steps.filter((s) => s.campaignVersion === version).sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
}

export async function loadSequence(db: Database, campaignId: string): Promise<StepRow[]> {
  return activeSequence(await db.select().from(campaignSteps).where(eq(campaignSteps.campaignId, campaignId)));
}

/**
 * The first message step at or after `from`, and when it is due: `base` plus the delays
 * before it. Like-post steps take no time here (the sandbox has no posts to like). Null
 * when no message is left: the sequence is finished.
 */
export function nextMessageStep(sequence: StepRow[], from: number, base: Date): { index: number; dueAt: Date } | null {
  let due = base.getTime();
  for (let i = Math.max(0, from); i < sequence.length; i++) {
    const step = sequence[i]!;
    if (step.type === "message") return { index: i, dueAt: new Date(due) };
    if (step.type === "delay" && typeof step.data.delaySeconds === "number") due += step.data.delaySeconds * 1000;
  }
  return null;
}

/** Leads that make someone a target of the campaign (`l` is `outreach_leads`). */
function candidateLead(teamId: string, campaignId: string): SQL {
  return sql`l.team_id = ${teamId} and l.reachable and l.stage <> 'canceled'
    and l.list_id in (select list_id from sandbox.campaign_lists where campaign_id = ${campaignId} and not exclude)
    and not exists (
      select 1 from sandbox.outreach_leads x
      where x.team_id = ${teamId} and x.platform = l.platform and x.platform_id = l.platform_id
        and x.list_id in (select list_id from sandbox.campaign_lists where campaign_id = ${campaignId} and exclude))`;
}

/** How many people a draft would target if started now. */
export async function previewTargetCount(db: Database, teamId: string, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct (l.platform, l.platform_id))::int` })
    .from(sql`sandbox.outreach_leads l`)
    .where(candidateLead(teamId, campaignId));
  return row?.n ?? 0;
}

/** Adds the people who are targets and have no row yet (see the rules above). */
export async function ensureCampaignTargets(db: Database, teamId: string, campaign: CampaignRow, now: Date): Promise<void> {
  if (campaign.status === "draft") return;
  const [team] = await db.select({ lastSeq: teams.lastSeq }).from(teams).where(eq(teams.id, teamId));
  const replySeq = team?.lastSeq ?? 0;
  await addReachedTargets(db, teamId, campaign, replySeq, now);
  if (campaign.status === "completed") return;
  // People not reached yet are due from the campaign's last start: sent as soon as the
  // schedule and the hourly rate allow.
  const due = campaign.lastStartedAt && campaign.lastStartedAt < now ? campaign.lastStartedAt : now;
  const state = JSON.stringify({ stepDueAt: due.toISOString(), replySeq } satisfies TargetState);
  await db.execute(sql`
    insert into sandbox.campaign_targets (team_id, campaign_id, platform, platform_id, lead_id, stage, step_index, next_due_at, state, updated_at)
    select distinct on (l.platform, l.platform_id)
      l.team_id, ${campaign.id}, l.platform, l.platform_id, l.id, 'pending', 0, ${due.toISOString()}::timestamptz, ${state}::jsonb, ${now.toISOString()}::timestamptz
    from sandbox.outreach_leads l
    join sandbox.campaign_lists cl on cl.list_id = l.list_id and cl.campaign_id = ${campaign.id}
    where ${candidateLead(teamId, campaign.id)}
      -- Skipping those already in costs a key lookup each, far less than a conflicting insert.
      and not exists (
        select 1 from sandbox.campaign_targets t
        where t.campaign_id = ${campaign.id} and t.platform = l.platform and t.platform_id = l.platform_id)
    order by l.platform, l.platform_id, cl.position, l.id
    on conflict do nothing`);
}

/**
 * People the campaign's threads show it reached, with their progress read from the thread:
 * its messages sent by the campaign, and the first inbound message after them (a reply).
 */
async function addReachedTargets(db: Database, teamId: string, campaign: CampaignRow, replySeq: number, now: Date) {
  const reached = await db
    .select({ thread: threads, platform: profiles.platform, platformId: profiles.platformId })
    .from(threads)
    .innerJoin(profiles, eq(profiles.id, threads.profileId))
    .where(and(eq(threads.teamId, teamId), eq(threads.campaignId, campaign.id)))
    .orderBy(asc(threads.createdAt), asc(threads.id));
  if (reached.length === 0) return;
  const leads = await db
    .select({ lead: outreachLeads, position: campaignLists.position })
    .from(outreachLeads)
    .innerJoin(campaignLists, and(eq(campaignLists.listId, outreachLeads.listId), eq(campaignLists.campaignId, campaign.id), eq(campaignLists.exclude, false)))
    .where(and(eq(outreachLeads.teamId, teamId), inArray(outreachLeads.platformId, [...new Set(reached.map((r) => r.platformId))])))
    .orderBy(asc(campaignLists.position), asc(outreachLeads.id));
  const excluded = new Set(
    (
      await db
        .select({ platform: outreachLeads.platform, platformId: outreachLeads.platformId })
        .from(outreachLeads)
        .innerJoin(campaignLists, and(eq(campaignLists.listId, outreachLeads.listId), eq(campaignLists.campaignId, campaign.id), eq(campaignLists.exclude, true)))
        .where(and(eq(outreachLeads.teamId, teamId), inArray(outreachLeads.platformId, [...new Set(reached.map((r) => r.platformId))])))
    ).map((r) => `${r.platform}:${r.platformId}`),
  );
  const threadMessages = await db
    .select({ threadId: messages.threadId, direction: messages.direction, sentBy: messages.sentBy, sentAt: messages.sentAt })
    .from(messages)
    .where(and(eq(messages.teamId, teamId), inArray(messages.threadId, reached.map((r) => r.thread.id)), isNull(messages.unsettled)))
    .orderBy(asc(messages.sentAt), asc(messages.id));
  const sequence = await loadSequence(db, campaign.id);

  const rows: (typeof campaignTargets.$inferInsert)[] = [];
  const seen = new Set<string>();
  for (const { thread, platform, platformId } of reached) {
    const person = `${platform}:${platformId}`;
    const lead = leads.find((l) => l.lead.platform === platform && l.lead.platformId === platformId)?.lead;
    if (!lead || excluded.has(person) || seen.has(person)) continue;
    const own = threadMessages.filter((m) => m.threadId === thread.id);
    const sent = own.filter((m) => m.direction === "outbound" && m.sentBy?.type === "campaign" && m.sentBy.campaignId === campaign.id);
    const first = sent[0];
    if (!first) continue;
    seen.add(person);
    const last = sent.at(-1)!;
    const reply = own.find((m) => m.direction === "inbound" && m.sentAt >= first.sentAt);
    let stage: string;
    let stepIndex = 0;
    let stepDueAt: Date | null = null;
    if (reply) stage = "replied";
    else if (lead.stage === "canceled") stage = "canceled";
    else {
      const next = campaign.status === "completed" ? null : nextMessageStep(sequence, indexAfterMessages(sequence, sent.length), last.sentAt);
      stage = next ? "contacted" : "finished";
      stepIndex = next?.index ?? sequence.length;
      stepDueAt = next?.dueAt ?? null;
    }
    const state: TargetState = { stepDueAt: stepDueAt?.toISOString() ?? null, replySeq };
    rows.push({
      teamId,
      campaignId: campaign.id,
      platform,
      platformId,
      leadId: lead.id,
      stage,
      stepIndex,
      nextDueAt: nextDueOf(stage, state),
      accountLinkId: thread.accountLinkId,
      threadId: thread.id,
      contactedAt: first.sentAt,
      lastSentAt: last.sentAt,
      repliedAt: reply?.sentAt ?? null,
      state,
      updatedAt: now,
    });
  }
  if (rows.length) await db.insert(campaignTargets).values(rows).onConflictDoNothing();
}

/** The index just after the `count`-th message step: where a person who got `count` messages stands. */
function indexAfterMessages(sequence: StepRow[], count: number): number {
  let seen = 0;
  for (let i = 0; i < sequence.length; i++) {
    if (sequence[i]!.type === "message" && ++seen === count) return i + 1;
  }
  return sequence.length;
}

/** Targets, those not messaged yet, contacted and replied: the campaign's numbers once it has run. */
export async function targetNumbers(db: Database, campaignId: string) {
  const [row] = await db
    .select({
      targets: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${campaignTargets.stage} = 'pending'))::int`,
      contacted: sql<number>`count(${campaignTargets.contactedAt})::int`,
      replies: sql<number>`count(${campaignTargets.repliedAt})::int`,
    })
    .from(campaignTargets)
    .where(eq(campaignTargets.campaignId, campaignId));
  return { targets: row?.targets ?? 0, pending: row?.pending ?? 0, contacted: row?.contacted ?? 0, replies: row?.replies ?? 0 };
}

/**
 * The person's leads in the campaign's included lists follow their progress: the stage,
 * when they were last contacted or replied, and the thread and account that reached them.
 * A lead never goes back (a reply stays a reply; a canceled lead stays canceled).
 */
export async function updatePersonLeads(
  db: Database,
  teamId: string,
  target: Pick<TargetRow, "campaignId" | "platform" | "platformId">,
  change: { contactedAt?: Date; repliedAt?: Date; thread?: { id: string; accountLinkId: string; createdAt: Date } },
): Promise<void> {
  const { thread } = change;
  const stage = change.repliedAt
    ? sql`case when ${outreachLeads.stage} = 'canceled' then ${outreachLeads.stage} else 'replied' end`
    : sql`case when ${outreachLeads.stage} = 'pending' then 'contacted' else ${outreachLeads.stage} end`;
  const entry = thread
    ? JSON.stringify([{ id: thread.id, accountLinkId: thread.accountLinkId, lastMessageTimestamp: (change.contactedAt ?? change.repliedAt)?.toISOString() ?? null, createdAt: thread.createdAt.toISOString() }])
    : null;
  await db
    .update(outreachLeads)
    .set({
      stage,
      ...(change.contactedAt ? { lastContactedAt: change.contactedAt } : {}),
      ...(change.repliedAt ? { lastRepliedAt: change.repliedAt } : {}),
      ...(thread
        ? {
            threadId: thread.id,
            accountLinkId: thread.accountLinkId,
            // The prospect context's thread list, this thread's entry replaced by the latest.
            threads: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${outreachLeads.threads}) e where e->>'id' <> ${thread.id}) || ${entry}::jsonb`,
          }
        : {}),
    })
    .where(
      and(
        eq(outreachLeads.teamId, teamId),
        eq(outreachLeads.platform, target.platform),
        eq(outreachLeads.platformId, target.platformId),
        sql`${outreachLeads.listId} in (select list_id from sandbox.campaign_lists where campaign_id = ${target.campaignId} and not exclude)`,
      ),
    );
}
