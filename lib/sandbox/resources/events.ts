import { and, asc, eq, gt, gte, inArray, lte } from "drizzle-orm";
import { Hono } from "hono";
import { EVENT_PAGE_LIMIT, EVENT_RETENTION_MS, eventListQuery, type EventPage } from "@/lib/api/events";
import type { SandboxContext, SandboxEnv } from "../context";
import { toApiEvent } from "../events/event-log";
import { readQuery } from "../http";
import { events, teams } from "../schema";

/**
 * GET /events: the team's events after `afterSeq`, oldest first, kept for 7 days on the
 * sandbox clock. `lastSeq` follows `lib/api/events.ts`: the last returned seq, or the team's
 * latest when nothing is left to return, so a filtered replay still moves forward.
 */
export function eventRoutes(ctx: SandboxContext) {
  const { db } = ctx.store;
  return new Hono<SandboxEnv>().get("/events", async (c) => {
    const team = c.get("team");
    const query = readQuery(c, eventListQuery);
    const afterSeq = query.afterSeq ?? 0;
    const limit = query.limit ?? EVENT_PAGE_LIMIT.default;
    const cutoff = new Date(ctx.store.clock.now().getTime() - EVENT_RETENTION_MS);

    // The latest seq is read first and bounds the page, so an event committed meanwhile
    // cannot be skipped by a `lastSeq` that jumps past it.
    const [latest] = await db.select({ lastSeq: teams.lastSeq }).from(teams).where(eq(teams.id, team.id));
    const latestSeq = latest?.lastSeq ?? 0;

    const rows = await db
      .select()
      .from(events)
      .where(
        and(
          eq(events.teamId, team.id),
          gt(events.seq, afterSeq),
          lte(events.seq, latestSeq),
          gte(events.createdAt, cutoff),
          query.type?.length ? inArray(events.type, query.type) : undefined,
        ),
      )
      .orderBy(asc(events.seq))
      .limit(limit + 1);

    const pageRows = rows.slice(0, limit);
    const last = pageRows.at(-1);
    const page: EventPage = {
      data: pageRows.map(toApiEvent),
      lastSeq: last ? last.seq : latestSeq,
      hasMore: rows.length > limit,
    };
    return c.json(page);
  });
}
