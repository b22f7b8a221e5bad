import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as eventsRoute from "@/app/api/events/route";
import * as settingsRoute from "@/app/api/settings/route";
import * as userRoute from "@/app/api/inbox/users/[userId]/route";
import * as passwordRoute from "@/app/api/inbox/users/[userId]/password/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import { inboxEvent, type InboxEvent } from "@/lib/api/inbox-events";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-database";
import type { InboxUser } from "@/lib/api/users";
import { loadConfig } from "../runtime/env";
import { createRuntime, type Runtime } from "../runtime/runtime";
import { ORIGIN, call, startTestBff, type TestBff } from "../testing/bff";
import type { IndexedThread } from "../gateway/thread-query";
import { viewerFrom } from "./session";
import { SESSION_RECHECK_MS, eventsResponse } from "./sse";

/**
 * An open event stream answers to its session for as long as it is open: it ends when the
 * session does, and filters by the viewer's current role and the team's current visibility.
 * The route's streams check every SESSION_RECHECK_MS; these tests expect far sooner, so what
 * they see is the change being told (hub.recheck, or the bus between instances).
 */
const PROMPTLY_MS = 2_000;

type Stream = { events: InboxEvent[]; done: Promise<void>; ended(): boolean; close(): Promise<void> };

/** Reads a stream of server-sent events as the browser would, keeping what arrived. */
function readStream(response: Response): Stream {
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: InboxEvent[] = [];
  let buffer = "";
  let ended = false;
  const done = (async () => {
    for (;;) {
      const { value, done: finished } = await reader.read();
      if (finished) break;
      buffer += decoder.decode(value, { stream: true });
      for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
        const data = buffer.slice(0, cut).split("\n").find((line) => line.startsWith("data: "));
        buffer = buffer.slice(cut + 2);
        if (data) events.push(inboxEvent.parse(JSON.parse(data.slice("data: ".length))));
      }
    }
    ended = true;
  })();
  return { events, done, ended: () => ended, close: () => reader.cancel() };
}

function within(promise: Promise<void>, ms: number): Promise<void> {
  return Promise.race([promise, new Promise<void>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms))]);
}

function apiEvent(threadId: string): InboxEvent {
  return { type: "api", apiType: "message.received", object: { type: "message", id: `m${threadId}` }, threadId, at: new Date().toISOString() };
}

const heard = (stream: Stream, threadId: string) => stream.events.some((e) => e.type === "api" && e.threadId === threadId);

describe("event streams and the sessions behind them", () => {
  let bff: TestBff;
  let admin = "";
  let hidden: IndexedThread;
  let shown: IndexedThread;
  const streams: Stream[] = [];

  const open = async (cookie: string | null) => {
    const response = await call(eventsRoute, "GET", "/api/events", { cookie });
    if (response.status !== 200) return response;
    const stream = readStream(response);
    streams.push(stream);
    return stream;
  };
  const addUser = async (name: string, role: InboxUser["role"]) => {
    const user = await bff.runtime.users.add({ email: `${name}@acme.test`, name, password: `${name}-password`, role, memberId: null });
    return { user, cookie: await bff.signIn(name, `${name}-password`) };
  };

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await bff.signIn("olivia");
    await bff.runtime.gateway.index.ready();
    const marcusId = (await bff.runtime.users.get("marcus@acme.test"))!.memberId!;
    const unassigned = bff.runtime.gateway.index.all().filter((t) => t.assigneeId === null && t.contact?.assigneeId === null);
    [hidden, shown] = unassigned as [IndexedThread, IndexedThread];
    expect((await call(v2, "PATCH", `/api/v2/threads/${hidden.id}`, { cookie: await bff.signIn("marcus"), body: { assigneeId: marcusId } })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close().catch(() => undefined)));
    await bff.close();
  });

  it("checks again at least every 15 s", () => {
    expect(SESSION_RECHECK_MS).toBeGreaterThanOrEqual(5_000);
    expect(SESSION_RECHECK_MS).toBeLessThanOrEqual(15_000);
  });

  it("gives a visitor without a session no stream", async () => {
    const response = (await open(null)) as Response;
    expect(response.status).toBe(401);
    expect(bff.runtime.hub.clients()).toBe(streams.filter((s) => !s.ended()).length);
  });

  it("ends a removed user's stream at once, and only theirs; they cannot open another", async () => {
    const { user, cookie } = await addUser("pat", "member");
    const theirs = (await open(cookie)) as Stream;
    const others = (await open(await bff.signIn("sam"))) as Stream;
    const removed = await call(userRoute, "DELETE", `/api/inbox/users/${user.id}`, { cookie: admin, params: { userId: user.id } });
    expect(removed.status).toBe(204);
    await within(theirs.done, PROMPTLY_MS);
    expect(others.ended()).toBe(false);
    // Nothing reaches the ended stream after it closed.
    bff.runtime.hub.publish(apiEvent(shown.id));
    await vi.waitFor(() => expect(heard(others, shown.id)).toBe(true), { timeout: 10_000 });
    expect(heard(theirs, shown.id)).toBe(false);
    expect(((await open(cookie)) as Response).status).toBe(401);
  });

  it("ends the stream at once when the user's password is reset", async () => {
    const { user, cookie } = await addUser("quinn", "member");
    const stream = (await open(cookie)) as Stream;
    const reset = await call(passwordRoute, "PUT", `/api/inbox/users/${user.id}/password`, { cookie: admin, params: { userId: user.id }, body: { password: "a-brand-new-password" } });
    expect(reset.status).toBe(204);
    await within(stream.done, PROMPTLY_MS);
    expect(((await open(cookie)) as Response).status).toBe(401);
  });

  it("ends within the interval when the session ends unannounced (signed out elsewhere, or the users CLI)", async () => {
    const { user, cookie } = await addUser("rene", "member");
    const headers = new Headers({ cookie });
    const viewer = (await viewerFrom(headers, bff.runtime))!;
    const stream = readStream(eventsResponse(new Request(`${ORIGIN}/api/events`, { headers }), bff.runtime, viewer, { recheckMs: 100 }));
    streams.push(stream);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.ended()).toBe(false);
    const ctx = await bff.runtime.auth.$context;
    await ctx.internalAdapter.deleteUserSessions(user.id);
    await within(stream.done, PROMPTLY_MS);
  });

  it("stops telling a member of threads hidden by a narrower visibility, and tells the tab to read again", async () => {
    const stream = (await open(await bff.signIn("sam"))) as Stream;
    bff.runtime.hub.publish(apiEvent(hidden.id));
    await vi.waitFor(() => expect(heard(stream, hidden.id)).toBe(true), { timeout: 10_000 });

    const set = await call(settingsRoute, "PATCH", "/api/settings", { cookie: admin, body: { memberVisibility: "assignedAndUnassigned" } });
    expect(set.status).toBe(200);
    await vi.waitFor(() => expect(stream.events.some((e) => e.type === "resync")).toBe(true), { timeout: PROMPTLY_MS });
    stream.events.length = 0;
    bff.runtime.hub.publish(apiEvent(hidden.id));
    bff.runtime.hub.publish(apiEvent(shown.id));
    await vi.waitFor(() => expect(heard(stream, shown.id)).toBe(true), { timeout: 10_000 });
    expect(heard(stream, hidden.id)).toBe(false);
    expect(stream.ended()).toBe(false);
  });

  it("tells a restricted member nothing of a thread the inbox does not hold, and a manager all of it", async () => {
    // The team's visibility is `assignedAndUnassigned` since the test before.
    const unknown = "thr9unknown";
    expect(bff.runtime.gateway.index.get(unknown)).toBeUndefined();
    const member = (await open(await bff.signIn("sam"))) as Stream;
    const manager = (await open(await bff.signIn("marcus"))) as Stream;
    bff.runtime.hub.publish(apiEvent(unknown));
    bff.runtime.hub.publish(apiEvent(shown.id));
    await vi.waitFor(() => expect(heard(member, shown.id) && heard(manager, shown.id)).toBe(true), { timeout: 10_000 });
    expect(heard(member, unknown)).toBe(false);
    expect(heard(manager, unknown)).toBe(true);
  });

  it("filters a demoted manager's stream as a member's from then on", async () => {
    // The team's visibility is `assignedAndUnassigned` since the test before.
    const { user, cookie } = await addUser("dana", "manager");
    const stream = (await open(cookie)) as Stream;
    bff.runtime.hub.publish(apiEvent(hidden.id));
    await vi.waitFor(() => expect(heard(stream, hidden.id)).toBe(true), { timeout: 10_000 });

    const demoted = await call(userRoute, "PATCH", `/api/inbox/users/${user.id}`, { cookie: admin, params: { userId: user.id }, body: { role: "member" } });
    expect(demoted.status).toBe(200);
    await vi.waitFor(() => expect(stream.events.some((e) => e.type === "resync")).toBe(true), { timeout: PROMPTLY_MS });
    stream.events.length = 0;
    bff.runtime.hub.publish(apiEvent(hidden.id));
    bff.runtime.hub.publish(apiEvent(shown.id));
    await vi.waitFor(() => expect(heard(stream, shown.id)).toBe(true), { timeout: 10_000 });
    expect(heard(stream, hidden.id)).toBe(false);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("event streams across instances on one Postgres", () => {
  let database: TestDatabase;
  const runtimes: Runtime[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, "inbox_sse");
    const config = loadConfig({ INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "1000" });
    // One after the other: the second finds the demo users the first made.
    for (let i = 0; i < 2; i++) runtimes.push(await createRuntime(config, { database: { url: database.url }, sandboxDatabase: {}, background: false }));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(runtimes.map((r) => r.close()));
    await database?.drop();
  });

  it("ends a stream on one instance when its user is removed on another", async () => {
    const [a, b] = runtimes as [Runtime, Runtime];
    const user = await a.users.add({ email: "sol@acme.test", name: "Sol", password: "sol-password", role: "member", memberId: null });
    const signIn = await a.auth.handler(
      new Request(`${ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({ email: "sol@acme.test", password: "sol-password" }),
      }),
    );
    expect(signIn.status).toBe(200);
    const headers = new Headers({ cookie: signIn.headers.get("set-cookie")!.split(";")[0]! });
    const viewer = (await viewerFrom(headers, b))!;
    expect(viewer.userId).toBe(user.id);
    // An interval far longer than the test: only the bus can end this stream in time.
    const stream = readStream(eventsResponse(new Request(`${ORIGIN}/api/events`, { headers }), b, viewer, { recheckMs: 600_000 }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await a.users.remove("sol@acme.test");
    await within(stream.done, PROMPTLY_MS);
  });
});
