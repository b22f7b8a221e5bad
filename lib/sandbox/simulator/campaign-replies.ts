import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { SandboxContext } from "../context";
import { nextDueOf, REPLYABLE_STAGES, stateOf, updatePersonLeads, type TargetState } from "../model/campaign-targets";
import { campaigns, campaignTargets, events, messages, threads } from "../schema";
import { fireAutomations } from "./campaign-automations";
import { injectInbound } from "./simulator";

/**
 * Replies to campaigns. A target replies when an inbound message arrives in their thread
 * after the campaign's first message, however it arrived (the control API's /inbound, live
 * mode, or the runner's simulated people). The runner reads the event log's
 * `message.received` events after a cursor, so nothing posted between runs is missed:
 * - the first reply: stage `replied`, no more messages, `target.replied`, `repliesCount` + 1,
 *   `lastRepliedAt` on the person's leads, and the `firstReply` and `anyReply` automations;
 * - a later one: the `anyReply` automations.
 * Replies count in any campaign status: people answer paused and completed campaigns too.
 */
const PAGE = 500;

/** Handles the team's inbound messages after `cursor.seq`, moving the cursor on. Answers how many were replies. */
export async function processReplies(ctx: SandboxContext, teamId: string, cursor: { seq: number }): Promise<number> {
  const { db } = ctx.store;
  let replies = 0;
  for (;;) {
    const page = await db
      .select({ seq: events.seq, data: events.data })
      .from(events)
      .where(and(eq(events.teamId, teamId), gt(events.seq, cursor.seq), eq(events.type, "message.received")))
      .orderBy(asc(events.seq))
      .limit(PAGE);
    if (page.length === 0) return replies;
    const threadIds = [...new Set(page.map((e) => e.data.threadId).filter((id): id is string => typeof id === "string"))];
    const watched = threadIds.length
      ? new Set(
          (
            await db
              .select({ threadId: campaignTargets.threadId })
              .from(campaignTargets)
              .where(and(inArray(campaignTargets.threadId, threadIds), inArray(campaignTargets.stage, [...REPLYABLE_STAGES])))
          ).map((r) => r.threadId),
        )
      : new Set<string | null>();
    for (const event of page) {
      const { threadId, messageId } = event.data;
      if (typeof threadId === "string" && typeof messageId === "string" && watched.has(threadId)) {
        replies += await handleInbound(ctx, teamId, threadId, messageId, event.seq);
      }
      cursor.seq = event.seq;
    }
    if (page.length < PAGE) return replies;
  }
}

async function handleInbound(ctx: SandboxContext, teamId: string, threadId: string, messageId: string, seq: number): Promise<number> {
  return ctx.store.write(teamId, async (tx, record) => {
    const targets = await tx
      .select()
      .from(campaignTargets)
      .where(and(eq(campaignTargets.teamId, teamId), eq(campaignTargets.threadId, threadId), inArray(campaignTargets.stage, [...REPLYABLE_STAGES])))
      .for("update");
    const [message] = await tx.select().from(messages).where(and(eq(messages.teamId, teamId), eq(messages.id, messageId)));
    const [thread] = await tx.select().from(threads).where(and(eq(threads.teamId, teamId), eq(threads.id, threadId)));
    if (!message || message.direction !== "inbound" || !thread) return 0;
    let replies = 0;
    for (const target of targets) {
      const state = stateOf(target);
      if (seq <= (state.replySeq ?? 0) || !target.contactedAt || message.sentAt < target.contactedAt) continue;
      const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, target.campaignId));
      if (!campaign) continue;
      const key = and(eq(campaignTargets.campaignId, target.campaignId), eq(campaignTargets.platform, target.platform), eq(campaignTargets.platformId, target.platformId));
      if (target.stage === "replied") {
        await tx.update(campaignTargets).set({ state: { ...state, replySeq: seq }, updatedAt: message.sentAt }).where(key);
        await fireAutomations(tx, record, campaign, ["anyReply"], thread.contactId, ctx.store.clock.now());
        continue;
      }
      const next: TargetState = { ...state, replySeq: seq, stepDueAt: null, reply: null };
      await tx
        .update(campaignTargets)
        .set({ stage: "replied", repliedAt: message.sentAt, state: next, nextDueAt: nextDueOf("replied", next), updatedAt: ctx.store.clock.now() })
        .where(key);
      await updatePersonLeads(tx, teamId, target, { repliedAt: message.sentAt });
      await tx.update(campaigns).set({ repliesCount: sql`${campaigns.repliesCount} + 1` }).where(eq(campaigns.id, campaign.id));
      record({
        type: "target.replied",
        objectType: "campaign",
        objectId: campaign.id,
        data: { campaignId: campaign.id, threadId, messageId, accountLinkId: thread.accountLinkId, platform: target.platform, platformId: target.platformId },
      });
      await fireAutomations(tx, record, campaign, ["firstReply", "anyReply"], thread.contactId, ctx.store.clock.now());
      replies++;
    }
    return replies;
  });
}

/**
 * Simulated people answer: replies the runner scheduled when it sent (a seeded chance, some
 * simulated minutes or hours later) are posted into the thread once due, through the same
 * path as the control API's /inbound. The schedule is cleared first, so a failure (the
 * thread was deleted) loses that reply rather than repeating it.
 */
export async function injectDueReplies(ctx: SandboxContext, teamId: string, now: Date): Promise<number> {
  const due = await ctx.store.db
    .select()
    .from(campaignTargets)
    .where(
      and(
        eq(campaignTargets.teamId, teamId),
        inArray(campaignTargets.stage, ["contacted", "finished"]),
        lte(campaignTargets.nextDueAt, now),
        sql`(${campaignTargets.state}->'reply'->>'at')::timestamptz <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(campaignTargets.nextDueAt))
    .limit(PAGE);
  let injected = 0;
  for (const target of due) {
    const reply = stateOf(target).reply;
    if (!reply || !target.threadId) continue;
    const claimed = await ctx.store.write(teamId, async (tx) => {
      const [current] = await tx
        .select()
        .from(campaignTargets)
        .where(and(eq(campaignTargets.campaignId, target.campaignId), eq(campaignTargets.platform, target.platform), eq(campaignTargets.platformId, target.platformId)))
        .for("update");
      const state = current ? stateOf(current) : null;
      if (!current || !state?.reply || state.reply.at !== reply.at) return false;
      const next: TargetState = { ...state, reply: null };
      await tx
        .update(campaignTargets)
        .set({ state: next, nextDueAt: nextDueOf(current.stage, next) })
        .where(and(eq(campaignTargets.campaignId, current.campaignId), eq(campaignTargets.platform, current.platform), eq(campaignTargets.platformId, current.platformId)));
      return true;
    });
    if (!claimed) continue;
    try {
      await injectInbound(ctx, teamId, { threadId: target.threadId, content: reply.content }, () => "");
      injected++;
    } catch {
      // The conversation is gone: the person has nowhere to answer.
    }
  }
  return injected;
}
