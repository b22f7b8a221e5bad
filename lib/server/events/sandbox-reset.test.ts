import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as relay from "@/app/api/sandbox/[...path]/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import { eventPage } from "@/lib/api/events";
import type { InboxEvent } from "@/lib/api/inbox-events";
import { demoWebhookUrl } from "../gateway/upstream";
import { eventState } from "../store/schema";
import { call, startTestBff, type TestBff } from "../testing/bff";

// After a sandbox reset its `seq` starts over and its subscriptions are gone: the inbox must
// notice and rebuild, or its cursor sits past every new event for good.
const SECRET = `whsec_${Buffer.from("a-test-secret-of-thirty-two-bytes!!").toString("base64")}`;
let bff: TestBff;
let admin = "";
const heard: InboxEvent[] = [];

beforeAll(async () => {
  bff = await startTestBff({ INBOX_WEBHOOK_SECRET: SECRET });
  admin = await bff.signIn("olivia");
  // The replay timer stays out of the way: each test replays when it means to.
  bff.runtime.events.stop();
  await bff.runtime.events.replayNow();
  await vi.waitFor(async () => expect((await subscriptions()).map((s) => s.url)).toContain(demoWebhookUrl(bff.runtime.config)), { timeout: 10_000 });
  bff.runtime.hub.subscribe({ accepts: () => true, send: (m) => heard.push(m.event) }, null);
}, 60_000);
afterAll(() => bff.close());

async function sandbox(path: string, init?: RequestInit): Promise<unknown> {
  const response = await bff.runtime.upstream.sandboxFetch!(path, init);
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return response.json();
}

const subscriptions = async () => ((await sandbox("/_sandbox/webhooks")) as { data: { url: string }[] }).data;
const latestSeq = async () => ((await sandbox(`/v2/events?afterSeq=${Number.MAX_SAFE_INTEGER}&limit=1`)) as { lastSeq: number }).lastSeq;
const savedSeq = async () => (await bff.runtime.database.db.select().from(eventState).where(eq(eventState.key, "lastSeq")))[0]?.seq;
const threadAt = (offset: number) => bff.runtime.gateway.index.all().at(offset)!.id;
const preview = (threadId: string) => bff.runtime.gateway.index.get(threadId)?.activity.preview;

/** A contact writes in, straight into the sandbox (no webhook reaches the test's inbox). */
async function writesIn(threadId: string, content: string) {
  await sandbox("/_sandbox/inbound", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ threadId, content }) });
}

/** Something the inbox has followed, so its cursor is past the seed's events. */
async function followed(threadId: string, content: string) {
  await writesIn(threadId, content);
  await bff.runtime.events.replayNow();
  expect(preview(threadId)).toBe(content);
  return bff.runtime.events.status().lastSeq!;
}

describe("a sandbox reset", () => {
  it("through the BFF: the inbox rebuilds before answering, subscribes again, tells browsers, and follows what comes next", async () => {
    const threadId = threadAt(-1);
    const cursor = await followed(threadId, "Before the reset");
    heard.length = 0;

    const reset = await call(relay, "POST", "/api/sandbox/_sandbox/reset", { cookie: admin });
    expect(reset.status).toBe(200);

    expect(heard).toContainEqual({ type: "resync" });
    const latest = await latestSeq();
    expect(latest).toBeLessThan(cursor);
    expect(bff.runtime.events.status().lastSeq).toBe(latest);
    expect(await savedSeq()).toBe(latest);
    expect(preview(threadId)).not.toBe("Before the reset");
    expect((await subscriptions()).map((s) => s.url)).toEqual([demoWebhookUrl(bff.runtime.config)]);

    // A new message after the reset reaches the inbox's thread list.
    await writesIn(threadId, "After the reset");
    await bff.runtime.events.replayNow();
    expect(preview(threadId)).toBe("After the reset");
    const list = await call(v2, "GET", "/api/v2/threads?folder=all&limit=100", { cookie: admin });
    const row = ((await list.json()) as { data: { id: string; activity: { preview: string | null } }[] }).data.find((t) => t.id === threadId);
    expect(row?.activity.preview).toBe("After the reset");
  });

  it("behind the inbox's back: replay sees the API's latest seq behind its cursor", async () => {
    const threadId = threadAt(-2);
    const cursor = await followed(threadId, "Followed, then reset");
    heard.length = 0;
    await sandbox("/_sandbox/reset", { method: "POST" });
    expect(await subscriptions()).toEqual([]);

    await bff.runtime.events.replayNow();
    expect(heard).toContainEqual({ type: "resync" });
    expect(bff.runtime.events.status().lastSeq).toBeLessThan(cursor);
    expect(preview(threadId)).not.toBe("Followed, then reset");
    expect((await subscriptions()).map((s) => s.url)).toEqual([demoWebhookUrl(bff.runtime.config)]);

    await writesIn(threadId, "Seen after the reset");
    await bff.runtime.events.replayNow();
    expect(preview(threadId)).toBe("Seen after the reset");
  });

  it("behind its back with more events since than before: another event sits at the cursor's seq", async () => {
    const cursor = await followed(threadAt(-3), "One event past the seed");
    await sandbox("/_sandbox/reset", { method: "POST" });
    // Enough new events that the sandbox's seq is past the inbox's cursor again.
    const written = [threadAt(-4), threadAt(-5), threadAt(-6), threadAt(-7)];
    for (const [i, threadId] of written.entries()) await writesIn(threadId, `New world ${i}`);
    expect(await latestSeq()).toBeGreaterThan(cursor);
    heard.length = 0;

    await bff.runtime.events.replayNow();
    expect(heard).toContainEqual({ type: "resync" });
    // Every message since the reset shows, the ones before the cursor's seq included.
    for (const [i, threadId] of written.entries()) expect(preview(threadId)).toBe(`New world ${i}`);
    expect(bff.runtime.events.status().lastSeq).toBe(await latestSeq());
  });

  it("behind its back, then a webhook: a new event at or behind the cursor makes the inbox check", async () => {
    const cursor = await followed(threadAt(-8), "Followed before a webhook");
    await sandbox("/_sandbox/reset", { method: "POST" });
    const threadId = threadAt(-9);
    await writesIn(threadId, "Delivered after the reset");
    const event = eventPage.parse(await sandbox(`/v2/events?afterSeq=${(await latestSeq()) - 1}`)).data[0]!;
    expect(event.seq).toBeLessThanOrEqual(cursor);
    heard.length = 0;

    // As the sandbox would deliver it to a subscription made again (the replay timer is stopped).
    const body = JSON.stringify(event);
    const at = new Date();
    const headers = new Headers({ "webhook-id": event.id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": new Webhook(SECRET).sign(event.id, at, body) });
    await bff.runtime.events.receiveWebhook(body, headers).applied;
    // The check runs after the webhook's answer: on a busy machine it takes longer than waitFor's default second.
    await vi.waitFor(() => expect(heard).toContainEqual({ type: "resync" }), { timeout: 10_000 });
    await vi.waitFor(() => expect(bff.runtime.events.status().lastSeq).toBe(event.seq), { timeout: 10_000 });
    expect(preview(threadId)).toBe("Delivered after the reset");
  });
});
