import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/connection";
import { errorField, log, outsideRequest } from "../runtime/log";
import { scheduledJobs } from "../store/schema";
import type { SchedulerClock } from "./clock";

/**
 * Work the inbox does at a time, for every instance at once: a snooze waking, a follow-up
 * reminder coming due, a scheduled send. Jobs live in the inbox's database (`scheduled_jobs`),
 * so they survive restarts, and a job is run by the one instance that claims it:
 *
 * - a claim is one UPDATE over rows picked `FOR UPDATE SKIP LOCKED`, so two instances looking at
 *   once take different jobs (on Postgres; the embedded PGlite has one process, and the same
 *   statement works there);
 * - a claimed job holds a lease on the database's clock; when its instance dies mid-run the
 *   lease runs out and another instance runs it again, so handlers are written to be run twice
 *   without harm (they check the state they change; a send carries an Idempotency-Key);
 * - a handler that throws is tried again later (`RETRY_MS`, growing), then given up as `failed`;
 * - due times are on the scheduler's clock (./clock: the sandbox's in demo mode), looked at
 *   every `tickMs`, at start (work missed while down runs at once), and whenever `wake()` is
 *   called (a job scheduled, the sandbox's clock moved). Waiting reads only this table: no
 *   request goes upstream until a job runs.
 *
 * `schedule` with a job's `key` moves the pending job of that key instead of adding another
 * (a unique index over pending keys decides, whichever instance schedules).
 */
export type Job = { id: string; kind: string; key: string; dueAt: Date; payload: unknown; attempts: number };
export type JobHandler = (job: Job) => Promise<void>;
export type NewJob = { kind: string; key: string; dueAt: Date; payload: unknown };

export type Scheduler = {
  /** Registers what runs jobs of a kind; a job of a kind nobody registered fails. */
  handle(kind: string, handler: JobHandler): void;
  /** Adds a job, or moves the pending one of the same key; with `tx`, inside that transaction. */
  schedule(job: NewJob, tx?: Database): Promise<void>;
  /** Cancels the pending job of a key, if any. */
  cancel(key: string, tx?: Database): Promise<void>;
  /** The scheduler's time: the sandbox's clock in demo mode, else the server's. */
  now(): Promise<Date>;
  /** Looks for due work soon (a clock that moved, a job due now), rather than at the next tick. */
  wake(): void;
  /** Claims and runs every job due now; how many ran. What the loop calls; tests call it directly. */
  runDue(): Promise<number>;
  start(): void;
  /** Forgets finished jobs (done, cancelled, failed) older than `KEEP_DAYS`; how many. */
  purge(): Promise<number>;
  /** Stops looking and waits for the jobs running here to finish. */
  stop(): Promise<void>;
};

export type SchedulerOptions = {
  db: Database;
  clock: SchedulerClock;
  /** How often due work is looked for when nothing wakes the scheduler (ms). */
  tickMs: number;
  leaseMs?: number;
  /** Attempts before a failing job is given up. */
  maxAttempts?: number;
};

/** How many jobs one claim takes: an instance does not hoard work another could start on. */
const BATCH = 10;
const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
/** The wait before a failed job's next attempt, doubled with each attempt. */
const RETRY_MS = 30_000;
/** How long finished jobs are kept, for diagnosis. */
const KEEP_DAYS = 30;

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, clock } = options;
  const leaseSeconds = (options.leaseMs ?? LEASE_MS) / 1000;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const handlers = new Map<string, JobHandler>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let started = false;
  let stopped = false;
  let again = false;

  async function claim(now: Date): Promise<Job[]> {
    const due = db
      .select({ id: scheduledJobs.id })
      .from(scheduledJobs)
      .where(or(and(eq(scheduledJobs.state, "pending"), lte(scheduledJobs.dueAt, now)), and(eq(scheduledJobs.state, "running"), lt(scheduledJobs.leaseUntil, sql`now()`))))
      .orderBy(asc(scheduledJobs.dueAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(scheduledJobs)
      .set({ state: "running", attempts: sql`${scheduledJobs.attempts} + 1`, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, updatedAt: sql`now()` })
      .where(inArray(scheduledJobs.id, due))
      .returning();
    return rows.map((row) => ({ id: row.id, kind: row.kind, key: row.key, dueAt: row.dueAt, payload: row.payload, attempts: row.attempts }));
  }

  async function run(job: Job): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job);
      await db.update(scheduledJobs).set({ state: "done", leaseUntil: null, updatedAt: sql`now()` }).where(eq(scheduledJobs.id, job.id));
    } catch (error) {
      const giveUp = job.attempts >= maxAttempts || !handler;
      const retryAt = new Date((await clock.now()).getTime() + RETRY_MS * 2 ** (job.attempts - 1));
      log.error({ job: { id: job.id, kind: job.kind, attempts: job.attempts }, error: errorField(error) }, giveUp ? "a scheduled job failed for good" : "a scheduled job failed; it will be tried again");
      await db
        .update(scheduledJobs)
        .set({ state: giveUp ? "failed" : "pending", dueAt: giveUp ? job.dueAt : retryAt, leaseUntil: null, lastError: error instanceof Error ? error.message : String(error), updatedAt: sql`now()` })
        .where(eq(scheduledJobs.id, job.id))
        // A pending job of the same key scheduled meanwhile wins: this attempt is then given up.
        .catch(() => db.update(scheduledJobs).set({ state: "failed", leaseUntil: null, updatedAt: sql`now()` }).where(eq(scheduledJobs.id, job.id)));
    }
  }

  async function runDue(): Promise<number> {
    let count = 0;
    for (;;) {
      const jobs = await claim(await clock.now());
      for (const job of jobs) await run(job);
      count += jobs.length;
      if (jobs.length < BATCH || stopped) return count;
    }
  }

  function loop(): void {
    if (stopped) return;
    timer = null;
    again = false;
    const pass = outsideRequest(() => runDue()).catch((error: unknown) => log.error({ error: errorField(error) }, "looking for due scheduled jobs failed"));
    running = pass.finally(() => {
      if (stopped) return;
      // A wake that came during the pass looks again at once.
      timer = setTimeout(loop, again ? 0 : options.tickMs);
      timer.unref?.();
    });
  }

  function wake(): void {
    if (!started || stopped) return;
    if (timer) {
      clearTimeout(timer);
      loop();
    } else {
      again = true;
    }
  }

  return {
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    async schedule(job, tx) {
      const values = { id: randomUUID(), kind: job.kind, key: job.key, dueAt: job.dueAt, payload: job.payload, state: "pending" };
      await (tx ?? db)
        .insert(scheduledJobs)
        .values(values)
        .onConflictDoUpdate({
          target: scheduledJobs.key,
          targetWhere: sql`${scheduledJobs.state} = 'pending'`,
          set: { kind: job.kind, dueAt: job.dueAt, payload: values.payload, attempts: 0, lastError: null, updatedAt: sql`now()` },
        });
      wake();
    },
    async cancel(key, tx) {
      await (tx ?? db).update(scheduledJobs).set({ state: "cancelled", updatedAt: sql`now()` }).where(and(eq(scheduledJobs.key, key), eq(scheduledJobs.state, "pending")));
    },
    now: () => clock.now(),
    wake,
    runDue,
    start() {
      if (started) return;
      started = true;
      loop();
    },
    async purge() {
      const gone = await db
        .delete(scheduledJobs)
        .where(and(inArray(scheduledJobs.state, ["done", "cancelled", "failed"]), lt(scheduledJobs.updatedAt, sql`now() - make_interval(days => ${KEEP_DAYS})`)))
        .returning({ id: scheduledJobs.id });
      return gone.length;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

