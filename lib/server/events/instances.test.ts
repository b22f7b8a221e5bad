import type { ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiEvent } from "@/lib/api/events";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-database";
import type { InboxEvent } from "@/lib/api/inbox-events";
import { createSandbox, type Sandbox } from "@/lib/sandbox/app";
import { INSTANCE_ADMIN as ADMIN, deliver, kill, launch as launchWith, newInstance, place, sandboxClient, until, type Instance } from "../testing/instances";

/**
 * Two inbox instances as two OS processes (lib/server/testing/instances) on one Postgres
 * database, in front of one sandbox: what the bus (lib/server/events/bus) promises. Each instance
 * reaches the sandbox through a port of its own, so the test can tell which one reads
 * GET /events. Runs when TEST_DATABASE_URL names a server, in a database of its own.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

type Stream = { events: InboxEvent[]; lastId: string | null; connected: boolean; close(): void };

describe.runIf(serverUrl)("several inbox instances on one Postgres", () => {
  let database: TestDatabase;
  let sandbox: Sandbox;
  const sandboxServers: ServerType[] = [];
  const instances: Record<"a" | "b", Instance> = { a: newInstance("a"), b: newInstance("b") };
  const streams: Stream[] = [];
  let cookie = "";
  let threads: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, "inbox_instances");
    // The quota is not what this test is about: room for two instances warming up.
    sandbox = await createSandbox({ rateLimits: { minute: 100_000, hour: 1_000_000, day: 10_000_000 } });
    for (const instance of Object.values(instances)) await place(instance, sandbox, sandboxServers);
    await Promise.all(Object.values(instances).map((instance) => launch(instance)));
    cookie = await signIn(instances.a);
    const listed = await api("GET", "/threads?folder=all&limit=20");
    threads = ((await listed.json()) as { data: { id: string }[] }).data.map((t) => t.id);
  }, 90_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const instance of Object.values(instances)) instance.process?.kill("SIGKILL");
    await Promise.all(sandboxServers.map((server) => new Promise((resolve) => server.close(resolve))));
    await sandbox?.close();
    await database?.drop();
  });

  const launch = (instance: Instance) => launchWith(instance, database.url);

  async function signIn(instance: Instance): Promise<string> {
    const response = await fetch(`${instance.base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: instance.base },
      body: JSON.stringify(ADMIN),
    });
    expect(response.status).toBe(200);
    return response.headers.get("set-cookie")!.split(";")[0]!;
  }

  const { api, eventsAfter, latestSeq } = sandboxClient({ fetch: (request) => sandbox.fetch(request) });

  /** A contact writes in; returns the events that made, which no instance has heard of yet. */
  async function somethingHappens(content: string, thread = threads[0]!): Promise<ApiEvent[]> {
    const before = await latestSeq();
    expect((await api("POST", "/_sandbox/inbound", { threadId: thread, content })).status).toBe(201);
    return eventsAfter(before);
  }

  function openStream(instance: Instance, lastEventId?: string): Stream {
    const controller = new AbortController();
    const stream: Stream = { events: [], lastId: null, connected: false, close: () => controller.abort() };
    streams.push(stream);
    void (async () => {
      const response = await fetch(`${instance.base}/api/events`, {
        headers: { cookie, ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
        signal: controller.signal,
      });
      stream.connected = response.ok;
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          const id = /^id: (.*)$/m.exec(block)?.[1];
          if (id) stream.lastId = id;
          if (data) stream.events.push(JSON.parse(data) as InboxEvent);
        }
      }
    })().catch(() => undefined);
    return stream;
  }

  const heard = (stream: Stream, event: ApiEvent) =>
    stream.events.filter((e) => e.type === "api" && e.apiType === event.type && e.object.id === event.object.id && e.at === event.createdAt).length;

  it("carries a webhook applied on one instance to browsers on the other, and applies a duplicate once", async () => {
    const onA = openStream(instances.a);
    const onB = openStream(instances.b);
    await until(() => onA.connected && onB.connected);
    const events = await somethingHappens("Delivered to A");
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(await deliver(instances.a, event)).toBe(204);
    await until(() => events.every((e) => heard(onB, e) === 1 && heard(onA, e) === 1));
    for (const event of events) expect(await deliver(instances.b, event)).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const event of events) {
      expect(heard(onA, event)).toBe(1);
      expect(heard(onB, event)).toBe(1);
    }
    onA.close();
    onB.close();
  });

  it("shares read state and presence", async () => {
    const onB = openStream(instances.b);
    await until(() => onB.connected);
    const thread = threads[1]!;
    const headers = { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" };
    const marked = await fetch(`${instances.a.base}/api/inbox/reads`, { method: "POST", headers, body: JSON.stringify({ threadId: thread, read: true }) });
    expect(marked.status).toBe(200);
    const marks = (await (await fetch(`${instances.b.base}/api/inbox/reads`, { headers })).json()) as { data: { threadId: string; readAt: string | null }[] };
    expect(marks.data.find((m) => m.threadId === thread)?.readAt).toBeTruthy();

    const beat = await fetch(`${instances.a.base}/api/presence`, { method: "POST", headers, body: JSON.stringify({ tabId: "instances-tab-1", threadId: thread, typing: true }) });
    expect(beat.status).toBe(204);
    await until(() => onB.events.some((e) => e.type === "presence" && e.threadId === thread && e.people.some((p) => p.typing)));
    onB.close();
  });

  it("shares snoozes: one snoozed on one instance is out of the other's inbox, and the other's browsers hear of it", async () => {
    const onB = openStream(instances.b);
    await until(() => onB.connected);
    const headers = { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" };
    const inboxOnB = async () => ((await (await fetch(`${instances.b.base}/api/v2/threads?folder=inbox&limit=100`, { headers })).json()) as { data: { id: string }[] }).data.map((t) => t.id);
    const thread = (await inboxOnB())[0]!;
    const snoozed = await fetch(`${instances.a.base}/api/inbox/snoozes`, { method: "POST", headers, body: JSON.stringify({ threadId: thread, until: "reply" }) });
    expect(snoozed.status).toBe(201);
    await until(() => onB.events.some((e) => e.type === "snooze" && e.threadId === thread));
    expect(await inboxOnB()).not.toContain(thread);
    const listed = (await (await fetch(`${instances.b.base}/api/inbox/snoozes`, { headers })).json()) as { data: { threadId: string; state: string }[] };
    expect(listed.data.find((e) => e.threadId === thread)?.state).toBe("waiting");
    onB.close();
  });

  it("shares comments: one written on one instance is read on the other, whose browsers hear of it", async () => {
    const onB = openStream(instances.b);
    await until(() => onB.connected);
    const headers = { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" };
    const thread = threads[2]!;
    const made = await fetch(`${instances.a.base}/api/inbox/comments`, { method: "POST", headers, body: JSON.stringify({ threadId: thread, body: "Written on a" }) });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    await until(() => onB.events.some((e) => e.type === "comments" && e.commentId === id && e.change === "created"));
    const listed = (await (await fetch(`${instances.b.base}/api/inbox/comments?threadId=${thread}`, { headers })).json()) as { data: { id: string; body: string }[] };
    expect(listed.data).toContainEqual(expect.objectContaining({ id, body: "Written on a" }));
    onB.close();
  });

  it("lets one instance replay; when it is killed mid-stream the other takes over and the restarted one applies nothing twice", async () => {
    // A browser connecting to either asks for a catch-up; only the lock holder reads /events.
    for (const instance of Object.values(instances)) instance.eventReads = 0;
    const missed = await somethingHappens("Never delivered: replay brings it");
    const watchA = openStream(instances.a);
    const watchB = openStream(instances.b);
    await until(() => missed.every((e) => heard(watchA, e) === 1 && heard(watchB, e) === 1), 20_000);
    const readers = Object.values(instances).filter((i) => i.eventReads > 0);
    expect(readers).toHaveLength(1);
    const [leader] = readers;
    const survivor = leader === instances.a ? instances.b : instances.a;
    watchA.close();
    watchB.close();

    // Events flow, each delivered to the leader, which is killed with SIGKILL halfway.
    const observer = openStream(survivor);
    const before = await latestSeq();
    let resumeFrom: string | null = null;
    const victimStream = openStream(leader!);
    await until(() => observer.connected && victimStream.connected);
    for (let i = 0; i < 12; i++) {
      const events = await somethingHappens(`Flowing ${i}`, threads[i % threads.length]);
      if (i === 6) {
        resumeFrom = victimStream.lastId;
        await kill(leader!);
      }
      for (const event of events) await deliver(leader!, event).catch(() => "refused");
    }
    // A browser connecting to the survivor asks for a catch-up: with the lock free, it takes over.
    openStream(survivor);
    await until(() => survivor.eventReads > 0, 20_000);
    // Someone opens a thread on the survivor while the other is down: told again when it is back.
    const headers = { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" };
    const beat = await fetch(`${survivor.base}/api/presence`, { method: "POST", headers, body: JSON.stringify({ tabId: "instances-tab-2", threadId: threads[2], typing: false }) });
    expect(beat.status).toBe(204);
    await launch(leader!);
    for (let i = 12; i < 16; i++) {
      for (const event of await somethingHappens(`After the restart ${i}`)) await deliver(leader!, event);
    }

    // Every event since reached the survivor's browser exactly once.
    const all = await eventsAfter(before);
    expect(all.length).toBeGreaterThanOrEqual(16);
    await until(() => all.every((e) => heard(observer, e) >= 1), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(all.filter((e) => heard(observer, e) !== 1).map((e) => `${e.type} ${e.object.id} ×${heard(observer, e)}`)).toEqual([]);

    // The restarted instance cannot resume its old stream: it tells the browser to read everything again.
    const resumed = openStream(leader!, resumeFrom ?? "1");
    await until(() => resumed.events.some((e) => e.type === "resync"));
    const fresh = openStream(leader!);
    await until(() => fresh.events.some((e) => e.type === "presence" && e.threadId === threads[2] && e.people.length > 0));
  }, 90_000);
});
