import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/connection";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-database";
import { openInboxDatabase } from "../store/db";
import { scheduledJobs } from "../store/schema";
import { manualClock } from "./clock";
import { createScheduler, type Job } from "./scheduler";

const HOUR = 3_600_000;

describe("the scheduler on the embedded database", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openInboxDatabase({});
  });
  beforeEach(async () => {
    await handle.db.delete(scheduledJobs);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("runs a job once it is due on its clock, once", async () => {
    const clock = manualClock(new Date("2026-03-02T09:00:00Z"));
    const scheduler = createScheduler({ db: handle.db, clock, tickMs: 60_000 });
    const ran: Job[] = [];
    scheduler.handle("ping", async (job) => void ran.push(job));
    await scheduler.schedule({ kind: "ping", key: "ping:1", dueAt: new Date("2026-03-03T08:00:00Z"), payload: { n: 1 } });

    expect(await scheduler.runDue()).toBe(0);
    clock.advance(23 * HOUR);
    expect(await scheduler.runDue()).toBe(1);
    expect(await scheduler.runDue()).toBe(0);
    expect(ran.map((job) => job.payload)).toEqual([{ n: 1 }]);
    const [row] = await handle.db.select().from(scheduledJobs);
    expect(row?.state).toBe("done");
  });

  it("moves the pending job of a key instead of adding one, and cancels it", async () => {
    const clock = manualClock(new Date("2026-03-02T09:00:00Z"));
    const scheduler = createScheduler({ db: handle.db, clock, tickMs: 60_000 });
    const ran: unknown[] = [];
    scheduler.handle("ping", async (job) => void ran.push(job.payload));
    await scheduler.schedule({ kind: "ping", key: "k", dueAt: new Date("2026-03-02T10:00:00Z"), payload: "first" });
    await scheduler.schedule({ kind: "ping", key: "k", dueAt: new Date("2026-03-02T12:00:00Z"), payload: "second" });
    expect(await handle.db.select().from(scheduledJobs)).toHaveLength(1);

    clock.advance(2 * HOUR);
    expect(await scheduler.runDue()).toBe(0);
    clock.advance(HOUR);
    expect(await scheduler.runDue()).toBe(1);
    expect(ran).toEqual(["second"]);

    await scheduler.schedule({ kind: "ping", key: "k", dueAt: new Date("2026-03-02T13:00:00Z"), payload: "third" });
    await scheduler.cancel("k");
    clock.advance(10 * HOUR);
    expect(await scheduler.runDue()).toBe(0);
    expect(ran).toEqual(["second"]);
  });

  it("tries a failing job again later, then gives it up", async () => {
    const clock = manualClock(new Date("2026-03-02T09:00:00Z"));
    const scheduler = createScheduler({ db: handle.db, clock, tickMs: 60_000, maxAttempts: 2 });
    let calls = 0;
    scheduler.handle("flaky", async () => {
      calls++;
      throw new Error("upstream down");
    });
    await scheduler.schedule({ kind: "flaky", key: "f", dueAt: new Date("2026-03-02T09:00:00Z"), payload: null });
    expect(await scheduler.runDue()).toBe(1);
    expect(await scheduler.runDue()).toBe(0);
    clock.advance(HOUR);
    expect(await scheduler.runDue()).toBe(1);
    clock.advance(10 * HOUR);
    expect(await scheduler.runDue()).toBe(0);
    expect(calls).toBe(2);
    const [row] = await handle.db.select().from(scheduledJobs);
    expect(row).toMatchObject({ state: "failed", attempts: 2, lastError: "upstream down" });
  });

  it("runs again a job whose instance died while running it, once its lease is out", async () => {
    const clock = manualClock(new Date("2026-03-02T09:00:00Z"));
    const scheduler = createScheduler({ db: handle.db, clock, tickMs: 60_000 });
    const ran: string[] = [];
    scheduler.handle("ping", async (job) => void ran.push(job.key));
    await scheduler.schedule({ kind: "ping", key: "dead", dueAt: new Date("2026-03-02T08:00:00Z"), payload: null });
    // What a claim by an instance that then died leaves behind.
    await handle.db.update(scheduledJobs).set({ state: "running", attempts: 1, leaseUntil: new Date(Date.now() + HOUR) });
    expect(await scheduler.runDue()).toBe(0);
    await handle.db.update(scheduledJobs).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(scheduledJobs.key, "dead"));
    expect(await scheduler.runDue()).toBe(1);
    expect(ran).toEqual(["dead"]);
  });
});

describe("finished jobs", () => {
  it("are forgotten after 30 days; pending ones are kept", async () => {
    const handle = await openInboxDatabase({});
    try {
      const clock = manualClock(new Date("2026-03-02T09:00:00Z"));
      const scheduler = createScheduler({ db: handle.db, clock, tickMs: 60_000 });
      scheduler.handle("ping", async () => {});
      await scheduler.schedule({ kind: "ping", key: "old", dueAt: new Date("2026-03-02T08:00:00Z"), payload: null });
      await scheduler.schedule({ kind: "ping", key: "recent", dueAt: new Date("2026-03-02T08:00:00Z"), payload: null });
      await scheduler.runDue();
      await scheduler.schedule({ kind: "ping", key: "waiting", dueAt: new Date("2027-03-02T08:00:00Z"), payload: null });
      await handle.db.update(scheduledJobs).set({ updatedAt: new Date(Date.now() - 31 * 86_400_000) }).where(inArray(scheduledJobs.key, ["old", "waiting"]));
      expect(await scheduler.purge()).toBe(1);
      expect((await handle.db.select().from(scheduledJobs)).map((row) => row.key).sort()).toEqual(["recent", "waiting"]);
    } finally {
      await handle.close();
    }
  });
});

describe("the scheduler across a restart", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "scheduler-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("runs at start the work that came due while the inbox was down", async () => {
    const clock = manualClock(new Date("2026-03-02T09:00:00Z"));
    const first = await openInboxDatabase({ dataDir: dir });
    const before = createScheduler({ db: first.db, clock, tickMs: 60_000 });
    await before.schedule({ kind: "ping", key: "later", dueAt: new Date("2026-03-02T10:00:00Z"), payload: "kept" });
    await before.stop();
    await first.close();

    clock.advance(5 * HOUR);
    const second = await openInboxDatabase({ dataDir: dir });
    try {
      const after = createScheduler({ db: second.db, clock, tickMs: 60_000 });
      const ran = new Promise<unknown>((resolve) => after.handle("ping", async (job) => resolve(job.payload)));
      after.start();
      await expect(ran).resolves.toBe("kept");
      await after.stop();
    } finally {
      await second.close();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("the scheduler with two instances on one Postgres", () => {
  let database: TestDatabase;
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await database?.drop();
  });

  it("runs each due job on one instance only, whichever looks first", async () => {
    database = await createTestDatabase(serverUrl!, "inbox_scheduler");
    // Two instances: two connection pools, each with its own scheduler, looking at the same moment.
    for (let i = 0; i < 2; i++) handles.push(await openInboxDatabase({ url: database.url }));
    const clock = manualClock(new Date("2026-03-02T09:00:00Z"));
    const runs = new Map<string, string[]>();
    const schedulers = handles.map((handle, i) => {
      const scheduler = createScheduler({ db: handle.db, clock, tickMs: 60_000 });
      scheduler.handle("ping", async (job) => {
        // Slow enough for the other instance to look while this one holds its claim.
        await new Promise((resolve) => setTimeout(resolve, 5));
        runs.set(job.key, [...(runs.get(job.key) ?? []), `instance ${i}`]);
      });
      return scheduler;
    });
    for (let n = 0; n < 60; n++) await schedulers[n % 2]!.schedule({ kind: "ping", key: `job:${n}`, dueAt: new Date("2026-03-02T09:30:00Z"), payload: n });

    clock.advance(HOUR);
    const counts = await Promise.all([schedulers[0]!.runDue(), schedulers[1]!.runDue(), schedulers[0]!.runDue(), schedulers[1]!.runDue()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((by) => by.length === 1)).toBe(true);
    // Both took a share: the claim skipped what the other held rather than waiting for it.
    expect(new Set([...runs.values()].flat()).size).toBe(2);
  });
});
