import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tag } from "@/lib/api/labels";
import { webhookRetries, webhookSubscriptions } from "../schema";
import { SEED_NOW, TOKENS, expectOk, openTestSandbox, sandboxForFile, type TestSandbox } from "../testing/harness";
import { legacyEvent } from "@/lib/api/v1/legacy-events";
import { LEGACY_RETRY_DELAYS_MS } from "./webhook-retries";
import { advanceClock, capture, removeAllSubscriptions, seededThread, subscribe as subscribeOf, targetEvent as targetEventOf, type Captured } from "./webhook-test-kit";

const t = sandboxForFile();
afterEach(async () => {
  await removeAllSubscriptions(t);
  t.sandbox.context.store.clock.set(SEED_NOW.getTime() - Date.now());
});

const HOUR = 3600 * 1000;
const url = (name: string) => `http://127.0.0.1:4801/${name}`;
const retryRows = (on: TestSandbox = t) => on.sandbox.context.store.db.select().from(webhookRetries);

// On Globex (no outreach plan), so no campaign runner adds events of its own as the clock moves.
async function targetEvent(on: TestSandbox = t) {
  return targetEventOf(on, await seededThread(on, "globex"), "target.contacted", "globex");
}

const subscribe = (on: TestSandbox, body: Parameters<typeof subscribeOf>[1]) => subscribeOf(on, body, TOKENS.globex);

/** A receiver that fails until `up` is set, answering 500 or not at all in turn. */
function flaky() {
  const state = { up: false, calls: 0 };
  const answer = (_request: Captured) => {
    state.calls++;
    if (state.up) return new Response(null, { status: 204 });
    return state.calls % 2 ? new Response("down", { status: 500 }) : Promise.reject(new TypeError("fetch failed"));
  };
  return { state, answer };
}

describe("legacy retries", () => {
  it("follow a schedule of 10 retries within 24 hours", () => {
    expect(LEGACY_RETRY_DELAYS_MS).toHaveLength(10);
    const total = LEGACY_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeLessThanOrEqual(24 * HOUR);
    expect([...LEGACY_RETRY_DELAYS_MS].sort((a, b) => a - b)).toEqual(LEGACY_RETRY_DELAYS_MS);
  });

  it("retry a failed delivery on the sandbox's clock, with the same body and ID, until it is answered", async () => {
    const receiver = flaky();
    const { deliveries, dispatcher, logs } = capture(t, receiver.answer);
    const sub = await subscribe(t, { url: url("flaky"), format: "legacy" });
    await targetEvent();
    await dispatcher.settled();
    expect(deliveries).toHaveLength(1);
    const [waiting] = await retryRows();
    expect(waiting).toMatchObject({ subscriptionId: sub.id, attempts: 1, body: deliveries[0]!.body, lastError: "HTTP 500" });
    expect(logs).toEqual([expect.stringContaining("HTTP 500 (retry 1 of 10 at")]);

    // Not due until the first wait has passed on the sandbox's clock.
    expect(await dispatcher.retryDue()).toEqual([]);
    await advanceClock(t, LEGACY_RETRY_DELAYS_MS[0]! / 1000);
    expect(await dispatcher.retryDue()).toEqual([expect.objectContaining({ attempt: 2, status: null, error: "fetch failed", nextAttemptAt: expect.any(String) })]);
    expect((await retryRows())[0]).toMatchObject({ attempts: 2, lastError: "fetch failed" });

    receiver.state.up = true;
    await advanceClock(t, LEGACY_RETRY_DELAYS_MS[1]! / 1000);
    expect(await dispatcher.retryDue()).toEqual([expect.objectContaining({ attempt: 3, status: 204, error: null, nextAttemptAt: null })]);
    expect(await retryRows()).toEqual([]);

    expect(deliveries).toHaveLength(3);
    expect(new Set(deliveries.map((d) => d.body)).size).toBe(1);
    expect(new Set(deliveries.map((d) => d.headers["webhook-id"])).size).toBe(1);
    for (const delivery of deliveries) expect(legacyEvent.parse(new Webhook(sub.secret).verify(delivery.body, delivery.headers)).event).toBe("targetContacted");
  });

  it("give up after the tenth retry, within 24 hours of the first attempt", async () => {
    const { deliveries, dispatcher, logs } = capture(t, () => new Response(null, { status: 502 }));
    await subscribe(t, { url: url("always-down"), format: "legacy" });
    await targetEvent();
    await dispatcher.settled();
    const firstAt = t.sandbox.context.store.clock.now().getTime();
    let lastAt = firstAt;
    for (const delay of LEGACY_RETRY_DELAYS_MS) {
      await advanceClock(t, delay / 1000);
      const [retried] = await dispatcher.retryDue();
      expect(retried?.status).toBe(502);
      lastAt = t.sandbox.context.store.clock.now().getTime();
    }
    expect(deliveries).toHaveLength(11);
    expect(lastAt - firstAt).toBeLessThanOrEqual(24 * HOUR);
    expect(await retryRows()).toEqual([]);
    expect(logs.at(-1)).toContain("given up after 11 attempts");
    await advanceClock(t, 48 * 3600);
    expect(await dispatcher.retryDue()).toEqual([]);
  });

  it("are not made for v1 or v2 subscriptions", async () => {
    const { deliveries, dispatcher } = capture(t, () => new Response(null, { status: 500 }));
    await subscribe(t, { url: url("v1"), format: "v1" });
    await subscribe(t, { url: url("v2") });
    await targetEvent();
    expectOk(await t.request("POST", "/tags", { token: TOKENS.globex, body: { name: "No retries" } }), tag, 201);
    await dispatcher.settled();
    const sent = deliveries.length;
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(await retryRows()).toEqual([]);
    await advanceClock(t, 24 * 3600);
    expect(await dispatcher.retryDue()).toEqual([]);
    expect(deliveries).toHaveLength(sent);
  });

  it("are dropped when the legacy option is turned off, the subscription is deleted, or the sunset passes", async () => {
    const { deliveries, dispatcher, logs } = capture(t, () => new Response(null, { status: 500 }));
    const switched = await subscribe(t, { url: url("switched"), format: "legacy" });
    const deleted = await subscribe(t, { url: url("deleted"), format: "legacy" });
    const raced = await subscribe(t, { url: url("raced"), format: "legacy" });
    await targetEvent();
    await dispatcher.settled();
    expect((await retryRows()).map((r) => r.subscriptionId).sort()).toEqual([switched.id, deleted.id, raced.id].sort());

    // At once, through the control API.
    expect((await t.request("PATCH", `//_sandbox/webhooks/${switched.id}`, { token: TOKENS.globex, body: { format: "v1" } })).status).toBe(200);
    expect((await t.request("DELETE", `//_sandbox/webhooks/${deleted.id}`, { token: TOKENS.globex })).status).toBe(204);
    expect((await retryRows()).map((r) => r.subscriptionId)).toEqual([raced.id]);

    // A change that bypassed them (as one racing a failed attempt would): dropped when due.
    await t.sandbox.context.store.db.update(webhookSubscriptions).set({ format: "v2" }).where(eq(webhookSubscriptions.id, raced.id));
    await advanceClock(t, 3600);
    const sent = deliveries.length;
    expect(await dispatcher.retryDue()).toEqual([]);
    expect(deliveries).toHaveLength(sent);
    expect(await retryRows()).toEqual([]);
    expect(logs.at(-1)).toContain("retry dropped");

    // Past the sunset a legacy subscription receives v2 events: its waiting retries go.
    const late = await subscribe(t, { url: url("late"), format: "legacy" });
    await targetEvent();
    await dispatcher.settled();
    expect((await retryRows()).map((r) => r.subscriptionId)).toEqual([late.id]);
    await advanceClock(t, 14 * 24 * 3600);
    expect(await dispatcher.retryDue()).toEqual([]);
    expect(await retryRows()).toEqual([]);
  });

  it("run by themselves while the dispatcher listens", async () => {
    const receiver = flaky();
    const { deliveries, dispatcher } = capture(t, receiver.answer, { retryIntervalMs: 25 });
    await subscribe(t, { url: url("loop"), format: "legacy" });
    await targetEvent();
    await dispatcher.settled();
    receiver.state.up = true;
    await advanceClock(t, 60);
    await vi.waitFor(() => expect(deliveries).toHaveLength(2), { timeout: 5000 });
    await vi.waitFor(async () => expect(await retryRows()).toEqual([]), { timeout: 5000 });
  });
});

describe("legacy retries across a restart", () => {
  it("are kept in the database and made by the next run", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "sandbox-webhook-retries-"));
    try {
      const first = await openTestSandbox({ database: { dataDir } });
      const { dispatcher, logs } = capture(first, () => new Response(null, { status: 500 }), { retryIntervalMs: 10 });
      try {
        await subscribe(first, { url: url("restart"), format: "legacy" });
        await targetEvent(first);
        await dispatcher.settled();
        expect(await retryRows(first)).toHaveLength(1);
      } finally {
        await first.close();
      }
      // Closing the sandbox stopped the loop: nothing queries the closed database.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(logs.filter((line) => !line.includes("retry 1 of 10"))).toEqual([]);
      const second = await openTestSandbox({ database: { dataDir } });
      try {
        const { deliveries, dispatcher } = capture(second);
        const [waiting] = await retryRows(second);
        await advanceClock(second, 120);
        expect(await dispatcher.retryDue()).toEqual([expect.objectContaining({ attempt: 2, status: 204 })]);
        expect(deliveries.map((d) => d.body)).toEqual([waiting!.body]);
        expect(await retryRows(second)).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
