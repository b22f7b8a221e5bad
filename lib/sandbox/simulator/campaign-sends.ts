import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/connection";
import type { SandboxContext } from "../context";
import {
  nextDueOf,
  nextMessageStep,
  stateOf,
  updatePersonLeads,
  type StepRow,
  type TargetRow,
  type TargetState,
} from "../model/campaign-targets";
import {
  appendMessage,
  createProfile,
  ensureContact,
  findProfile,
  requirePlatformRow,
  startThread,
  type AccountLinkRow,
  type ThreadRow,
} from "../model/conversations";
import { accountLinks, campaigns, campaignTargets, outreachColumns, outreachLeads, profiles, threads } from "../schema";
import { fireAutomations } from "./campaign-automations";
import { composeMessage, simulatedReply } from "./campaign-messages";

/**
 * One due step of one target, in one transaction: the person's next message goes out
 * through the simulated platform (profile, contact and thread made as needed), with its
 * events (`message.sent`, `target.contacted` or `target.followUpSent`, and `thread.created` /
 * `contact.created` for someone new), or the target waits, finishes, or is dropped.
 *
 * The account: a follow-up goes where the first message went. A first message goes into an
 * existing thread between one of the campaign's accounts and the person if there is one, else
 * from the campaign's active account on the person's platform that can start threads and has
 * the most of its hourly allowance left (in `accountLinkIds` order on a tie): round-robin.
 * The thread carries the campaign (`campaignId`) unless another campaign started it.
 */
type CampaignRow = typeof campaigns.$inferSelect;
type ColumnRow = typeof outreachColumns.$inferSelect;

export type SendRun = {
  ctx: SandboxContext;
  teamId: string;
  campaign: CampaignRow;
  sequence: StepRow[];
  /** The campaign's account links, in `accountLinkIds` order, whatever their status. */
  links: AccountLinkRow[];
  /** What each link may still send in this run; a send takes one. */
  allowances: Map<string, number>;
  now: Date;
};

/** `blocked`: due, but no account may send for it now; it stays due. */
export type SendOutcome = "sent" | "waiting" | "blocked" | "finished" | "canceled" | "skipped" | "gone";

export async function sendDueStep(run: SendRun, person: Pick<TargetRow, "platform" | "platformId">): Promise<SendOutcome> {
  const { ctx, teamId, campaign, sequence } = run;
  const result = await ctx.store.write(teamId, async (tx, record): Promise<{ outcome: SendOutcome; linkId?: string }> => {
    // What is due is decided at the run's time; what happens is stamped with the clock's.
    const now = ctx.store.clock.now();
    const [target] = await tx
      .select()
      .from(campaignTargets)
      .where(and(eq(campaignTargets.campaignId, campaign.id), eq(campaignTargets.platform, person.platform), eq(campaignTargets.platformId, person.platformId)))
      .for("update");
    if (!target || !["pending", "contacted"].includes(target.stage) || !target.nextDueAt || target.nextDueAt > run.now) return { outcome: "gone" };
    const state = stateOf(target);
    const done = (stage: "finished" | "canceled" | "skipped", reason?: string) => closeTarget(tx, target, stage, reason, now);

    const leads = await tx
      .select()
      .from(outreachLeads)
      .where(
        and(
          eq(outreachLeads.teamId, teamId),
          eq(outreachLeads.platform, target.platform),
          eq(outreachLeads.platformId, target.platformId),
          sql`${outreachLeads.listId} in (select list_id from sandbox.campaign_lists where campaign_id = ${campaign.id} and not exclude)`,
        ),
      )
      .orderBy(asc(outreachLeads.id));
    if (leads.some((l) => l.stage === "canceled")) return { outcome: await done("canceled") };
    const lead = leads.find((l) => l.id === target.leadId) ?? leads[0];
    if (!lead) return { outcome: await done("skipped", "noLead") };

    const position = nextMessageStep(sequence, target.stepIndex, state.stepDueAt ? new Date(state.stepDueAt) : target.nextDueAt);
    if (!position) {
      await done("finished");
      await fireAutomations(tx, record, campaign, ["sequenceCompleted"], await contactOf(tx, target.threadId), now);
      return { outcome: "finished" };
    }
    if (position.dueAt > run.now) {
      const next: TargetState = { ...state, stepDueAt: position.dueAt.toISOString() };
      await saveTarget(tx, target, { stepIndex: position.index, state: next, nextDueAt: nextDueOf(target.stage, next), updatedAt: now });
      return { outcome: "waiting" };
    }

    const route = await routeFor(tx, run, target);
    if (route.kind !== "send") return route.kind === "skipped" ? { outcome: await done("skipped", route.reason) } : { outcome: "blocked" };
    const { link } = route;
    const step = sequence[position.index]!;
    const platform = await requirePlatformRow(tx, link.platform);
    let content = composeMessage(step.data.segments, lead, await columnsOf(tx, lead.listId), `${campaign.id}|${target.platform}:${target.platformId}|${step.id}`);
    if (platform.limits.messageLength !== null) content = [...content].slice(0, platform.limits.messageLength).join("");
    if (content.trim() === "") return { outcome: await done("skipped", "emptyMessage") };

    let profile = (await findProfile(tx, teamId, target.platform, target.platformId)) ?? (await createProfileFromLead(tx, teamId, lead));
    ({ profile } = await ensureContact(tx, record, profile, now));
    let thread: ThreadRow = route.thread ?? (await startThread(tx, record, { link, profile, acceptanceState: "accepted", now }));
    if (thread.campaignId === null) {
      thread = (await tx.update(threads).set({ campaignId: campaign.id }).where(eq(threads.id, thread.id)).returning())[0] ?? thread;
    }
    const appended = await appendMessage(tx, thread, platform, {
      direction: "outbound",
      content,
      sentBy: { type: "campaign", campaignId: campaign.id },
      confirmed: true,
      now,
      threadChanges: thread.acceptanceState === "pending" ? { acceptanceState: "accepted" } : undefined,
    });
    const first = target.contactedAt === null;
    const ids = { threadId: appended.thread.id, messageId: appended.message.id };
    record({ type: "message.sent", objectType: "message", objectId: appended.message.id, data: ids });
    record({
      type: first ? "target.contacted" : "target.followUpSent",
      objectType: "campaign",
      objectId: campaign.id,
      data: { campaignId: campaign.id, ...ids, accountLinkId: link.id, platform: target.platform, platformId: target.platformId, stepId: step.id },
    });

    const next = nextMessageStep(sequence, position.index + 1, now);
    const stage = next ? "contacted" : "finished";
    const seed = `${campaign.id}|${target.platform}:${target.platformId}|${step.id}`;
    const nextState: TargetState = { ...state, stepDueAt: next?.dueAt.toISOString() ?? null, reply: state.reply ?? simulatedReply(seed, first, now) };
    await saveTarget(tx, target, {
      stage,
      stepIndex: next?.index ?? sequence.length,
      state: nextState,
      nextDueAt: nextDueOf(stage, nextState),
      accountLinkId: link.id,
      threadId: appended.thread.id,
      contactedAt: target.contactedAt ?? now,
      lastSentAt: now,
      updatedAt: now,
    });
    await updatePersonLeads(tx, teamId, target, { contactedAt: now, thread: { id: appended.thread.id, accountLinkId: link.id, createdAt: appended.thread.createdAt } });
    if (first) {
      await tx
        .update(campaigns)
        .set({ contactedCount: sql`${campaigns.contactedCount} + 1`, estimatedTargets: sql`greatest(${campaigns.estimatedTargets} - 1, 0)` })
        .where(eq(campaigns.id, campaign.id));
    }
    if (!next) await fireAutomations(tx, record, campaign, ["sequenceCompleted"], appended.thread.contactId, now);
    return { outcome: "sent", linkId: link.id };
  });
  if (result.linkId) run.allowances.set(result.linkId, (run.allowances.get(result.linkId) ?? 1) - 1);
  return result.outcome;
}

type Route = { kind: "send"; link: AccountLinkRow; thread: ThreadRow | null } | { kind: "blocked" } | { kind: "skipped"; reason: string };

async function routeFor(tx: Database, run: SendRun, target: TargetRow): Promise<Route> {
  const onPlatform = run.links.filter((l) => l.platform === target.platform);
  if (onPlatform.length === 0) return { kind: "skipped", reason: "noAccountLink" };
  const canSend = (link: AccountLinkRow) => link.status === "active" && link.capabilities.includes("message:send") && (run.allowances.get(link.id) ?? 0) > 0;
  const viaThread = (thread: ThreadRow): Route => {
    const link = onPlatform.find((l) => l.id === thread.accountLinkId);
    if (thread.restrictions.includes("message:send")) return { kind: "skipped", reason: "restricted" };
    return link && canSend(link) ? { kind: "send", link, thread } : { kind: "blocked" };
  };

  let existing: ThreadRow[] = [];
  if (target.threadId) {
    existing = await tx.select().from(threads).where(and(eq(threads.teamId, run.teamId), eq(threads.id, target.threadId)));
  } else {
    const [profile] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.teamId, run.teamId), eq(profiles.platform, target.platform), eq(profiles.platformId, target.platformId)));
    if (profile) {
      existing = await tx
        .select()
        .from(threads)
        .where(and(eq(threads.teamId, run.teamId), eq(threads.profileId, profile.id), inArray(threads.accountLinkId, onPlatform.map((l) => l.id))))
        .orderBy(asc(threads.createdAt), asc(threads.id));
    }
  }
  // A conversation already going on with one of the campaign's accounts is where it speaks,
  // unless that account is gone from the campaign or offline for good: then a new one starts.
  const usable = existing.find((t) => onPlatform.some((l) => l.id === t.accountLinkId && l.status === "active"));
  if (usable) return viaThread(usable);
  if (target.threadId && existing.length) return { kind: "blocked" };

  const starters = onPlatform.filter((l) => l.capabilities.includes("thread:create"));
  if (starters.length === 0) return { kind: "skipped", reason: "noAccountLink" };
  let best: AccountLinkRow | null = null;
  for (const link of starters) {
    if (canSend(link) && (!best || run.allowances.get(link.id)! > run.allowances.get(best.id)!)) best = link;
  }
  return best ? { kind: "send", link: best, thread: null } : { kind: "blocked" };
}

async function saveTarget(tx: Database, target: TargetRow, changes: Partial<typeof campaignTargets.$inferInsert>) {
  await tx
    .update(campaignTargets)
    .set(changes)
    .where(and(eq(campaignTargets.campaignId, target.campaignId), eq(campaignTargets.platform, target.platform), eq(campaignTargets.platformId, target.platformId)));
}

/** A target that will get no more messages; a scheduled reply to what it already got still comes. */
async function closeTarget(tx: Database, target: TargetRow, stage: "finished" | "canceled" | "skipped", reason: string | undefined, now: Date): Promise<SendOutcome> {
  const state: TargetState = { ...stateOf(target), stepDueAt: null, ...(stage === "finished" ? {} : { reply: null }), ...(reason ? { reason } : {}) };
  await saveTarget(tx, target, { stage, state, nextDueAt: nextDueOf(stage, state), updatedAt: now });
  if (target.stage === "pending") {
    await tx.update(campaigns).set({ estimatedTargets: sql`greatest(${campaigns.estimatedTargets} - 1, 0)` }).where(eq(campaigns.id, target.campaignId));
  }
  return stage;
}

async function contactOf(tx: Database, threadId: string | null): Promise<string | null> {
  if (!threadId) return null;
  const [row] = await tx.select({ contactId: threads.contactId }).from(threads).where(eq(threads.id, threadId));
  return row?.contactId ?? null;
}

async function columnsOf(tx: Database, listId: string): Promise<ColumnRow[]> {
  return tx.select().from(outreachColumns).where(eq(outreachColumns.listId, listId));
}

/** Someone the service has not talked to: the profile says what the lead knows of them. */
async function createProfileFromLead(tx: Database, teamId: string, lead: typeof outreachLeads.$inferSelect) {
  const created = await createProfile(tx, teamId, lead.platform, lead.platformId, { username: lead.username, displayName: lead.displayName });
  const [row] = await tx
    .update(profiles)
    .set({
      avatarUrl: lead.image,
      bio: lead.bio,
      followerCount: lead.followerCount,
      followingCount: lead.followingCount,
      verified: lead.verified !== "none",
      isOrganization: lead.profileType === "business",
      profileUrl: lead.profileUrl,
    })
    .where(eq(profiles.id, created.id))
    .returning();
  return row ?? created;
}

/** The campaign's account links, in its `accountLinkIds` order. */
export async function campaignLinks(db: Database, teamId: string, campaign: CampaignRow): Promise<AccountLinkRow[]> {
  if (campaign.accountLinkIds.length === 0) return [];
  const rows = await db.select().from(accountLinks).where(and(eq(accountLinks.teamId, teamId), inArray(accountLinks.id, campaign.accountLinkIds)));
  return campaign.accountLinkIds.map((id) => rows.find((r) => r.id === id)).filter((r): r is AccountLinkRow => r !== undefined);
}
