import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as webhooksRoute from "@/app/api/webhooks/route";
import { paginateItems } from "@/lib/api/client";
import type { ApiEvent } from "@/lib/api/events";
import type { InboxEvent } from "@/lib/api/inbox-events";
import { loadConfig } from "../runtime/env";
import { createEventFeed } from "./event-feed";
import { createHub } from "./hub";
import { createRuntime, installRuntime, type Runtime } from "../runtime/runtime";

const SECRET = `whsec_${Buffer.from("a-test-secret-of-thirty-two-bytes!!").toString("base64")}`;
let rt: Runtime;
const heard: InboxEvent[] = [];

beforeAll(async () => {
  rt = await createRuntime(loadConfig({ INBOX_WEBHOOK_SECRET: SECRET }), { database: {}, sandboxDatabase: {}, background: false });
  installRuntime(rt);
  await rt.gateway.index.ready();
  await rt.events.replayNow(); // sets the starting seq at the team's latest event
  rt.hub.subscribe({ accepts: () => true, send: (m) => heard.push(m.event) }, null);
}, 60_000);
afterAll(() => rt.close());

/** Makes something happen upstream (a person writes in) and returns its events, unseen by the inbox. */
async function somethingHappens(threadId: string, content: string): Promise<ApiEvent[]> {
  const before = rt.events.status().lastSeq!;
  const sent = await rt.upstream.sandboxFetch!("/_sandbox/inbound", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ threadId, content }),
  });
  expect(sent.status).toBe(201);
  const events: ApiEvent[] = [];
  for await (const page of rt.upstream.client.events.replay(before)) events.push(...page.data);
  return events;
}

function delivery(event: ApiEvent, { secret = SECRET, at = new Date() }: { secret?: string; at?: Date } = {}): Request {
  const body = JSON.stringify(event);
  const id = `msg_${event.id}`;
  const signature = new Webhook(secret).sign(id, at, body);
  return new Request("http://inbox.test/api/webhooks", {
    method: "POST",
    headers: { "content-type": "application/json", "webhook-id": id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature },
    body,
  });
}

async function deliver(request: Request): Promise<Response> {
  const response = await webhooksRoute.POST(request, { params: Promise.resolve({}) });
  // Let the background application finish.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return response;
}

function pickThread(offset = 0): string {
  return rt.gateway.index.all()[offset]!.id;
}

describe("webhooks", () => {
  it("a signed event is applied: the thread's row changes, browsers hear of it, the seq moves", async () => {
    const threadId = pickThread(0);
    const events = await somethingHappens(threadId, "A webhook says hello");
    const received = events.find((e) => e.type === "message.received")!;
    heard.length = 0;
    const response = await deliver(delivery(received));
    expect(response.status).toBe(204);
    expect(rt.gateway.index.get(threadId)!.activity.preview).toBe("A webhook says hello");
    expect(heard).toContainEqual(expect.objectContaining({ type: "api", apiType: "message.received", threadId }));
    expect(rt.events.status()).toMatchObject({ via: "webhook", lastSeq: received.seq });
  });

  it("the same delivery twice is applied once", async () => {
    const events = await somethingHappens(pickThread(1), "Only once");
    const received = events.find((e) => e.type === "message.received")!;
    heard.length = 0;
    await deliver(delivery(received));
    await deliver(delivery(received));
    expect(heard.filter((e) => e.type === "api" && e.apiType === "message.received")).toHaveLength(1);
  });

  it("a bad signature or a stale timestamp is 401, and nothing is applied", async () => {
    const threadId = pickThread(2);
    const before = rt.gateway.index.get(threadId)!.activity.preview;
    const events = await somethingHappens(threadId, "Forged");
    const received = events.find((e) => e.type === "message.received")!;
    heard.length = 0;
    const forged = await deliver(delivery(received, { secret: `whsec_${Buffer.from("another-secret-of-thirty-two-byte").toString("base64")}` }));
    expect(forged.status).toBe(401);
    expect((await forged.json()).code).toBe("unauthorized");
    const stale = await deliver(delivery(received, { at: new Date(Date.now() - 10 * 60_000) }));
    expect(stale.status).toBe(401);
    const tampered = delivery(received);
    // One changed byte of the signed body: the signature is of the raw body, not its meaning.
    const body = (await tampered.text()).replace(`"seq":${received.seq}`, `"seq":${received.seq + 1}`);
    const altered = await deliver(new Request(tampered.url, { method: "POST", headers: tampered.headers, body }));
    expect(altered.status).toBe(401);
    expect(heard).toEqual([]);
    expect(rt.gateway.index.get(threadId)!.activity.preview).toBe(before);
    // Replay picks it up in the end: nothing is lost by refusing a forgery.
    await rt.events.replayNow();
    expect(rt.gateway.index.get(threadId)!.activity.preview).toBe("Forged");
  });

  it("a missed webhook is recovered: a later one shows the gap, and replay fills it", async () => {
    const first = (await somethingHappens(pickThread(3), "Missed")).find((e) => e.type === "message.received")!;
    const second = (await somethingHappens(pickThread(4), "Seen")).findLast((e) => e.type === "message.received")!;
    expect(second.seq).toBeGreaterThan(first.seq);
    heard.length = 0;
    await deliver(delivery(second));
    await rt.events.replayNow();
    expect(rt.gateway.index.get(pickThread(3))!.activity.preview).toBe("Missed");
    expect(heard.filter((e) => e.type === "api" && e.apiType === "message.received")).toHaveLength(2);
    expect(rt.events.status().lastSeq).toBeGreaterThanOrEqual(second.seq);
  });
});

describe("replay", () => {
  it("applies what happened without webhooks, in order", async () => {
    const threadId = pickThread(5);
    await somethingHappens(threadId, "Replayed");
    await rt.events.replayNow();
    expect(rt.gateway.index.get(threadId)!.activity.preview).toBe("Replayed");
  });

  it("events gone beyond the replay window: everything is rebuilt and browsers resync", async () => {
    const threadId = pickThread(6);
    await somethingHappens(threadId, "Before the gap");
    // The sandbox's clock passes the 7-day retention: the events between are gone.
    const advanced = await rt.upstream.sandboxFetch!("/_sandbox/clock/advance", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seconds: 8 * 24 * 60 * 60 }),
    });
    expect(advanced.ok).toBe(true);
    await somethingHappens(pickThread(7), "After the gap");
    heard.length = 0;
    await rt.events.replayNow();
    expect(heard[0]).toEqual({ type: "resync" });
    expect(rt.gateway.index.get(threadId)!.activity.preview).toBe("Before the gap");
    const all: string[] = [];
    for await (const t of paginateItems(rt.upstream.client.threads.list, { folder: "all", limit: 100 })) all.push(t.id);
    expect(rt.gateway.index.all().map((t) => t.id).sort()).toEqual(all.sort());
  });
});

/** A feed on the test runtime whose replays find nothing new, counting its reads of GET /events. */
function countingFeed(intervals: { active: number; watch: number; idle: number }) {
  const hub = createHub();
  let reads = 0;
  const lastSeq = rt.events.status().lastSeq ?? 0;
  const feed = createEventFeed({
    db: rt.database.db,
    gateway: rt.gateway,
    hub,
    webhookSecret: null,
    fetchUpstream: async () => {
      reads += 1;
      return Response.json({ data: [], lastSeq, hasMore: false });
    },
    intervals,
  });
  return { hub, feed, calls: () => reads };
}

describe("replay cadence", () => {
  it("an idle feed steps up as soon as someone starts watching, and one burst of connections replays once", async () => {
    const { hub, feed, calls } = countingFeed({ active: 30, watch: 5_000, idle: 60_000 });
    feed.start();
    await vi.waitFor(() => expect(calls()).toBe(1), { timeout: 10_000 });
    // Nobody watching: the next replay is a minute away.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(calls()).toBe(1);

    // Ten browsers connect at once: one catch-up, not ten.
    const unsubscribe = hub.subscribe({ accepts: () => true, send: () => undefined }, null);
    await Promise.all(Array.from({ length: 10 }, () => feed.catchUp()));
    expect(calls()).toBeLessThanOrEqual(2);
    // And the watching cadence takes over at once.
    await vi.waitFor(() => expect(calls()).toBeGreaterThanOrEqual(5), { timeout: 2_000 });
    unsubscribe();
    feed.stop();
  });

  it("a catch-up asked for right after a replay is not dropped: it runs once the gap is over", async () => {
    const { feed, calls } = countingFeed({ active: 60_000, watch: 60_000, idle: 60_000 });
    feed.start();
    await vi.waitFor(() => expect(calls()).toBe(1), { timeout: 10_000 });
    await feed.catchUp();
    expect(calls()).toBe(1);
    await vi.waitFor(() => expect(calls()).toBe(2), { timeout: 3_000 });
    feed.stop();
  });
});
