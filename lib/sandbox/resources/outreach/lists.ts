import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { outreachPageQuery } from "@/lib/api/query";
import type { Database } from "@/lib/db/connection";
import type { SandboxContext, SandboxEnv } from "../../context";
import { fail, pageById, pathId, readQuery } from "../../http";
import { settleTeamImports } from "../../model/imports";
import { toList } from "../../model/outreach-serialize";
import { importJobs, outreachColumns, outreachLists } from "../../schema";

type ListRow = typeof outreachLists.$inferSelect;

/**
 * Lists: GET /lists/{listId} (spec) and GET /lists (our choice, paged by ID). Counts are
 * kept on the list row by every write that adds leads. `reachableEstimate` (ours):
 * `reachableCount` plus the share of the items its unfinished imports have still to
 * process that would be new, reachable leads at the list's current rate.
 */
export function listRoutes(ctx: SandboxContext) {
  const { db } = ctx.store;
  return new Hono<SandboxEnv>()
    .get("/lists", async (c) => {
      const team = c.get("team");
      const query = readQuery(c, outreachPageQuery);
      await settleTeamImports(ctx, team.id);
      const page = await pageById({
        filters: { resource: "lists" },
        limit: query.limit,
        cursor: query.cursor,
        fetch: (afterId, take) =>
          db
            .select()
            .from(outreachLists)
            .where(and(eq(outreachLists.teamId, team.id), afterId ? gt(outreachLists.id, afterId) : undefined))
            .orderBy(asc(outreachLists.id))
            .limit(take),
        toItem: (row) => row,
      });
      return c.json({ ...page, data: await loadLists(db, page.data) });
    })
    .get("/lists/:listId", async (c) => {
      const teamId = c.get("team").id;
      const id = pathId(c, "listId", "listNotFound");
      await requireList(db, teamId, id);
      await settleTeamImports(ctx, teamId);
      const [list] = await loadLists(db, [await requireList(db, teamId, id)]);
      return c.json(list);
    });
}

export async function requireList(db: Database, teamId: string, id: string): Promise<ListRow> {
  const [row] = await db.select().from(outreachLists).where(and(eq(outreachLists.teamId, teamId), eq(outreachLists.id, id)));
  if (!row) fail("listNotFound", `No list ${id}`);
  return row;
}

async function loadLists(db: Database, rows: ListRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const columns = await db.select().from(outreachColumns).where(inArray(outreachColumns.listId, ids));
  const pending = await db
    .select({ listId: importJobs.listId, remaining: sql<number>`coalesce(sum(greatest(${importJobs.totalCount} - ${importJobs.processedCount}, 0)), 0)::int` })
    .from(importJobs)
    .where(and(inArray(importJobs.listId, ids), inArray(importJobs.status, ["queued", "starting", "running", "paused"])))
    .groupBy(importJobs.listId);
  return rows.map((row) => {
    const remaining = pending.find((p) => p.listId === row.id)?.remaining ?? 0;
    const share = row.profilesCount ? row.reachableCount / row.profilesCount : 0;
    return toList(row, columns.filter((col) => col.listId === row.id), row.reachableCount + Math.round(remaining * NEW_LEAD_SHARE * share));
  });
}

/** Of an import's items, about this share become new leads (the rest fail or are already in the list). */
const NEW_LEAD_SHARE = 0.82;
