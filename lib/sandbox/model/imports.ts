import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { IMPORT_SLOTS, IMPORT_STARTING_SECONDS, type ImportJob } from "@/lib/api/outreach/import-jobs";
import type { Database } from "@/lib/db/connection";
import type { SandboxContext } from "../context";
import { personLead } from "../seed/outreach-people";
import { createRandom } from "../seed/random";
import { importJobs, outreachLeads, outreachLists, outreachSettings } from "../schema";
import { newId } from "./ids";

/**
 * The import queue, worked out from the sandbox clock when anyone looks (our choice, rather
 * than a timer): `settleImports` replays what happened since the jobs were last settled,
 * in time order: a `starting` job runs after IMPORT_STARTING_SECONDS; a `running` job
 * processes `rate` items a minute and completes at its `totalCount`, freeing its slot at
 * that moment for the oldest `queued` job (unless the queue is frozen). Each processed item
 * really adds a lead, or is skipped on the list's unique index because the person is
 * already in it, or fails (about one in fifty); so advancing the clock fills the list.
 * Every read and write of outreach settles first, under a row lock per team.
 */
export type ImportJobRow = typeof importJobs.$inferSelect;

const ACTIVE = ["starting", "running"];
const STARTING_MS = IMPORT_STARTING_SECONDS * 1000;

/** Settles a team's queue in a transaction of its own, before a read. */
export async function settleTeamImports(ctx: SandboxContext, teamId: string): Promise<void> {
  await ctx.store.write(teamId, (tx) => settleImports(tx, teamId, ctx.store.clock.now()));
}

export async function settleImports(db: Database, teamId: string, now: Date): Promise<void> {
  await db.insert(outreachSettings).values({ teamId }).onConflictDoNothing();
  const [settings] = await db.select().from(outreachSettings).where(eq(outreachSettings.teamId, teamId)).for("update");
  const jobs = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.teamId, teamId), inArray(importJobs.status, ["queued", ...ACTIVE])))
    .orderBy(asc(importJobs.statusSince), asc(importJobs.id));
  if (jobs.length === 0) return;
  const changed = new Set<ImportJobRow>();
  const frozen = settings?.importQueueFrozen ?? false;

  for (;;) {
    const next = nextEvent(jobs, now);
    if (!next) break;
    const { job, at } = next;
    if (job.status === "starting") {
      Object.assign(job, { status: "running", statusSince: at, updatedAt: at });
    } else {
      await advance(db, job, at);
      Object.assign(job, { status: "completed", statusSince: at, completedAt: at, updatedAt: at });
      if (!frozen) promoteQueued(jobs, at, changed);
    }
    changed.add(job);
  }
  if (!frozen) promoteQueued(jobs, now, changed);
  for (const job of jobs) {
    if (job.status === "running" && (await advance(db, job, now))) changed.add(job);
  }
  for (const job of changed) await saveJob(db, job);
}

/** Gives free slots to queued jobs, oldest first, at `at`. */
export function promoteQueued(jobs: ImportJobRow[], at: Date, changed: Set<ImportJobRow>) {
  let free = IMPORT_SLOTS - jobs.filter((j) => ACTIVE.includes(j.status)).length;
  for (const job of jobs.filter((j) => j.status === "queued")) {
    if (free <= 0) break;
    Object.assign(job, { status: "starting", statusSince: at, updatedAt: at });
    changed.add(job);
    free--;
  }
}

/** Slots in use by the team's jobs, for a resume deciding between `starting` and `queued`. */
export async function freeSlots(db: Database, teamId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(importJobs)
    .where(and(eq(importJobs.teamId, teamId), inArray(importJobs.status, ACTIVE)));
  return IMPORT_SLOTS - (row?.n ?? 0);
}

export async function saveJob(db: Database, job: ImportJobRow) {
  const { id, teamId: _teamId, ...fields } = job;
  await db.update(importJobs).set(fields).where(eq(importJobs.id, id));
}

export function toImportJob(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    listId: row.listId,
    type: row.type,
    status: row.status,
    totalCount: row.totalCount,
    processedCount: row.processedCount,
    addedCount: row.addedCount,
    skippedCount: row.skippedCount,
    failedCount: row.failedCount,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The earliest state change due by `now`: a start finishing, or a running job reaching its total. */
function nextEvent(jobs: ImportJobRow[], now: Date): { job: ImportJobRow; at: Date } | null {
  let best: { job: ImportJobRow; at: Date } | null = null;
  for (const job of jobs) {
    let at: number | null = null;
    if (job.status === "starting") at = job.statusSince.getTime() + STARTING_MS;
    if (job.status === "running" && job.totalCount !== null) {
      at = job.statusSince.getTime() + Math.max(0, job.totalCount - job.processedCount) * periodMs(job);
    }
    if (at !== null && at <= now.getTime() && (!best || at < best.at.getTime())) best = { job, at: new Date(at) };
  }
  return best;
}

/**
 * Processes the items a running job reached between its `statusSince` and `at`, and moves
 * `statusSince` to the moment the last of them was done (not to `at`), so the progress a
 * client sees does not depend on how often it looks.
 */
async function advance(db: Database, job: ImportJobRow, at: Date): Promise<boolean> {
  const period = periodMs(job);
  const due = Math.floor((at.getTime() - job.statusSince.getTime()) / period);
  const count = Math.min(due, (job.totalCount ?? Number.MAX_SAFE_INTEGER) - job.processedCount);
  if (count <= 0) return false;
  const from = job.processedCount;
  const platform = await listPlatform(db, job.listId);
  const candidates = [];
  let failed = 0;
  for (let i = from; i < from + count; i++) {
    const random = createRandom(hash(job.id) + i * 7919);
    if (random.chance(0.02)) {
      failed++;
      continue;
    }
    // About one in six is someone the seed already knows, who may well be in the list already.
    const person = random.chance(0.16) ? random.int(0, 2_679) : 10_000_000 + (hash(job.id) % 10_000) * 100_000 + i;
    candidates.push(personLead(platform, person, { id: newId("lead"), teamId: job.teamId, listId: job.listId, createdAt: at, now: at }));
  }
  const added = candidates.length
    ? await db.insert(outreachLeads).values(candidates).onConflictDoNothing().returning({ reachable: outreachLeads.reachable })
    : [];
  if (added.length) {
    const reachable = added.filter((l) => l.reachable).length;
    await db
      .update(outreachLists)
      .set({
        profilesCount: sql`${outreachLists.profilesCount} + ${added.length}`,
        reachableCount: sql`${outreachLists.reachableCount} + ${reachable}`,
        updatedAt: at,
      })
      .where(eq(outreachLists.id, job.listId));
  }
  Object.assign(job, {
    processedCount: from + count,
    addedCount: job.addedCount + added.length,
    skippedCount: job.skippedCount + candidates.length - added.length,
    failedCount: job.failedCount + failed,
    statusSince: new Date(job.statusSince.getTime() + count * period),
    updatedAt: at,
  });
  return true;
}

/** A list's platform: that of its latest lead (imports bring more of the same), else Instagram. */
async function listPlatform(db: Database, listId: string): Promise<string> {
  const [row] = await db
    .select({ platform: outreachLeads.platform })
    .from(outreachLeads)
    .where(eq(outreachLeads.listId, listId))
    .orderBy(desc(outreachLeads.createdAt), desc(outreachLeads.id))
    .limit(1);
  return row?.platform ?? "instagram";
}

/** Milliseconds per item; rates are items a minute. */
function periodMs(job: ImportJobRow): number {
  return Math.max(1, Math.round(60_000 / Math.max(1, job.rate)));
}

/** FNV-1a: a job's items come out the same however the settling is split up. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
