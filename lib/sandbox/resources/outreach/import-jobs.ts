import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { bulkResumeBody, emptyBody } from "@/lib/api/outreach/import-jobs";
import { outreachPageQuery } from "@/lib/api/query";
import type { Database } from "@/lib/db/connection";
import type { SandboxContext, SandboxEnv } from "../../context";
import { fail, pageById, pathId, readOptionalBody, readQuery } from "../../http";
import { freeSlots, promoteQueued, saveJob, settleImports, settleTeamImports, toImportJob, type ImportJobRow } from "../../model/imports";
import { importJobs, outreachSettings } from "../../schema";
import { requireList } from "./lists";

/**
 * Import jobs of a list. Spec: resume (a free slot → `starting`, else `queued`) and
 * bulk-resume (`jobIds`, or every paused job of the list; unfreezes the team's queue; jobs
 * already queued keep their place ahead of the resumed ones). Ours: GET the list's jobs and
 * one job, pause (`queued`/`starting`/`running` → `paused`, freeing its slot), cancel (any
 * unfinished job → `canceled`) and bulk-pause (pauses the list's unfinished jobs and
 * freezes the team's queue until a bulk-resume). Anything else is 409 invalidTransition.
 * Each action first settles the queue to the clock, then acts at the clock's time.
 */
export function importJobRoutes(ctx: SandboxContext) {
  const { db } = ctx.store;

  /** Runs an action on the settled queue, then hands freed slots to queued jobs. */
  async function act<T>(c: Context<SandboxEnv>, run: (tx: Database, listId: string, now: Date) => Promise<T>): Promise<T> {
    const teamId = c.get("team").id;
    const listId = pathId(c, "listId", "listNotFound");
    return ctx.store.write(teamId, async (tx) => {
      await requireList(tx, teamId, listId);
      const now = ctx.store.clock.now();
      await settleImports(tx, teamId, now);
      const result = await run(tx, listId, now);
      await settleImports(tx, teamId, now);
      return result;
    });
  }

  async function transition(c: Context<SandboxEnv>, from: readonly string[], to: "paused" | "canceled" | "resume") {
    await readOptionalBody(c, emptyBody);
    const jobId = pathId(c, "jobId", "importJobNotFound");
    const job = await act(c, async (tx, listId, now) => {
      const row = await requireJob(tx, c.get("team").id, listId, jobId);
      if (!from.includes(row.status)) fail("invalidTransition", `The import job is ${row.status}`, { status: row.status });
      const status = to === "resume" ? ((await freeSlots(tx, row.teamId)) > 0 ? "starting" : "queued") : to;
      Object.assign(row, { status, statusSince: now, updatedAt: now });
      await saveJob(tx, row);
      return row.id;
    });
    return c.json(toImportJob(await requireJob(db, c.get("team").id, pathId(c, "listId", "listNotFound"), job)));
  }

  return new Hono<SandboxEnv>()
    .get("/lists/:listId/import-jobs", async (c) => {
      const teamId = c.get("team").id;
      const listId = pathId(c, "listId", "listNotFound");
      const query = readQuery(c, outreachPageQuery);
      await requireList(db, teamId, listId);
      await settleTeamImports(ctx, teamId);
      const page = await pageById({
        filters: { resource: "importJobs", listId },
        limit: query.limit,
        cursor: query.cursor,
        fetch: (afterId, take) =>
          db
            .select()
            .from(importJobs)
            .where(and(eq(importJobs.teamId, teamId), eq(importJobs.listId, listId), afterId ? gt(importJobs.id, afterId) : undefined))
            .orderBy(asc(importJobs.id))
            .limit(take),
        toItem: toImportJob,
      });
      return c.json(page);
    })
    .get("/lists/:listId/import-jobs/:jobId", async (c) => {
      const teamId = c.get("team").id;
      const listId = pathId(c, "listId", "listNotFound");
      const jobId = pathId(c, "jobId", "importJobNotFound");
      await requireList(db, teamId, listId);
      await settleTeamImports(ctx, teamId);
      return c.json(toImportJob(await requireJob(db, teamId, listId, jobId)));
    })
    .post("/lists/:listId/import-jobs/:jobId/resume", (c) => transition(c, ["paused"], "resume"))
    .post("/lists/:listId/import-jobs/:jobId/pause", (c) => transition(c, ["queued", "starting", "running"], "paused"))
    .post("/lists/:listId/import-jobs/:jobId/cancel", (c) => transition(c, ["queued", "starting", "running", "paused"], "canceled"))
    .post("/lists/:listId/import-jobs/bulk-resume", async (c) => {
      const body = await readOptionalBody(c, bulkResumeBody);
      await act(c, async (tx, listId, now) => {
        const teamId = c.get("team").id;
        const jobs = body.jobIds
          ? await Promise.all([...new Set(body.jobIds)].map((id) => requireJob(tx, teamId, listId, id)))
          : await tx
              .select()
              .from(importJobs)
              .where(and(eq(importJobs.teamId, teamId), eq(importJobs.listId, listId), eq(importJobs.status, "paused")));
        const stuck = jobs.find((j) => j.status !== "paused");
        if (stuck) fail("invalidTransition", `Import job ${stuck.id} is ${stuck.status}, not paused`, { status: stuck.status, jobId: stuck.id });
        await tx.update(outreachSettings).set({ importQueueFrozen: false }).where(eq(outreachSettings.teamId, teamId));
        // The unfrozen queue goes first; the resumed jobs then join it, oldest first.
        const queue = await tx
          .select()
          .from(importJobs)
          .where(and(eq(importJobs.teamId, teamId), inArray(importJobs.status, ["queued", "starting", "running"])))
          .orderBy(asc(importJobs.statusSince), asc(importJobs.id));
        const resumed = [...jobs].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
        for (const job of resumed) queue.push(Object.assign(job, { status: "queued", statusSince: now, updatedAt: now }));
        const changed = new Set<ImportJobRow>(resumed);
        promoteQueued(queue, now, changed);
        for (const job of changed) await saveJob(tx, job);
      });
      return c.json({ success: true as const });
    })
    .post("/lists/:listId/import-jobs/bulk-pause", async (c) => {
      await readOptionalBody(c, emptyBody);
      await act(c, async (tx, listId, now) => {
        const teamId = c.get("team").id;
        await tx.update(outreachSettings).set({ importQueueFrozen: true }).where(eq(outreachSettings.teamId, teamId));
        await tx
          .update(importJobs)
          .set({ status: "paused", statusSince: now, updatedAt: now })
          .where(and(eq(importJobs.teamId, teamId), eq(importJobs.listId, listId), inArray(importJobs.status, ["queued", "starting", "running"])));
      });
      return c.json({ success: true as const });
    });
}

async function requireJob(db: Database, teamId: string, listId: string, id: string): Promise<ImportJobRow> {
  if (!/^[0-9a-z]+$/.test(id)) fail("importJobNotFound", `No import job ${id}`);
  const [row] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.teamId, teamId), eq(importJobs.listId, listId), eq(importJobs.id, id)));
  if (!row) fail("importJobNotFound", `No import job ${id} in list ${listId}`);
  return row;
}
