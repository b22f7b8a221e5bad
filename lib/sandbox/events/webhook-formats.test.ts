import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { event } from "@/lib/api/events";
import { tag } from "@/lib/api/labels";
import { accountLink, type AccountLink } from "@/lib/api/platforms";
import { page } from "@/lib/api/primitives";
import { v1Event, v1EventPage } from "@/lib/api/v1/events";
import { V1_SUNSET } from "@/lib/api/v1/errors";
import { SEED_NOW, TOKENS, expectError, expectOk, sandboxForFile } from "../testing/harness";
import { expectV1Ok, v1 } from "../testing/v1";
import { legacyEvent } from "@/lib/api/v1/legacy-events";
import { webhookRetries } from "../schema";
import { advanceClock, appendEvent, capture, deliveriesOf, listedSubscription, removeAllSubscriptions, seededThread, subscribe, subscriptionList, targetEvent, type Captured } from "./webhook-test-kit";

const t = sandboxForFile();
afterEach(async () => {
  await removeAllSubscriptions(t);
  t.sandbox.context.store.clock.set(SEED_NOW.getTime() - Date.now());
});

const url = (name: string) => `http://127.0.0.1:4801/${name}`;
const to = (deliveries: Captured[], target: string) => deliveries.filter((d) => d.url === target);
const patch = (id: string, format: unknown, token: string = TOKENS.acme) => t.request("PATCH", `//_sandbox/webhooks/${id}`, { token, body: { format } });
const verified = (delivery: Captured, secret: string): unknown => new Webhook(secret).verify(delivery.body, delivery.headers);

// Globex has no outreach plan, so no campaign runner adds events of its own to what a test counts.
async function createTag(name: string, token: string = TOKENS.globex) {
  return expectOk(await t.request("POST", "/tags", { token, body: { name } }), tag, 201);
}

describe("the v1 format", () => {
  it("sends each event that has a v1 type as GET /v1/events shows it, signed, once; the others are skipped", async () => {
    const { deliveries, dispatcher, logs } = capture(t);
    const sub = await subscribe(t, { url: url("v1"), format: "v1" }, TOKENS.globex);
    expect(sub).toMatchObject({ format: "v1", effectiveFormat: "v1" });

    const v1Globex = (path: string) => v1(t)("GET", path, { token: TOKENS.globex });
    const before = expectV1Ok(await v1Globex("/events?limit=1000"), v1EventPage).lastSeq;
    const created = await createTag("V1 webhook");
    // accountLink.statusChanged has no v1 type: no delivery, though its seq counts.
    const links = expectOk(await t.request("GET", "/account-links?limit=100", { token: TOKENS.globex }), page(accountLink)).data;
    const link = links.find((l: AccountLink) => l.status === "active")!;
    for (const status of ["offline", "active"]) {
      expect((await t.request("POST", `//_sandbox/account-links/${link.id}/status`, { token: TOKENS.globex, body: { status } })).status).toBe(200);
    }
    const thread = await seededThread(t, "globex");
    await targetEvent(t, thread, "target.replied", "globex");
    await dispatcher.settled();

    const replayed = expectV1Ok(await v1Globex(`/events?afterSeq=${before}&limit=1000`), v1EventPage).events;
    expect(replayed.map((e) => e.type)).toEqual(["tag.created", "target.replied"]);
    expect(deliveries).toHaveLength(2);
    const bodies = deliveries.map((d) => v1Event.parse(verified(d, sub.secret)));
    expect(bodies).toEqual(replayed);
    expect(deliveries.map((d) => d.headers["webhook-id"])).toEqual(replayed.map((e) => e.id));
    expect(bodies[0]).toMatchObject({ type: "tag.created", version: 1, data: { tag: { id: created.id } } });
    expect(bodies[1]).toMatchObject({ type: "target.replied", data: { thread: { id: thread.id }, message: { id: thread.lastMessageId } } });
    expect(logs).toEqual([]);
  });

  it("is never retried", async () => {
    const { deliveries, dispatcher, logs } = capture(t, () => new Response(null, { status: 503 }));
    await subscribe(t, { url: url("v1-down"), format: "v1" }, TOKENS.globex);
    await createTag("V1 down");
    await dispatcher.settled();
    expect(deliveries).toHaveLength(1);
    expect(logs).toEqual([expect.stringContaining("HTTP 503 (not retried)")]);
    expect(await t.sandbox.context.store.db.select().from(webhookRetries)).toEqual([]);
    await advanceClock(t, 24 * 3600);
    expect(await dispatcher.retryDue()).toEqual([]);
    expect(deliveries).toHaveLength(1);
  });
});

describe("the legacy format", () => {
  it("sends the three target events only, as { event, version, timestamp, platform, data }", async () => {
    const { deliveries, dispatcher, logs } = capture(t);
    const sub = await subscribe(t, { url: url("legacy"), format: "legacy" });
    const { acme } = await t.teamIds();
    await createTag("Legacy ignores this", TOKENS.acme);
    const thread = await seededThread(t);
    const ids: string[] = [];
    for (const type of ["target.contacted", "target.followUpSent", "target.replied"] as const) ids.push(await targetEvent(t, thread, type));
    const started = await appendEvent(t, { type: "campaign.started", objectType: "campaign", objectId: thread.campaignId!, data: { campaignId: thread.campaignId, status: "active" } });
    await dispatcher.settled();

    // Whatever else the team's log gained meanwhile, the subscription got legacy events only.
    expect(deliveries.every((d) => legacyEvent.safeParse(verified(d, sub.secret)).success)).toBe(true);
    expect(deliveriesOf(deliveries, [started])).toEqual([]);
    const mine = deliveriesOf(deliveries, ids);
    expect(mine.map((d) => d.headers["webhook-id"])).toEqual(ids);
    const bodies = mine.map((d) => legacyEvent.parse(verified(d, sub.secret)));
    expect(bodies.map((b) => b.event)).toEqual(["targetContacted", "targetFollowUpSent", "targetReplied"]);
    const replayed = expectV1Ok(await v1(t)("GET", "/events?limit=1000"), v1EventPage).events.find((e) => e.id === ids[0]);
    expect(bodies[0]).toMatchObject({
      version: 1,
      timestamp: replayed!.timestamp,
      platform: thread.platform,
      data: {
        team: { id: acme, name: "Acme Growth" },
        accountLink: { id: thread.accountLinkId, platform: thread.platform },
        message: { id: thread.lastMessageId, threadId: thread.id },
        external: { id: thread.profileId, platformId: thread.profile.platformId, platform: thread.platform, username: thread.profile.username },
        thread: { id: thread.id, campaignId: thread.campaignId },
        campaign: { id: thread.campaignId },
      },
    });
    expect(JSON.parse(mine[0]!.body)).toHaveProperty("version", 1);
    expect(logs).toEqual([]);
  });

  it("reads the event's data defensively: what it leaves out comes from the thread, what it cannot find is null", async () => {
    const { deliveries, dispatcher } = capture(t);
    const sub = await subscribe(t, { url: url("legacy-defensive"), format: "legacy" });
    const thread = await seededThread(t);
    const campaign = { objectType: "campaign" as const, objectId: thread.campaignId! };
    const ids = [
      // Only the person's platform identity: no thread, no message.
      await appendEvent(t, { type: "target.contacted", ...campaign, data: { platform: thread.profile.platform, platformId: thread.profile.platformId } }),
      // Only the message: its thread, account link and campaign follow from it.
      await appendEvent(t, { type: "target.followUpSent", ...campaign, data: { messageId: thread.lastMessageId } }),
      // Nothing usable.
      await appendEvent(t, { type: "target.replied", objectType: "campaign", objectId: "cmpgone", data: { threadId: 42, messageId: null, platform: ["x"] } }),
    ];
    await dispatcher.settled();

    const [identity, byMessage, broken] = deliveriesOf(deliveries, ids).map((d) => legacyEvent.parse(verified(d, sub.secret)));
    expect(identity).toMatchObject({
      event: "targetContacted",
      platform: thread.platform,
      data: { thread: null, message: null, external: { id: thread.profileId }, campaign: { id: thread.campaignId } },
    });
    expect(byMessage).toMatchObject({
      event: "targetFollowUpSent",
      data: { thread: { id: thread.id }, message: { id: thread.lastMessageId }, accountLink: { id: thread.accountLinkId }, external: { id: thread.profileId }, campaign: { id: thread.campaignId } },
    });
    expect(broken).toMatchObject({ event: "targetReplied", platform: null, data: { thread: null, message: null, external: null, accountLink: null, campaign: null } });
    expect(broken!.data.team).not.toBeNull();
  });
});

describe("changing a subscription's format", () => {
  it("turning the legacy option off takes effect with the very next event", async () => {
    const { deliveries, dispatcher } = capture(t);
    const sub = await subscribe(t, { url: url("switch"), format: "legacy" }, TOKENS.globex);
    const thread = await seededThread(t, "globex");
    await targetEvent(t, thread, "target.contacted", "globex");
    await dispatcher.settled();
    expect(deliveries.map((d) => legacyEvent.parse(verified(d, sub.secret)).event)).toEqual(["targetContacted"]);

    const changed = expectOk(await patch(sub.id, "v1", TOKENS.globex), listedSubscription);
    expect(changed).toMatchObject({ id: sub.id, format: "v1", effectiveFormat: "v1" });
    await targetEvent(t, thread, "target.contacted", "globex");
    await createTag("After the switch");
    await dispatcher.settled();
    expect(deliveries.slice(1).map((d) => v1Event.parse(verified(d, sub.secret)).type)).toEqual(["target.contacted", "tag.created"]);

    expectError(await patch(sub.id, "legacy", TOKENS.globex), 409, "invalidTransition");
  });

  it("moving to v2 cannot be undone", async () => {
    const { deliveries, dispatcher } = capture(t);
    const sub = await subscribe(t, { url: url("to-v2"), format: "v1" }, TOKENS.globex);
    expect(expectOk(await patch(sub.id, "v2", TOKENS.globex), listedSubscription).format).toBe("v2");
    await createTag("Now in v2");
    await dispatcher.settled();
    expect(deliveries.map((d) => event.parse(verified(d, sub.secret)))).toEqual([expect.objectContaining({ type: "tag.created", apiVersion: 2 })]);
    for (const format of ["v1", "legacy"]) {
      const refused = expectError(await patch(sub.id, format, TOKENS.globex), 409, "invalidTransition");
      expect(refused.details).toEqual({ status: "v2" });
      expect(refused.message).toContain("cannot be undone");
    }
    const listed = subscriptionList.parse((await t.request("GET", "//_sandbox/webhooks", { token: TOKENS.globex })).json).data;
    expect(listed.map((s) => s.format)).toEqual(["v2"]);
  });
});

describe("the sunset", () => {
  it("from 3 December 2026 on the sandbox's clock, legacy and v1 subscriptions receive version 2 events", async () => {
    const { deliveries, dispatcher } = capture(t);
    const legacy = await subscribe(t, { url: url("sunset-legacy"), format: "legacy" }, TOKENS.globex);
    const v1sub = await subscribe(t, { url: url("sunset-v1"), format: "v1" }, TOKENS.globex);
    const listed = async () => subscriptionList.parse((await t.request("GET", "//_sandbox/webhooks", { token: TOKENS.globex })).json).data;
    const thread = await seededThread(t, "globex");

    const clock = z.object({ now: z.string() }).parse((await t.request("GET", "//_sandbox/clock")).json);
    await advanceClock(t, Math.floor((V1_SUNSET.getTime() - Date.parse(clock.now)) / 1000) - 60);
    expect((await listed()).map((s) => s.effectiveFormat)).toEqual(["legacy", "v1"]);
    await targetEvent(t, thread, "target.contacted", "globex");
    await dispatcher.settled();
    expect(to(deliveries, legacy.url).map((d) => legacyEvent.parse(verified(d, legacy.secret)).event)).toEqual(["targetContacted"]);
    expect(to(deliveries, v1sub.url).map((d) => v1Event.parse(verified(d, v1sub.secret)).type)).toEqual(["target.contacted"]);

    await advanceClock(t, 120);
    // The stored format stays; what they receive is version 2.
    expect((await listed()).map((s) => [s.format, s.effectiveFormat])).toEqual([
      ["legacy", "v2"],
      ["v1", "v2"],
    ]);
    deliveries.length = 0;
    const created = await createTag("After the sunset");
    await dispatcher.settled();
    expect(deliveries).toHaveLength(2);
    for (const [delivery, secret] of [[to(deliveries, legacy.url)[0]!, legacy.secret], [to(deliveries, v1sub.url)[0]!, v1sub.secret]] as const) {
      expect(event.parse(verified(delivery, secret))).toMatchObject({ type: "tag.created", apiVersion: 2, object: { id: created.id } });
    }
    // The legacy option can still be turned off; the subscription keeps receiving v2.
    expect(expectOk(await patch(legacy.id, "v1", TOKENS.globex), listedSubscription)).toMatchObject({ format: "v1", effectiveFormat: "v2" });
  });
});
