import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { campaign as campaignSchema } from "@/lib/api/outreach/campaigns";
import { successResult } from "@/lib/api/outreach/import-jobs";
import { message as messageSchema } from "@/lib/api/messages";
import { accountLink, type AccountLink } from "@/lib/api/platforms";
import { page } from "@/lib/api/primitives";
import { thread as threadSchema, type Thread } from "@/lib/api/threads";
import { v1ThreadPage } from "@/lib/api/v1/threads";
import { DONE_STAGES } from "../model/campaign-targets";
import { campaignTargets } from "../schema";
import { expectOk, sandboxForFile } from "../testing/harness";
import { expectV1Ok, v1 } from "../testing/v1";
import { advance, clockTo, eventsAfter, leadOf, ofType, runNow, setCampaign, targetsOf } from "./campaign-test-kit";

/**
 * The campaign runner through real HTTP and the sandbox clock: what the seed leaves, then
 * the active campaign (cmp0001, Europe/Berlin, weekdays 9:00–17:00) sending. 20 November
 * 2026 is a Friday; in November Berlin is UTC+1.
 */
const t = sandboxForFile();
let acme: string;
let instagram: AccountLink[];
const threadPage = page(threadSchema);
const campaignOf = async (id: string) => expectOk(await t.request("GET", `/campaigns/${id}`), campaignSchema);
const threadsOf = async (campaignId: string) => expectOk(await t.request("GET", `/threads?campaignId=${campaignId}&folder=all&limit=100`), threadPage).data;
const messagesOf = async (threadId: string) => expectOk(await t.request("GET", `/threads/${threadId}/messages?limit=100`), page(messageSchema)).data;

beforeAll(async () => {
  ({ acme } = await t.teamIds());
  // Imports add leads as the clock moves; paused, the lists hold still.
  for (const list of ["lst0001", "lst0002", "lst0003"]) expectOk(await t.request("POST", `/lists/${list}/import-jobs/bulk-pause`, { body: {} }), successResult);
  const links = expectOk(await t.request("GET", "/account-links?limit=100"), page(accountLink)).data;
  instagram = links.filter((l) => l.platform === "instagram" && l.status === "active" && l.capabilities.includes("thread:create"));
}, 120_000);

describe("the seeded campaigns", () => {
  it("have targets, and threads whose campaign messages and replies match their numbers", async () => {
    for (const id of ["cmp0001", "cmp0002"]) {
      const campaign = await campaignOf(id);
      const threads = await threadsOf(id);
      let replied = 0;
      for (const thread of threads) {
        const messages = (await messagesOf(thread.id)).reverse();
        const first = messages.findIndex((m) => m.sentBy?.type === "campaign");
        expect(messages[first]).toMatchObject({ direction: "outbound", sentBy: { type: "campaign", campaignId: id } });
        if (messages.slice(first).some((m) => m.direction === "inbound")) replied++;
      }
      expect(campaign.contactedCount, id).toBe(threads.length);
      expect(campaign.repliesCount, id).toBe(replied);
      expect(campaign.contactedCount).toBeGreaterThan(0);
    }
    const completed = await campaignOf("cmp0002");
    const done = await targetsOf(t, "cmp0002");
    expect(done.length).toBe(completed.targetsCount);
    for (const target of done) {
      expect(DONE_STAGES).toContain(target.stage);
      expect(Date.parse(completed.completedAt!)).toBeGreaterThanOrEqual((target.repliedAt ?? target.lastSentAt)!.getTime());
    }
    // The paused campaign has reached nobody yet; its targets wait.
    const paused = await campaignOf("cmp0003");
    const waiting = await targetsOf(t, "cmp0003");
    expect(waiting.length).toBe(paused.targetsCount);
    expect(new Set(waiting.map((w) => w.stage))).toEqual(new Set(["pending"]));
    expect((await campaignOf("cmp0001")).estimatedTargets).toBe((await targetsOf(t, "cmp0001")).filter((x) => x.stage === "pending").length);
  });
});

describe("sending", () => {
  it("sends first messages inside the schedule only, at most the hourly rate per account, round-robin", async () => {
    const before = await campaignOf("cmp0001");
    const ids = [...new Set([...instagram.map((l) => l.id), ...before.accountLinkIds])];
    expect(instagram.length).toBeGreaterThanOrEqual(2);
    await setCampaign(t, "cmp0001", { accountLinkIds: ids, hourlyMessageRate: 2 });

    clockTo(t, "2026-11-21T12:00:00Z"); // Saturday
    expect((await runNow(t)).sent).toBe(0);
    clockTo(t, "2026-11-23T07:59:00Z"); // Monday 08:59 in Berlin
    expect((await runNow(t)).sent).toBe(0);

    // The first target due already talks with the team on one account: it goes there.
    const pending = (await targetsOf(t, "cmp0001")).filter((x) => x.stage === "pending")[0]!;
    const earliest = new Date("2026-01-01T00:00:00Z");
    await t.sandbox.context.store.db
      .update(campaignTargets)
      .set({ nextDueAt: earliest, state: { ...(pending.state as object), stepDueAt: earliest.toISOString() } })
      .where(and(eq(campaignTargets.campaignId, "cmp0001"), eq(campaignTargets.platformId, pending.platformId)));
    const talking = instagram.at(-1)!;
    const opened = await t.request("POST", "//_sandbox/inbound", {
      body: { accountLinkId: talking.id, content: "Saw your profile, hi!", profile: { platformId: pending.platformId } },
    });
    expect(opened.status).toBe(201);
    const existing = (opened.json as { thread: Thread }).thread;

    const seq = await t.seqOf(acme);
    clockTo(t, "2026-11-23T08:00:00Z");
    const first = await runNow(t);
    expect(first.sent).toBe(2 * instagram.length);
    const events = await eventsAfter(t, seq);
    const contacted = ofType(events, "target.contacted");
    expect(contacted).toHaveLength(first.sent);
    for (const link of instagram) expect(contacted.filter((e) => e.data.accountLinkId === link.id), link.id).toHaveLength(2);
    expect(contacted.find((e) => e.data.platformId === pending.platformId)?.data).toMatchObject({ accountLinkId: talking.id, threadId: existing.id });
    // Someone new gets a contact and a thread; the one already talking keeps theirs.
    expect(ofType(events, "thread.created")).toHaveLength(first.sent - 1);
    expect(ofType(events, "contact.created")).toHaveLength(first.sent - 1);

    const after = await campaignOf("cmp0001");
    expect(after.contactedCount).toBe(before.contactedCount + first.sent);
    expect(after.estimatedTargets).toBe(before.estimatedTargets - first.sent);
    expect(after.completionRate).toBe(Math.round((after.contactedCount / after.targetsCount) * 10_000) / 10_000);

    // The hour's budget is spent: nothing more until the first sends leave the hour.
    expect((await runNow(t)).sent).toBe(0);
    const mid = await t.seqOf(acme);
    await advance(t, 30 * 60);
    expect(ofType(await eventsAfter(t, mid), "target.contacted")).toHaveLength(0);
    await advance(t, 31 * 60);
    const next = ofType(await eventsAfter(t, mid), "target.contacted");
    expect(next).toHaveLength(2 * instagram.length);
    for (const link of instagram) expect(next.filter((e) => e.data.accountLinkId === link.id)).toHaveLength(2);
  });

  it("sends outbound messages by the campaign, with the lead's variables and one variation, in threads that carry the campaign", async () => {
    const { acme: team } = await t.teamIds();
    const sent = ofType(await eventsAfter(t, 0), "target.contacted").filter((e) => e.data.campaignId === "cmp0001");
    expect(sent.length).toBeGreaterThan(0);
    const greetings = new Set<string>();
    const byCampaign = new Set((await threadsOf("cmp0001")).map((th) => th.id));
    const v1Threads = expectV1Ok(await v1(t)("GET", "/threads?limit=100&filters[campaigns][selectedIds][0]=cmp0001"), v1ThreadPage).threads;
    for (const event of sent) {
      const message = expectOk(await t.request("GET", `/messages/${event.data.messageId}`), messageSchema);
      expect(message).toMatchObject({ direction: "outbound", sentBy: { type: "campaign", campaignId: "cmp0001" }, accountLinkId: event.data.accountLinkId });
      const target = (await targetsOf(t, "cmp0001")).find((x) => x.platformId === event.data.platformId)!;
      const lead = await leadOf(t, target.leadId);
      const company = lead.data.custom_col0001;
      const match = /^(Hi|Hey|Hello) (\S+), how is (?:(.+) )?doing this quarter\?$/.exec(message.content!);
      expect(match, message.content!).not.toBeNull();
      greetings.add(match![1]!);
      expect(match![2]).toBe(lead.displayName!.split(" ")[0]);
      // A lead without the column's value leaves a gap, tidied.
      expect(match![3]).toBe(company === undefined ? undefined : String(company));

      expect(byCampaign.has(event.data.threadId as string)).toBe(true);
      const thread = expectOk(await t.request("GET", `/threads/${event.data.threadId}`), threadSchema);
      expect(thread).toMatchObject({ campaignId: "cmp0001", acceptanceState: "accepted", lastMessage: expect.anything() });
      expect(v1Threads.some((th) => th.id === thread.id)).toBe(true);

      // The person's lead follows: contacted, with the thread and account that reached them.
      expect(lead).toMatchObject({ stage: "contacted", threadId: thread.id, accountLinkId: event.data.accountLinkId });
      expect(lead.lastContactedAt?.toISOString()).toBe(message.sentAt);
      expect(lead.threads.map((x) => x.id)).toContain(thread.id);
      expect(target).toMatchObject({ teamId: team, stage: "contacted", threadId: thread.id });
    }
    // One option per send, not always the same one.
    expect(greetings.size).toBeGreaterThan(1);
  });

  it("sends follow-ups after the delay, in the same thread, before any newcomer", async () => {
    const targets = (await targetsOf(t, "cmp0001")).filter((x) => x.stage === "contacted");
    expect(targets.length).toBeGreaterThan(0);
    // Two days after the first sends (the delay), Wednesday morning in Berlin.
    clockTo(t, "2026-11-25T08:30:00Z");
    const seq = await t.seqOf(acme);
    const result = await runNow(t);
    const events = await eventsAfter(t, seq);
    const followUps = ofType(events, "target.followUpSent");
    const stillContacted = (await targetsOf(t, "cmp0001")).filter((x) => targets.some((y) => y.platformId === x.platformId));
    // Whoever replied meanwhile (the simulated people answer some messages) gets nothing more.
    for (const target of stillContacted.filter((x) => x.stage === "replied")) {
      expect(followUps.some((e) => e.data.platformId === target.platformId)).toBe(false);
    }
    expect(followUps.length).toBe(Math.min(result.sent, stillContacted.filter((x) => x.stage === "finished").length));
    expect(ofType(events, "target.contacted")).toHaveLength(result.sent - followUps.length);
    for (const event of followUps) {
      const earlier = targets.find((x) => x.platformId === event.data.platformId)!;
      expect(event.data.threadId).toBe(earlier.threadId);
      expect(event.data.accountLinkId).toBe(earlier.accountLinkId);
      const message = expectOk(await t.request("GET", `/messages/${event.data.messageId}`), messageSchema);
      expect(message.content).toMatch(/^Following up, \S+: happy to share how teams like .* grew with us\.$/);
      // The last message of the sequence: the person's sequence is finished.
      // Its sequence is finished: only a simulated reply may still be scheduled.
      const now = stillContacted.find((x) => x.platformId === event.data.platformId)!;
      expect(now.stage).toBe("finished");
      expect(now.nextDueAt?.toISOString() ?? null).toBe((now.state as { reply?: { at: string } | null }).reply?.at ?? null);
    }
    expect(followUps.length).toBeGreaterThan(0);
  });
});

describe("pause, start and lead cancel", () => {
  it("sends nothing while paused, resumes on start, and never again to a canceled lead", async () => {
    clockTo(t, "2026-11-26T09:00:00Z"); // Thursday 10:00 in Berlin
    await setCampaign(t, "cmp0001", { hourlyMessageRate: 60 });
    expectOk(await t.request("POST", "/campaigns/cmp0001/pause", { body: {} }), campaignSchema);
    expect((await runNow(t)).sent).toBe(0);
    expect((await campaignOf("cmp0001")).status).toBe("paused");

    // Cancel someone who is next in line.
    const next = (await targetsOf(t, "cmp0001")).filter((x) => x.stage === "pending").sort((a, b) => a.nextDueAt!.getTime() - b.nextDueAt!.getTime())[0]!;
    const waiting = (await campaignOf("cmp0001")).estimatedTargets;
    expectOk(await t.request("POST", `/campaigns/cmp0001/leads/${next.platformId}/cancel`, { body: { platform: "instagram" } }), successResult);
    expect((await campaignOf("cmp0001")).estimatedTargets).toBe(waiting - 1);

    const seq = await t.seqOf(acme);
    expect(expectOk(await t.request("POST", "/campaigns/cmp0001/start", { body: {} }), campaignSchema).status).toBe("active");
    const resumed = await runNow(t);
    expect(resumed.sent).toBeGreaterThan(0);
    const events = await eventsAfter(t, seq);
    expect(events[0]).toMatchObject({ type: "campaign.resumed", object: { type: "campaign", id: "cmp0001" } });
    expect(events.some((e) => e.type.startsWith("target.") && e.data.platformId === next.platformId)).toBe(false);
    expect((await targetsOf(t, "cmp0001")).find((x) => x.platformId === next.platformId)).toMatchObject({ stage: "canceled" });
  });
});

describe("reset", () => {
  it("puts the campaigns and their targets back as seeded, and the runner carries on from there", async () => {
    const seededTargets = (await targetsOf(t, "cmp0003")).length;
    expect((await t.request("POST", "//_sandbox/reset", { body: {} })).status).toBe(200);
    const targets = await targetsOf(t, "cmp0001");
    expect(targets.filter((x) => x.stage !== "pending").map((x) => x.stage)).toEqual(["replied", "replied"]);
    expect((await campaignOf("cmp0001")).contactedCount).toBe(2);
    expect((await targetsOf(t, "cmp0003")).length).toBe(seededTargets);
    expect(await threadsOf("cmp0001")).toHaveLength(2);

    clockTo(t, "2026-11-30T09:00:00Z"); // a Monday, 10:00 in Berlin
    const seq = await t.seqOf(acme);
    const run = await runNow(t);
    expect(run.sent).toBe((await campaignOf("cmp0001")).hourlyMessageRate);
    expect(ofType(await eventsAfter(t, seq), "target.contacted")).toHaveLength(run.sent);
  }, 120_000);
});

