import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { errorDetails } from "@/lib/api/error-schemas";
import { eventPage, type ApiEvent } from "@/lib/api/events";
import { sendMessageResult } from "@/lib/api/messages";
import { accountLink, type AccountLink } from "@/lib/api/platforms";
import { page } from "@/lib/api/primitives";
import { thread, type Thread } from "@/lib/api/threads";
import { team } from "@/lib/api/team";
import { liveMode } from "../simulator/live";
import { DEFAULT_RATE_LIMITS } from "../rate-limit";
import { settings } from "../schema";
import { SEED_NOW, TOKENS, expectError, expectOk, openTestSandbox, type TestSandbox } from "../testing/harness";

let t: TestSandbox;

beforeAll(async () => {
  t = await openTestSandbox();
}, 60_000);
afterAll(async () => {
  if (!t) return;
  // Closing the sandbox stops live mode's timers.
  const mode = liveMode(t.sandbox.context);
  const teamId = expectOk(await t.request("GET", "/team"), team).id;
  mode.set(teamId, { enabled: true, intervalMs: 60_000 }, () => "");
  expect(mode.status(teamId).enabled).toBe(true);
  await t.close();
  expect(mode.status(teamId).enabled).toBe(false);
});

const clockState = z.strictObject({ now: z.iso.datetime(), offsetMs: z.number() });
const pendingFaults = z.strictObject({ pending: z.array(z.looseObject({ kind: z.string(), count: z.number() })) });
const liveState = z.strictObject({ enabled: z.boolean(), intervalMs: z.number() });
const ok = z.strictObject({ ok: z.literal(true) });

const control = (method: string, path: string, init: Parameters<TestSandbox["request"]>[2] = {}) => t.request(method, `//_sandbox${path}`, init);

async function latestSeq(token: string = TOKENS.acme): Promise<number> {
  return expectOk(await t.request("GET", "/events?type=none.none", { token }), eventPage).lastSeq;
}

async function eventsAfter(seq: number, token: string = TOKENS.acme): Promise<ApiEvent[]> {
  return expectOk(await t.request("GET", `/events?afterSeq=${seq}&limit=1000`, { token }), eventPage).data;
}

async function accountLinks(query = "", token: string = TOKENS.acme): Promise<AccountLink[]> {
  return expectOk(await t.request("GET", `/account-links?limit=100${query}`, { token }), page(accountLink)).data;
}

async function someThread(token: string = TOKENS.acme, query = ""): Promise<Thread> {
  const threads = expectOk(await t.request("GET", `/threads?limit=20${query}`, { token }), page(thread)).data;
  const found = threads.find((th) => th.restrictions.length === 0) ?? threads[0];
  if (!found) throw new Error("no thread");
  return found;
}

describe("/_sandbox access", () => {
  it("health answers without a token, even with the control API off", async () => {
    expect(expectOk(await control("GET", "/health", { token: null }), ok)).toEqual({ ok: true });
    t.sandbox.context.config.control = false;
    try {
      expect(expectOk(await control("GET", "/health", { token: null }), ok)).toEqual({ ok: true });
    } finally {
      t.sandbox.context.config.control = true;
    }
  });

  it("everything else requires an API token", async () => {
    for (const init of [{ token: null }, { token: TOKENS.revoked }, { token: "nope" }, { token: null, headers: { authorization: "Basic eDp5" } }]) {
      expectError(await control("GET", "/clock", init), 401, "unauthorized");
    }
    expectError(await control("POST", "/inbound", { token: null, body: { content: "hi" } }), 401, "unauthorized");
  });

  it("answers 404 notFound when the sandbox runs without the control API", async () => {
    t.sandbox.context.config.control = false;
    try {
      for (const [method, path] of [["GET", "/clock"], ["POST", "/inbound"], ["GET", "/webhooks"], ["PATCH", "/webhooks/wh0001"], ["POST", "/reset"], ["GET", "/faults"]] as const) {
        expectError(await control(method, path, method === "GET" ? {} : { body: {} }), 404, "notFound");
      }
    } finally {
      t.sandbox.context.config.control = true;
    }
    expect((await control("GET", "/clock")).status).toBe(200);
  });

  it("answers 404 notFound for an unknown control path", async () => {
    expectError(await control("GET", "/nope"), 404, "notFound");
  });

  it("uses no rate-limit quota and meets no injected faults", async () => {
    const { rateLimits } = t.sandbox.context.config;
    expectOk(await control("PUT", "/rate-limits", { body: { minute: 2, hour: 1000, day: 10000 } }), z.looseObject({}));
    try {
      t.sandbox.context.rateLimiter.reset();
      for (let i = 0; i < 5; i++) expect((await control("GET", "/clock")).status).toBe(200);
      expect((await t.request("GET", "/team")).status).toBe(200);
    } finally {
      expectOk(await control("PUT", "/rate-limits", { body: rateLimits }), z.looseObject({}));
      t.sandbox.context.rateLimiter.reset();
    }
    expectOk(await control("POST", "/faults", { body: { kind: "internalError", count: 1 } }), pendingFaults, 201);
    expect((await control("GET", "/faults")).status).toBe(200);
    expect(expectOk(await control("DELETE", "/faults"), pendingFaults).pending).toEqual([]);
  });

  it("refuses malformed bodies with 400 invalidRequest", async () => {
    expectError(await control("POST", "/clock/advance", { rawBody: "{", headers: { "content-type": "application/json" } }), 400, "invalidRequest");
    expectError(await control("POST", "/clock/advance"), 400, "invalidRequest");
  });
});

describe("POST /_sandbox/inbound", () => {
  it("delivers an inbound message into an existing thread and records message.received", async () => {
    const target = await someThread();
    const before = await latestSeq();
    const result = expectOk(await control("POST", "/inbound", { body: { threadId: target.id, content: "Is the Growth plan billed monthly?" } }), sendMessageResult, 201);
    expect(result.thread.id).toBe(target.id);
    expect(result.message).toMatchObject({ threadId: target.id, direction: "inbound", content: "Is the Growth plan billed monthly?", sentBy: null });
    expect(result.thread.lastMessage).toMatchObject({ id: result.message.id, direction: "inbound" });

    const events = await eventsAfter(before);
    const received = events.find((e) => e.type === "message.received");
    expect(received).toMatchObject({ object: { type: "message", id: result.message.id }, data: { threadId: target.id, messageId: result.message.id } });
    expect(expectOk(await t.request("GET", `/threads/${target.id}`), thread).lastMessage?.id).toBe(result.message.id);
  });

  it("starts a conversation with a new person on an account link", async () => {
    const link = (await accountLinks("&platform=instagram&status=active"))[0]!;
    const result = expectOk(
      await control("POST", "/inbound", {
        body: { accountLinkId: link.id, content: "Hi! Do you ship to Canada?", profile: { platformId: "9988776655", username: "new.person", displayName: "New Person" } },
      }),
      sendMessageResult,
      201,
    );
    expect(result.thread.accountLinkId).toBe(link.id);
    expect(result.message.direction).toBe("inbound");
    const read = expectOk(await t.request("GET", `/threads/${result.thread.id}?expand=profile`), thread);
    expect(read.profile).toMatchObject({ platformId: "9988776655", username: "new.person" });
  });

  it("validates the body and scopes thread IDs to the team", async () => {
    for (const body of [{}, { content: "" }, { content: "  " }, { content: "hi", threadId: "Not-An-Id" }, { content: "hi", extra: true }]) {
      expectError(await control("POST", "/inbound", { body }), 400, "invalidRequest");
    }
    const globexThread = await someThread(TOKENS.globex);
    expectError(await control("POST", "/inbound", { body: { threadId: globexThread.id, content: "hi" } }), 404, "threadNotFound");
  });
});

describe("POST /_sandbox/account-links/:id/status", () => {
  it("takes an account link offline, records accountLink.statusChanged, and sends then fail with 409", async () => {
    const target = await someThread(TOKENS.acme, "&platform=instagram");
    const before = await latestSeq();
    const offline = expectOk(await control("POST", `/account-links/${target.accountLinkId}/status`, { body: { status: "offline" } }), accountLink);
    expect(offline).toMatchObject({ id: target.accountLinkId, status: "offline", pauseReasons: null });
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.type, e.object.type, e.object.id, e.object.url, e.data])).toEqual([
      ["accountLink.statusChanged", "accountLink", target.accountLinkId, `/account-links/${target.accountLinkId}`, { status: "offline" }],
    ]);

    const send = await t.request("POST", "/messages", { body: { target: { type: "thread", threadId: target.id }, content: "Hello" } });
    const error = expectError(send, 409, "accountLinkDisconnected");
    expect(errorDetails.accountLinkDisconnected.parse(error.details).status).toBe("offline");

    // The same status again is no change, so no event.
    const seq = await latestSeq();
    expectOk(await control("POST", `/account-links/${target.accountLinkId}/status`, { body: { status: "offline" } }), accountLink);
    expect(await latestSeq()).toBe(seq);

    const paused = expectOk(await control("POST", `/account-links/${target.accountLinkId}/status`, { body: { status: "paused", pauseReasons: ["verificationRequired"] } }), accountLink);
    expect(paused).toMatchObject({ status: "paused", pauseReasons: ["verificationRequired"] });
    expect(expectOk(await t.request("GET", `/account-links/${target.accountLinkId}`), accountLink).status).toBe("paused");

    const active = expectOk(await control("POST", `/account-links/${target.accountLinkId}/status`, { body: { status: "active" } }), accountLink);
    expect(active).toMatchObject({ status: "active", pauseReasons: null });
    expect((await eventsAfter(seq)).map((e) => e.data.status)).toEqual(["paused", "active"]);
  });

  it("answers 404 for unknown or another team's account links and 400 for a bad status", async () => {
    const globexLink = (await accountLinks("", TOKENS.globex))[0]!;
    expectError(await control("POST", `/account-links/${globexLink.id}/status`, { body: { status: "offline" } }), 404, "accountLinkNotFound");
    expectError(await control("POST", "/account-links/al0zzzz/status", { body: { status: "offline" } }), 404, "accountLinkNotFound");
    const link = (await accountLinks())[0]!;
    expectError(await control("POST", `/account-links/${link.id}/status`, { body: { status: "broken" } }), 400, "invalidRequest");
  });
});

describe("thread restrictions", () => {
  it("adds and removes a restriction, answering the thread", async () => {
    const target = await someThread();
    const added = expectOk(await control("POST", `/threads/${target.id}/restrictions`, { body: { capability: "message:edit" } }), thread);
    expect(added.id).toBe(target.id);
    expect(added.restrictions).toEqual(["message:edit"]);
    expect(added.assigneeId).toBe(target.assigneeId);
    expect(added.assigneeSource).toBe(target.assigneeSource);
    // Idempotent.
    expect(expectOk(await control("POST", `/threads/${target.id}/restrictions`, { body: { capability: "message:edit" } }), thread).restrictions).toEqual(["message:edit"]);
    expect(expectOk(await t.request("GET", `/threads/${target.id}`), thread).restrictions).toEqual(["message:edit"]);

    const removed = expectOk(await control("DELETE", `/threads/${target.id}/restrictions/message:edit`), thread);
    expect(removed.restrictions).toEqual([]);
    expect(expectOk(await t.request("GET", `/threads/${target.id}`), thread).restrictions).toEqual([]);
  });

  it("answers 404 threadNotFound for unknown or another team's threads, 400 for a bad body", async () => {
    const globexThread = await someThread(TOKENS.globex);
    expectError(await control("POST", `/threads/${globexThread.id}/restrictions`, { body: { capability: "message:edit" } }), 404, "threadNotFound");
    expectError(await control("DELETE", `/threads/${globexThread.id}/restrictions/message:edit`), 404, "threadNotFound");
    expectError(await control("POST", "/threads/thr0zzzz/restrictions", { body: { capability: "message:edit" } }), 404, "threadNotFound");
    const target = await someThread();
    expectError(await control("POST", `/threads/${target.id}/restrictions`, { body: {} }), 400, "invalidRequest");
  });
});

describe("the clock", () => {
  it("reads and advances the simulated clock, persisting its offset", async () => {
    const start = expectOk(await control("GET", "/clock"), clockState);
    expect(Math.abs(Date.parse(start.now) - SEED_NOW.getTime())).toBeLessThan(60_000);
    const advanced = expectOk(await control("POST", "/clock/advance", { body: { seconds: 3600 } }), clockState);
    expect(advanced.offsetMs).toBe(start.offsetMs + 3_600_000);
    expect(Date.parse(advanced.now) - Date.parse(start.now)).toBeGreaterThanOrEqual(3_600_000);

    const [saved] = await t.sandbox.context.store.db.select().from(settings).where(eq(settings.key, "clockOffsetMs"));
    expect(saved?.value).toBe(advanced.offsetMs);

    for (const body of [{ seconds: 0 }, { seconds: -5 }, { seconds: "60" }, {}]) {
      expectError(await control("POST", "/clock/advance", { body }), 400, "invalidRequest");
    }
  });
});

describe("faults", () => {
  it("queues, lists and clears faults", async () => {
    const first = expectOk(await control("POST", "/faults", { body: { kind: "rateLimited", count: 2, retryAfter: 7 } }), pendingFaults, 201);
    expect(first.pending).toEqual([{ kind: "rateLimited", count: 2, retryAfter: 7, scope: "team", path: null, method: null }]);
    const second = expectOk(await control("POST", "/faults", { body: { kind: "sendUnconfirmed", count: 1, delivered: true } }), pendingFaults, 201);
    expect(second.pending).toHaveLength(2);
    expect(expectOk(await control("GET", "/faults"), pendingFaults)).toEqual(second);

    // The next API request takes one.
    expectError(await t.request("GET", "/team"), 429, "rateLimited");
    expect(expectOk(await control("GET", "/faults"), pendingFaults).pending[0]).toMatchObject({ kind: "rateLimited", count: 1 });

    expect(expectOk(await control("DELETE", "/faults"), pendingFaults)).toEqual({ pending: [] });
    expect((await t.request("GET", "/team")).status).toBe(200);
  });

  it("refuses a fault that is not one of the shapes", async () => {
    for (const body of [
      { kind: "boom", count: 1 },
      { kind: "latency", count: 1 },
      { kind: "internalError", count: 0 },
      { kind: "rateLimited", count: 1, retryAfter: 1, extra: 1 },
      { kind: "internalError", count: 1, path: "v2/threads" },
      { kind: "internalError", count: 1, path: "/v2/a b" },
      { kind: "internalError", count: 1, method: "TRACE" },
      { kind: "internalError", count: 1, scope: "everyone" },
      { kind: "sendUnconfirmed", count: 1, delivered: true, settleAfterMs: -1 },
    ]) {
      expectError(await control("POST", "/faults", { body }), 400, "invalidRequest");
    }
  });

  it("belong to the team that asked: another team's requests never meet them, nor see them", async () => {
    try {
      expectOk(await control("POST", "/faults", { body: { kind: "internalError", count: 1 } }), pendingFaults, 201);
      expect(expectOk(await control("GET", "/faults", { token: TOKENS.globex }), pendingFaults).pending).toEqual([]);
      expect((await t.request("GET", "/team", { token: TOKENS.globex })).status).toBe(200);
      // Globex clears its own (none), not Acme's.
      expectOk(await control("DELETE", "/faults", { token: TOKENS.globex }), pendingFaults);
      expect(expectOk(await control("GET", "/faults"), pendingFaults).pending).toHaveLength(1);
      // Any token of Acme's meets it.
      expectError(await t.request("GET", "/team", { token: TOKENS.acme2 }), 500, "internalError");
    } finally {
      await control("DELETE", "/faults");
    }
  });

  it("with scope token, only the token that asked meets them", async () => {
    try {
      expectOk(await control("POST", "/faults", { token: TOKENS.acme2, body: { kind: "rateLimited", count: 1, retryAfter: 3, scope: "token" } }), pendingFaults, 201);
      expect((await t.request("GET", "/team")).status).toBe(200);
      expectError(await t.request("GET", "/team", { token: TOKENS.acme2 }), 429, "rateLimited");
      expect(expectOk(await control("GET", "/faults"), pendingFaults).pending).toEqual([]);
    } finally {
      await control("DELETE", "/faults");
    }
  });

  it("with a path, only requests at or under it meet them; with a method, only that method", async () => {
    try {
      expectOk(await control("POST", "/faults", { body: { kind: "rateLimited", count: 2, retryAfter: 4, path: "/v2/threads/" } }), pendingFaults, 201);
      expectOk(await control("POST", "/faults", { body: { kind: "rateLimited", count: 1, retryAfter: 5, path: "/v2/tags", method: "POST" } }), pendingFaults, 201);
      expect((await t.request("GET", "/team")).status).toBe(200);
      expect((await t.request("GET", "/tags")).status).toBe(200);
      expect((await t.request("GET", "/threads?limit=1")).status).toBe(429);
      const thread = await t.request("GET", "/threads/thrnope/messages");
      expect(thread.status).toBe(429);
      expect(thread.headers.get("retry-after")).toBe("4");
      expect((await t.request("GET", "/threads?limit=1")).status).toBe(200);
      expect((await t.request("POST", "/tags", { body: { name: "" } })).headers.get("retry-after")).toBe("5");
      expect(expectOk(await control("GET", "/faults"), pendingFaults).pending).toEqual([]);
    } finally {
      await control("DELETE", "/faults");
    }
  });
});

describe("rate limits", () => {
  it("sets the team quota and resets the counters", async () => {
    const limits = z.strictObject({ minute: z.number(), hour: z.number(), day: z.number() });
    try {
      expect(expectOk(await control("PUT", "/rate-limits", { body: { minute: 2, hour: 50, day: 500 } }), limits)).toEqual({ minute: 2, hour: 50, day: 500 });
      expect(t.sandbox.context.config.rateLimits).toEqual({ minute: 2, hour: 50, day: 500 });
      expectOk(await control("POST", "/rate-limits/reset"), ok);
      expect((await t.request("GET", "/team")).headers.get("x-ratelimit-limit")).toBe("2");
      expect((await t.request("GET", "/team")).status).toBe(200);
      expectError(await t.request("GET", "/team"), 429, "rateLimited");
      expectOk(await control("POST", "/rate-limits/reset"), ok);
      expect((await t.request("GET", "/team")).status).toBe(200);

      for (const body of [{ minute: 0, hour: 1, day: 1 }, { minute: 1, hour: 1 }, { minute: 1.5, hour: 1, day: 1 }]) {
        expectError(await control("PUT", "/rate-limits", { body }), 400, "invalidRequest");
      }
    } finally {
      await control("PUT", "/rate-limits", { body: DEFAULT_RATE_LIMITS });
      await control("POST", "/rate-limits/reset");
    }
    expect(t.sandbox.context.config.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
  });
});

describe("live mode", () => {
  it("injects inbound messages on a timer until switched off", async () => {
    expectError(await control("POST", "/live", { body: { enabled: true, intervalMs: 100 } }), 400, "invalidRequest");
    expect(expectOk(await control("GET", "/live"), liveState)).toEqual({ enabled: false, intervalMs: 5000 });

    const before = await latestSeq();
    expect(expectOk(await control("POST", "/live", { body: { enabled: true, intervalMs: 500 } }), liveState)).toEqual({ enabled: true, intervalMs: 500 });
    expect(expectOk(await control("GET", "/live"), liveState)).toEqual({ enabled: true, intervalMs: 500 });
    // Globex's live mode is its own.
    expect(expectOk(await control("GET", "/live", { token: TOKENS.globex }), liveState).enabled).toBe(false);

    let received: ApiEvent[] = [];
    const deadline = Date.now() + 1500;
    while (received.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      received = (await eventsAfter(before)).filter((e) => e.type === "message.received");
    }
    expect(received.length).toBeGreaterThan(0);
    const threadId = String(received[0]!.data.threadId);
    const live = expectOk(await t.request("GET", `/threads/${threadId}`), thread);
    expect(live.archived).toBe(false);
    expect(live.lastMessage?.direction).toBe("inbound");

    expect(expectOk(await control("POST", "/live", { body: { enabled: false } }), liveState).enabled).toBe(false);
    expect(expectOk(await control("GET", "/live"), liveState).enabled).toBe(false);
  });
});

describe("live mode's picks", () => {
  it("writes into open threads on active accounts, and now and then from a new person", async () => {
    const teamId = expectOk(await t.request("GET", "/team"), team).id;
    const mode = liveMode(t.sandbox.context);
    const links = new Map((await accountLinks()).map((l) => [l.id, l]));
    let newPeople = 0;
    for (let i = 0; i < 25; i++) {
      const input = await mode.tick(teamId, () => "");
      if (!input) throw new Error("nothing to inject into");
      expect(input.content.trim().length).toBeGreaterThan(0);
      if (input.threadId) {
        const picked = expectOk(await t.request("GET", `/threads/${input.threadId}`), thread);
        expect(picked.archived).toBe(false);
        expect(links.get(picked.accountLinkId)?.status).toBe("active");
      } else {
        newPeople++;
        expect(links.get(input.accountLinkId!)?.status).toBe("active");
        expect(input.profile?.platformId).toBeTruthy();
      }
    }
    expect(newPeople).toBeGreaterThan(0);
    expect(newPeople).toBeLessThan(25);
  });
});

describe("/_sandbox/webhooks formats", () => {
  const listed = z.strictObject({ id: z.string(), url: z.string(), format: z.string(), effectiveFormat: z.string(), createdAt: z.string() });
  const created = listed.extend({ secret: z.string() });
  const hook = "http://127.0.0.1:4801/formats";
  const subscribe = async (body: Record<string, unknown>, token: string = TOKENS.acme) =>
    expectOk(await control("POST", "/webhooks", { token, body: { url: hook, ...body } }), created, 201);
  const remove = async (id: string, token: string = TOKENS.acme) => expect((await control("DELETE", `/webhooks/${id}`, { token })).status).toBe(204);

  it("creates a subscription in the format asked for, v2 by default, and lists it with what it receives", async () => {
    const made = [await subscribe({}), await subscribe({ format: "v1" }), await subscribe({ format: "legacy" }), await subscribe({ format: "v2" })];
    expect(made.map((s) => [s.format, s.effectiveFormat])).toEqual([
      ["v2", "v2"],
      ["v1", "v1"],
      ["legacy", "legacy"],
      ["v2", "v2"],
    ]);
    const { data } = expectOk(await control("GET", "/webhooks"), z.strictObject({ data: z.array(listed) }));
    expect(data).toEqual(made.map(({ secret: _secret, ...rest }) => rest));
    for (const format of ["v3", "V1", "", 2, null]) {
      expectError(await control("POST", "/webhooks", { body: { url: hook, format } }), 400, "invalidRequest");
    }
    for (const s of made) await remove(s.id);
  });

  it("PATCH changes the format: the legacy option only off, and no way back from v2", async () => {
    const allowed: Record<string, string[]> = { v2: ["v2"], v1: ["v1", "v2"], legacy: ["legacy", "v1", "v2"] };
    for (const from of ["v2", "v1", "legacy"]) {
      for (const to of ["v2", "v1", "legacy"]) {
        const sub = await subscribe({ format: from });
        const response = await control("PATCH", `/webhooks/${sub.id}`, { body: { format: to } });
        if (allowed[from]!.includes(to)) {
          expect(expectOk(response, listed), `${from} → ${to}`).toEqual({ id: sub.id, url: sub.url, format: to, effectiveFormat: to, createdAt: sub.createdAt });
        } else {
          const refused = expectError(response, 409, "invalidTransition");
          expect(refused.details, `${from} → ${to}`).toEqual({ status: from });
          const { data } = expectOk(await control("GET", "/webhooks"), z.strictObject({ data: z.array(listed) }));
          expect(data.find((s) => s.id === sub.id)?.format).toBe(from);
        }
        await remove(sub.id);
      }
    }
  });

  it("PATCH refuses bad input with 400, and answers 404 for another team's or no subscription", async () => {
    const sub = await subscribe({ format: "legacy" });
    const theirs = await subscribe({}, TOKENS.globex);
    for (const body of [{ format: "v3" }, { format: 1 }, {}, { format: "v1", url: "http://127.0.0.1:1/x" }]) {
      expectError(await control("PATCH", `/webhooks/${sub.id}`, { body }), 400, "invalidRequest");
    }
    expectError(await control("PATCH", `/webhooks/${sub.id}`), 400, "invalidRequest");
    expectError(await control("PATCH", `/webhooks/${theirs.id}`, { body: { format: "v2" } }), 404, "notFound");
    expectError(await control("PATCH", "/webhooks/wh0000nothing", { body: { format: "v2" } }), 404, "notFound");
    expectError(await control("PATCH", "/webhooks/NOT-AN-ID", { body: { format: "v2" } }), 404, "notFound");
    expectError(await control("PATCH", `/webhooks/${sub.id}`, { token: null, body: { format: "v2" } }), 401, "unauthorized");
    expect(expectOk(await control("GET", "/webhooks"), z.strictObject({ data: z.array(listed) })).data.map((s) => s.format)).toEqual(["legacy"]);
    await remove(sub.id);
    await remove(theirs.id, TOKENS.globex);
  });
});

describe("POST /_sandbox/reset", () => {
  it("reseeds the world, stops live mode and clears faults and counters", async () => {
    const link = (await accountLinks("&status=active"))[0]!;
    await control("POST", `/account-links/${link.id}/status`, { body: { status: "offline" } });
    await control("POST", "/faults", { body: { kind: "latency", count: 5, ms: 1 } });
    await control("POST", "/live", { body: { enabled: true, intervalMs: 60_000 } });

    expect(expectOk(await control("POST", "/reset"), ok)).toEqual({ ok: true });

    expect(expectOk(await control("GET", "/faults"), pendingFaults).pending).toEqual([]);
    expect(expectOk(await control("GET", "/live"), liveState).enabled).toBe(false);
    expect(expectOk(await t.request("GET", `/account-links/${link.id}`), accountLink).status).toBe("active");
    expect(expectOk(await control("GET", "/clock"), clockState).offsetMs).toBe(0);
    expectError(await control("POST", "/reset", { body: { scale: 0 } }), 400, "invalidRequest");
  }, 30_000);
});
