import { beforeAll, describe, expect, it } from "vitest";
import { contact as contactSchema } from "@/lib/api/contacts";
import { status as statusSchema, tag as tagSchema } from "@/lib/api/labels";
import { message as messageSchema } from "@/lib/api/messages";
import { campaign as campaignSchema } from "@/lib/api/outreach/campaigns";
import { successResult } from "@/lib/api/outreach/import-jobs";
import { page } from "@/lib/api/primitives";
import { thread as threadSchema } from "@/lib/api/threads";
import { stateOf } from "../model/campaign-targets";
import { expectOk, sandboxForFile } from "../testing/harness";
import { SIMULATED_REPLIES } from "./campaign-messages";
import { advance, clockTo, eventsAfter, leadOf, ofType, runNow, setCampaign, targetsOf } from "./campaign-test-kit";

/**
 * Replies to campaigns (through the control API's /inbound and from simulated people), the
 * automations they fire, and a campaign running to completion. 20 November 2026 is a Friday;
 * Berlin is UTC+1 and New York UTC−5 in November.
 */
const t = sandboxForFile();
let acme: string;
const campaignOf = async (id: string) => expectOk(await t.request("GET", `/campaigns/${id}`), campaignSchema);

beforeAll(async () => {
  ({ acme } = await t.teamIds());
  for (const list of ["lst0001", "lst0002", "lst0003"]) expectOk(await t.request("POST", `/lists/${list}/import-jobs/bulk-pause`, { body: {} }), successResult);
}, 120_000);

describe("replies", () => {
  it("a reply through /inbound stops the person's sequence, counts once, and fires the first-reply automations", async () => {
    const tags = expectOk(await t.request("GET", "/tags?limit=100"), page(tagSchema)).data;
    const statuses = expectOk(await t.request("GET", "/statuses?limit=100"), page(statusSchema)).data;
    const seeded = await campaignOf("cmp0001");
    // The seed's firstReply sets a status; its anyReply (add a tag) is switched on here.
    const setStatus = seeded.automations.find((a) => a.trigger === "firstReply" && a.action === "setStatus")!;
    expect(setStatus.enabled).toBe(true);
    const addTags = { ...seeded.automations.find((a) => a.trigger === "anyReply")!, enabled: true, actionData: { tagIds: [tags[0]!.id] } };
    await setCampaign(t, "cmp0001", { automations: [setStatus, addTags] });

    clockTo(t, "2026-11-23T08:00:00Z"); // Monday 09:00 in Berlin
    expect((await runNow(t)).sent).toBe(seeded.hourlyMessageRate);
    const target = (await targetsOf(t, "cmp0001")).find((x) => x.stage === "contacted" && !stateOf(x).reply)!;
    expect(target).toBeDefined();
    const before = await campaignOf("cmp0001");

    const seq = await t.seqOf(acme);
    const inbound = await t.request("POST", "//_sandbox/inbound", { body: { threadId: target.threadId, content: "Tell me more!" } });
    expect(inbound.status).toBe(201);
    const messageId = (inbound.json as { message: { id: string } }).message.id;
    expect((await runNow(t)).replies).toBe(1);
    const events = await eventsAfter(t, seq);
    const thread = expectOk(await t.request("GET", `/threads/${target.threadId}`), threadSchema);
    expect(events.map((e) => e.type)).toEqual(["message.received", "target.replied", "contact.statusChanged", "contact.tagsChanged"]);
    expect(ofType(events, "target.replied")[0]).toMatchObject({
      object: { type: "campaign", id: "cmp0001", url: "/campaigns/cmp0001" },
      data: { campaignId: "cmp0001", threadId: target.threadId, messageId, accountLinkId: target.accountLinkId, platform: target.platform, platformId: target.platformId },
    });
    const contact = expectOk(await t.request("GET", `/contacts/${thread.contactId}`), contactSchema);
    expect(contact.statusId).toBe(setStatus.actionData.statusId);
    expect(statuses.some((s) => s.id === contact.statusId)).toBe(true);
    expect(contact.tagIds).toContain(tags[0]!.id);

    const after = await campaignOf("cmp0001");
    expect(after.repliesCount).toBe(before.repliesCount + 1);
    expect(after.replyRate).toBe(Math.round((after.repliesCount / after.contactedCount) * 10_000) / 10_000);
    const replied = (await targetsOf(t, "cmp0001")).find((x) => x.platformId === target.platformId)!;
    expect(replied).toMatchObject({ stage: "replied", nextDueAt: null });
    const lead = await leadOf(t, target.leadId);
    expect(lead.stage).toBe("replied");
    expect(lead.lastRepliedAt?.toISOString()).toBe(replied.repliedAt?.toISOString());

    // A second message is no second reply; the tag it would add is already there.
    const again = await t.seqOf(acme);
    await t.request("POST", "//_sandbox/inbound", { body: { threadId: target.threadId, content: "Hello?" } });
    expect((await runNow(t)).replies).toBe(0);
    expect((await eventsAfter(t, again)).map((e) => e.type)).toEqual(["message.received"]);
    expect((await campaignOf("cmp0001")).repliesCount).toBe(after.repliesCount);

    // Two days on (the delay), the others get their follow-up; the one who replied does not.
    clockTo(t, "2026-11-25T09:00:00Z");
    const later = await t.seqOf(acme);
    await runNow(t);
    const followUps = ofType(await eventsAfter(t, later), "target.followUpSent");
    expect(followUps.length).toBeGreaterThan(0);
    expect(followUps.some((e) => e.data.platformId === target.platformId)).toBe(false);
  });

  it("simulated people answer some messages, minutes or hours later, as inbound messages in their threads", async () => {
    clockTo(t, "2026-11-26T08:00:00Z");
    await runNow(t);
    const scheduled = (await targetsOf(t, "cmp0001")).filter((x) => stateOf(x).reply);
    expect(scheduled.length).toBeGreaterThan(0);
    const seq = await t.seqOf(acme);
    // Eight hours on: every reply scheduled by then is due; Berlin is past its sending hours.
    await advance(t, 9 * 3600);
    const events = await eventsAfter(t, seq);
    expect(ofType(events, "target.contacted")).toHaveLength(0);
    const received = ofType(events, "message.received");
    expect(received).toHaveLength(scheduled.length);
    for (const target of scheduled) {
      const event = received.find((e) => e.data.threadId === target.threadId)!;
      const message = expectOk(await t.request("GET", `/messages/${event.data.messageId}`), messageSchema);
      expect(message).toMatchObject({ direction: "inbound", sentBy: null, content: stateOf(target).reply!.content });
      expect(SIMULATED_REPLIES).toContain(message.content);
      // Whoever had not replied yet now has.
      if (target.stage !== "replied") expect(ofType(events, "target.replied").some((e) => e.data.threadId === target.threadId)).toBe(true);
    }
    expect((await targetsOf(t, "cmp0001")).filter((x) => stateOf(x).reply)).toHaveLength(0);
  });
});

describe("completion", () => {
  it("completes a campaign once every target has replied, finished its sequence or been canceled", async () => {
    await setCampaign(t, "cmp0003", { hourlyMessageRate: 60 });
    expectOk(await t.request("POST", "/campaigns/cmp0003/start", { body: {} }), campaignSchema);
    const targets = await targetsOf(t, "cmp0003");
    expect(targets.length).toBeLessThanOrEqual(60);
    // One canceled before anything is sent.
    expectOk(await t.request("POST", `/campaigns/cmp0003/leads/${targets[0]!.platformId}/cancel`, { body: {} }), successResult);

    const seq = await t.seqOf(acme);
    clockTo(t, "2026-11-27T15:00:00Z"); // Friday 10:00 in New York
    await runNow(t);
    const first = ofType(await eventsAfter(t, seq), "target.contacted").filter((e) => e.data.campaignId === "cmp0003");
    expect(first).toHaveLength(targets.length - 1);
    const message = expectOk(await t.request("GET", `/messages/${first[0]!.data.messageId}`), messageSchema);
    expect(message.content).toMatch(/^(Hi|Hey) \S+, we'd love you on (The Growth Show|Founders Talk|Build in Public)?\.$/);
    expect((await campaignOf("cmp0003")).status).toBe("active");

    // Four days on, the follow-ups: then nobody is left to message.
    clockTo(t, "2026-12-01T15:05:00Z");
    const run = await runNow(t);
    expect(run.completed).toEqual(["cmp0003"]);
    const events = await eventsAfter(t, seq);
    const done = await targetsOf(t, "cmp0003");
    expect(new Set(done.map((x) => x.stage))).toEqual(new Set(["canceled", "replied", "finished"]));
    const finished = done.filter((x) => x.stage === "finished");
    expect(ofType(events, "target.followUpSent").filter((e) => e.data.campaignId === "cmp0003")).toHaveLength(finished.length);
    // Its sequenceCompleted automation set the status of each person who got every message.
    const statusId = (await campaignOf("cmp0003")).automations[0]!.actionData.statusId;
    const statusChanges = ofType(events, "contact.statusChanged").filter((e) => e.data.statusId === statusId);
    expect(statusChanges.length).toBeGreaterThan(0);

    const completed = await campaignOf("cmp0003");
    const completion = events.find((e) => e.type === "campaign.completed")!;
    expect(completion).toMatchObject({ object: { type: "campaign", id: "cmp0003" }, data: { campaignId: "cmp0003", status: "completed" } });
    expect(completed).toMatchObject({ status: "completed", contactedCount: targets.length - 1 });
    expect(Math.abs(Date.parse(completed.completedAt!) - Date.parse(completion.createdAt))).toBeLessThan(1000);
    expect(completed.repliesCount).toBe(done.filter((x) => x.stage === "replied").length);
    // A completed campaign sends nothing more.
    clockTo(t, "2026-12-02T15:00:00Z");
    const after = await t.seqOf(acme);
    await runNow(t);
    expect((await eventsAfter(t, after)).filter((e) => e.data.campaignId === "cmp0003" && e.type !== "target.replied")).toHaveLength(0);
  });
});
