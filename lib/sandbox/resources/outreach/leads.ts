import { and, asc, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { LEAD_PAGE_DEFAULT, leadListQuery } from "@/lib/api/outreach/leads";
import type { SandboxContext, SandboxEnv } from "../../context";
import { decodeCursor, encodeCursor, fail, pathId, readQuery } from "../../http";
import { settleTeamImports } from "../../model/imports";
import { afterPosition, queryCondition, searchCondition, SORT_KEYS, validKey } from "../../model/lead-query";
import { toLead } from "../../model/outreach-serialize";
import { outreachLeads } from "../../schema";
import { requireList } from "./lists";

/**
 * GET /lists/{listId}/leads: `search`, `query` and `sort` (lib/api/outreach/leads.ts) in one
 * indexed query, keyset pages of 1–100 (default 50). The cursor holds the last row's sort
 * key and ID and is bound to the list, search, query and sort it was made with.
 */
export function leadRoutes(ctx: SandboxContext) {
  const { db } = ctx.store;
  return new Hono<SandboxEnv>().get("/lists/:listId/leads", async (c) => {
    const team = c.get("team");
    const listId = pathId(c, "listId", "listNotFound");
    const { limit = LEAD_PAGE_DEFAULT, cursor, ...filters } = readQuery(c, leadListQuery);
    await requireList(db, team.id, listId);
    await settleTeamImports(ctx, team.id);

    const sort = filters.sort ?? { field: "followers" as const, direction: "desc" as const };
    const position = decodeCursor(cursor, { listId, ...filters, sort });
    if (position && (position.length !== 2 || typeof position[0] !== "string" || typeof position[1] !== "string" || !validKey(sort.field, position[0]))) {
      fail("invalidCursor", "The cursor is malformed");
    }
    const { expr } = SORT_KEYS[sort.field];
    const rows = await db
      .select({ row: outreachLeads, key: sql<string>`(${expr})::text` })
      .from(outreachLeads)
      .where(
        and(
          eq(outreachLeads.listId, listId),
          eq(outreachLeads.teamId, team.id),
          filters.search ? searchCondition(filters.search) : undefined,
          filters.query ? queryCondition(team.id, filters.query) : undefined,
          position ? afterPosition(sort.field, sort.direction, position as [string, string]) : undefined,
        ),
      )
      .orderBy(...(sort.direction === "asc" ? [asc(expr), asc(outreachLeads.id)] : [desc(expr), desc(outreachLeads.id)]))
      .limit(limit + 1);

    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const now = ctx.store.clock.now();
    return c.json({
      data: page.map((r) => toLead(r.row, now)),
      nextCursor: rows.length > limit && last ? encodeCursor({ listId, ...filters, sort }, [last.key, last.row.id]) : null,
    });
  });
}
