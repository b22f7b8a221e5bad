import { and, asc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import type { SandboxContext } from "../context";
import { ensureCampaignTargets, loadSequence, OPEN_STAGES } from "../model/campaign-targets";
import { campaigns, campaignTargets, events, teams } from "../schema";
import { isSendingTime, linkAllowances } from "./campaign-pace";
import { injectDueReplies, processReplies } from "./campaign-replies";
import { campaignLinks, sendDueStep, type SendRun } from "./campaign-sends";

/**
 * The campaign runner: active campaigns send their sequences through the simulated
 * platforms, on the sandbox's clock. A run, for each team with a started campaign:
 * 1. posts the simulated replies that are due, then handles every inbound message since the
 *    last run (campaign-replies.ts): replies stop sequences and fire automations;
 * 2. for each active campaign inside its sending hours (campaign-pace.ts), sends the due steps
 *    of its targets (campaign-sends.ts), follow-ups before first messages, oldest due first,
 *    as far as each account's hourly allowance goes; a target with no account free stays due;
 * 3. completes each active campaign whose targets are all done (`campaign.completed`).
 *
 * Runs come from a timer while the stand-alone sandbox runs (`startTimer`, every second, real
 * time), after every POST /_sandbox/clock/advance, and from POST /_sandbox/campaigns/run. In
 * one run a send happens at the clock's one "now", so after a jump of hours a run sends at most
 * one hour's allowance per account; the next runs go on from there. Runs never overlap.
 */
export type CampaignRunSummary = { sent: number; replies: number; simulatedReplies: number; completed: string[] };

export type CampaignRunner = {
  run(teamId?: string): Promise<CampaignRunSummary>;
  /** Runs every `intervalMs` of real time until the store closes. */
  startTimer(intervalMs?: number): void;
  stopTimer(): void;
};

export const CAMPAIGN_TIMER_MS = 1000;

const runners = new WeakMap<SandboxContext, CampaignRunner>();

/** The sandbox's runner, made once per sandbox; its timer stops when the store closes. */
export function campaignRunner(ctx: SandboxContext): CampaignRunner {
  const existing = runners.get(ctx);
  if (existing) return existing;
  const runner = createRunner(ctx);
  runners.set(ctx, runner);
  const close = ctx.store.close.bind(ctx.store);
  ctx.store.close = async () => {
    runner.stopTimer();
    await close();
  };
  return runner;
}

export function runCampaigns(ctx: SandboxContext, teamId?: string): Promise<CampaignRunSummary> {
  return campaignRunner(ctx).run(teamId);
}

function createRunner(ctx: SandboxContext): CampaignRunner {
  // Where each team's reading of `message.received` events stands, with the ID of the event
  // at that seq, so a reset (seqs start again) is noticed and the cursor found afresh.
  const cursors = new Map<string, { seq: number; eventId: string | null }>();
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  async function runOnce(teamId?: string): Promise<CampaignRunSummary> {
    const summary: CampaignRunSummary = { sent: 0, replies: 0, simulatedReplies: 0, completed: [] };
    const started = await ctx.store.db
      .selectDistinct({ teamId: campaigns.teamId })
      .from(campaigns)
      .where(and(ne(campaigns.status, "draft"), teamId ? eq(campaigns.teamId, teamId) : undefined))
      .orderBy(asc(campaigns.teamId));
    for (const team of started) await runTeam(team.teamId, summary);
    return summary;
  }

  async function runTeam(teamId: string, summary: CampaignRunSummary) {
    const now = ctx.store.clock.now();
    summary.simulatedReplies += await injectDueReplies(ctx, teamId, now);
    const cursor = await cursorOf(teamId, now);
    summary.replies += await processReplies(ctx, teamId, cursor);
    await saveCursor(teamId, cursor);

    const active = await ctx.store.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.teamId, teamId), eq(campaigns.status, "active")))
      .orderBy(asc(campaigns.id));
    for (const campaign of active) {
      if (!(await hasTargets(campaign.id))) await ctx.store.write(teamId, (tx) => ensureCampaignTargets(tx, teamId, campaign, now));
      if (isSendingTime(now, campaign.scheduleTimezone, campaign.scheduleHours)) summary.sent += await sendDue(teamId, campaign, now);
      if (await complete(teamId, campaign.id)) summary.completed.push(campaign.id);
    }
  }

  async function sendDue(teamId: string, campaign: typeof campaigns.$inferSelect, now: Date): Promise<number> {
    const links = await campaignLinks(ctx.store.db, teamId, campaign);
    const allowances = await linkAllowances(ctx.store.db, teamId, campaign, links.map((l) => l.id), now);
    const run: SendRun = { ctx, teamId, campaign, sequence: await loadSequence(ctx.store.db, campaign.id), links, allowances, now };
    let sent = 0;
    for (const platform of [...new Set(links.map((l) => l.platform))]) {
      const allowance = () => links.filter((l) => l.platform === platform).reduce((sum, l) => sum + (allowances.get(l.id) ?? 0), 0);
      if (allowance() === 0) continue;
      // Conversations under way first, so a follow-up never waits behind a list of newcomers;
      // each stage read in the order of its due index, oldest due first.
      for (const stage of ["contacted", "pending"] as const) {
        if (allowance() === 0) break;
        // A few more than the allowance: some due targets only move on (a delay, a cancel) without sending.
        const due = await ctx.store.db
          .select({ platform: campaignTargets.platform, platformId: campaignTargets.platformId })
          .from(campaignTargets)
          .where(
            and(
              eq(campaignTargets.teamId, teamId),
              eq(campaignTargets.stage, stage),
              lte(campaignTargets.nextDueAt, now),
              eq(campaignTargets.campaignId, campaign.id),
              eq(campaignTargets.platform, platform),
            ),
          )
          .orderBy(asc(campaignTargets.nextDueAt))
          .limit(allowance() * 2 + 10);
        for (const person of due) {
          if (allowance() === 0) break;
          if ((await sendDueStep(run, person)) === "sent") sent++;
        }
      }
    }
    return sent;
  }

  async function hasTargets(campaignId: string): Promise<boolean> {
    const [row] = await ctx.store.db.select({ one: sql`1` }).from(campaignTargets).where(eq(campaignTargets.campaignId, campaignId)).limit(1);
    return row !== undefined;
  }

  /** Completes an active campaign whose targets are all done; one with no targets waits for some. */
  async function complete(teamId: string, campaignId: string): Promise<boolean> {
    const [open] = await ctx.store.db
      .select({ one: sql`1` })
      .from(campaignTargets)
      .where(and(eq(campaignTargets.campaignId, campaignId), inArray(campaignTargets.stage, [...OPEN_STAGES])))
      .limit(1);
    if (open || !(await hasTargets(campaignId))) return false;
    return ctx.store.write(teamId, async (tx, record) => {
      const now = ctx.store.clock.now();
      const [done] = await tx
        .update(campaigns)
        .set({ status: "completed", completedAt: now, updatedAt: now })
        .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "active")))
        .returning({ id: campaigns.id });
      if (done) record({ type: "campaign.completed", objectType: "campaign", objectId: campaignId, data: { campaignId, status: "completed" } });
      return done !== undefined;
    });
  }

  async function cursorOf(teamId: string, now: Date): Promise<{ seq: number }> {
    const known = cursors.get(teamId);
    if (known) {
      if (known.eventId === null) return { seq: known.seq };
      const [at] = await ctx.store.db.select({ id: events.id }).from(events).where(and(eq(events.teamId, teamId), eq(events.seq, known.seq)));
      if (at?.id === known.eventId) return { seq: known.seq };
    }
    // First run, or the log started again: read from the oldest event still kept (7 days).
    // Targets remember the last reply they counted, so reading again counts nothing twice.
    const [oldest] = await ctx.store.db
      .select({ seq: sql<number | null>`min(${events.seq})` })
      .from(events)
      .where(and(eq(events.teamId, teamId), gte(events.createdAt, new Date(now.getTime() - 7 * 86_400_000))));
    if (oldest?.seq != null) return { seq: Number(oldest.seq) - 1 };
    const [team] = await ctx.store.db.select({ lastSeq: teams.lastSeq }).from(teams).where(eq(teams.id, teamId));
    return { seq: team?.lastSeq ?? 0 };
  }

  async function saveCursor(teamId: string, cursor: { seq: number }) {
    const [at] = await ctx.store.db.select({ id: events.id }).from(events).where(and(eq(events.teamId, teamId), eq(events.seq, cursor.seq)));
    cursors.set(teamId, { seq: cursor.seq, eventId: at?.id ?? null });
  }

  function run(teamId?: string): Promise<CampaignRunSummary> {
    const result = queue.then(() => runOnce(teamId));
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    run,
    startTimer(intervalMs = CAMPAIGN_TIMER_MS) {
      if (timer) return;
      let busy = false;
      let failing = false;
      timer = setInterval(() => {
        if (busy) return;
        busy = true;
        run()
          .then(() => {
            failing = false;
          })
          .catch((error: unknown) => {
            // Logged once per run of failures, not on every tick.
            if (!failing) console.warn(`[sandbox campaigns] a run failed: ${error instanceof Error ? error.message : String(error)}`);
            failing = true;
          })
          .finally(() => {
            busy = false;
          });
      }, intervalMs);
      // The runner must never keep the process alive on its own.
      timer.unref();
    },
    stopTimer() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
