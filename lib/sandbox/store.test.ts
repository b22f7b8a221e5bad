import { afterEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "./app";
import { openSandboxStore, type SandboxStore } from "./store";
import { openTestSandbox } from "./testing/harness";

/**
 * The clock across restarts: an advanced clock is kept by a plain restart, and dropped by a
 * reset (`npm run sandbox -- --reset` and POST /_sandbox/reset alike), so a fresh world is
 * never seeded in the future (past version 1's sunset, say).
 */
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
});

/** A database whose saved clock runs thirty days ahead, as a run that advanced it leaves it. */
async function advancedDatabase(): Promise<Blob> {
  const t = await openTestSandbox();
  try {
    t.sandbox.context.store.clock.set(THIRTY_DAYS_MS);
    await t.sandbox.context.store.saveClock();
    return await t.sandbox.context.store.dump!();
  } finally {
    await t.close();
  }
}

function keep<T extends SandboxStore | Sandbox>(handle: T): T {
  opened.push(handle);
  return handle;
}

describe("the clock on restart and reset", () => {
  it("a restart keeps the saved offset; --reset starts from the real clock, seeds the world at real time and saves that", async () => {
    const snapshot = await advancedDatabase();

    const restarted = keep(await openSandboxStore({ database: { snapshot } }));
    expect(restarted.clock.offsetMs()).toBe(THIRTY_DAYS_MS);

    const before = Date.now();
    const reset = keep(await createSandbox({ database: { snapshot }, reset: true, seed: { scale: 1 } }));
    expect(reset.context.store.clock.offsetMs()).toBe(0);
    // Seeded at the real time: nothing in the fresh world happened after now.
    const team = await reset.fetch(new Request("http://sandbox.test/v2/team", { headers: { authorization: "Bearer sandbox-token-acme" } }));
    expect(team.status).toBe(200);
    const threads = (await (
      await reset.fetch(new Request("http://sandbox.test/v2/threads?folder=all&limit=100", { headers: { authorization: "Bearer sandbox-token-acme" } }))
    ).json()) as { data: { activity: { at: string } }[] };
    expect(threads.data.length).toBeGreaterThan(0);
    for (const thread of threads.data) expect(Date.parse(thread.activity.at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Math.max(...threads.data.map((t) => Date.parse(t.activity.at)))).toBeGreaterThan(before - THIRTY_DAYS_MS);
    // Version 1 is still before its sunset on a reset sandbox (the advanced one was past it).
    const v1 = await reset.fetch(new Request("http://sandbox.test/v1/team", { headers: { authorization: "Bearer sandbox-token-acme" } }));
    expect(v1.status).toBe(200);

    // The saved offset started over too, so the next plain restart is on real time.
    const dumped = await reset.context.store.dump!();
    const next = keep(await openSandboxStore({ database: { snapshot: dumped } }));
    expect(next.clock.offsetMs()).toBe(0);
  }, 60_000);

  it("POST /_sandbox/reset does the same on a running sandbox", async () => {
    const t = await openTestSandbox();
    opened.push(t);
    t.sandbox.context.store.clock.set(THIRTY_DAYS_MS);
    const answer = await t.request("POST", "//_sandbox/reset", { body: { scale: 1 } });
    expect(answer.status).toBe(200);
    expect(t.sandbox.context.store.clock.offsetMs()).toBe(0);
    const clock = await t.request("GET", "//_sandbox/clock");
    expect(clock.json).toMatchObject({ offsetMs: 0 });
  }, 60_000);
});
