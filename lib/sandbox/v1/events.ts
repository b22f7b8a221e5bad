import { and, asc, eq, gt, gte, inArray, lte } from "drizzle-orm";
import { Hono } from "hono";
import { EVENT_PAGE_LIMIT, EVENT_RETENTION_MS, isKnownEventType } from "@/lib/api/events";
import { V1_EVENT_TYPE_OF_V2, v1EventListQuery, type V1Event } from "@/lib/api/v1/events";
import type { SandboxContext, SandboxEnv } from "../context";
import { toStatus, toTag } from "../model/serialize";
import { loadCampaigns } from "../model/campaigns";
import { campaigns, contacts, events, messages, profiles, statuses, tags, teams, threads } from "../schema";
import { readV1Query } from "./http";
import { toV1Message, toV1Prospects, toV1Threads } from "./serialize";

type EventRow = typeof events.$inferSelect;

/**
 * GET /events in v1: the shared log's page (same window, `lastSeq` and `hasMore` as v2's),
 * each event in the v1 envelope with the current state of what it names (lib/api/v1/events.ts).
 */
export function eventRoutesV1(ctx: SandboxContext) {
  const { db } = ctx.store;
  return new Hono<SandboxEnv>().get("/events", async (c) => {
    const team = c.get("team");
    const query = readV1Query(c, v1EventListQuery);
    const afterSeq = query.afterSeq ?? 0;
    const limit = query.limit ?? EVENT_PAGE_LIMIT.default;
    const cutoff = new Date(ctx.store.clock.now().getTime() - EVENT_RETENTION_MS);
    // Bounded by the latest seq read first, as in v2, so a concurrent commit cannot be skipped.
    const [latest] = await db.select({ lastSeq: teams.lastSeq }).from(teams).where(eq(teams.id, team.id));
    const latestSeq = latest?.lastSeq ?? 0;
    const rows = await db
      .select()
      .from(events)
      .where(and(eq(events.teamId, team.id), gt(events.seq, afterSeq), lte(events.seq, latestSeq), gte(events.createdAt, cutoff)))
      .orderBy(asc(events.seq))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const kept = page.filter((row) => v1TypeOf(row.type) !== null);
    return c.json({
      events: await toV1Events(ctx, team.id, kept),
      hasMore: rows.length > limit,
      lastSeq: page.at(-1)?.seq ?? latestSeq,
    });
  });
}

export function v1TypeOf(type: string): string | null {
  const renamed = isKnownEventType(type) ? V1_EVENT_TYPE_OF_V2[type] : undefined;
  if (renamed) return renamed;
  // The outreach resources' campaign and target events keep their v1 names (lib/api/outreach/events.ts).
  return /^(campaign|target)\./.test(type) ? type : null;
}

export async function toV1Events(ctx: SandboxContext, teamId: string, rows: EventRow[]): Promise<V1Event[]> {
  const { db } = ctx.store;
  const threadIdOf = (row: EventRow) =>
    row.objectType === "thread" ? row.objectId : typeof row.data.threadId === "string" ? row.data.threadId : null;
  const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((item) => [item.id, item]));

  const threadRows = await loadWhere(rows.map(threadIdOf), (ids) =>
    db
      .select({ row: threads, contactAssigneeId: contacts.assigneeId })
      .from(threads)
      .leftJoin(contacts, and(eq(contacts.id, threads.contactId), eq(contacts.teamId, teamId)))
      .where(and(eq(threads.teamId, teamId), inArray(threads.id, ids))),
  );
  const v1Threads = byId(await toV1Threads(db, teamId, threadRows));
  const rawThreads = new Map(threadRows.map((t) => [t.row.id, t.row]));
  // A message event names its message; a target event carries the one sent or the reply.
  const messageIdOf = (row: EventRow) =>
    row.objectType === "message" ? row.objectId : typeof row.data.messageId === "string" ? row.data.messageId : null;
  const messageRows = await loadWhere(rows.map(messageIdOf), (ids) =>
    db.select().from(messages).where(and(eq(messages.teamId, teamId), inArray(messages.id, ids))),
  );
  const messageById = byId(messageRows);
  // The campaign an event is about, or else its thread's, as GET /campaigns/{id} shows it.
  const campaignIdOf = (row: EventRow, thread: typeof threads.$inferSelect | undefined) =>
    row.objectType === "campaign" ? row.objectId : (thread?.campaignId ?? null);
  const campaignRows = await loadWhere(
    rows.map((row) => campaignIdOf(row, rawThreads.get(threadIdOf(row) ?? ""))),
    (ids) => db.select().from(campaigns).where(and(eq(campaigns.teamId, teamId), inArray(campaigns.id, ids))),
  );
  const campaignById = byId(await loadCampaigns(db, campaignRows));

  // A contact event's prospect: the contact's first profile; a thread's: its own.
  const contactIds = rows.filter((r) => r.objectType === "contact").map((r) => r.objectId);
  const profileRows = [
    ...(await loadWhere(contactIds, (ids) =>
      db.select().from(profiles).where(and(eq(profiles.teamId, teamId), inArray(profiles.contactId, ids))).orderBy(asc(profiles.id)),
    )),
    ...(await loadWhere(threadRows.map((t) => t.row.profileId), (ids) =>
      db.select().from(profiles).where(and(eq(profiles.teamId, teamId), inArray(profiles.id, ids))),
    )),
  ];
  const prospects = byId(await toV1Prospects(db, teamId, [...byId(profileRows).values()], ctx.store.clock.now()));
  const firstProfileOf = new Map<string, string>();
  for (const p of profileRows) if (p.contactId && !firstProfileOf.has(p.contactId)) firstProfileOf.set(p.contactId, p.id);

  const tagById = byId(await loadWhere(rows.filter((r) => r.objectType === "tag").map((r) => r.objectId), (ids) => db.select().from(tags).where(and(eq(tags.teamId, teamId), inArray(tags.id, ids)))));
  const statusById = byId(
    await loadWhere(rows.filter((r) => r.objectType === "status").map((r) => r.objectId), (ids) =>
      db.select().from(statuses).where(and(eq(statuses.teamId, teamId), inArray(statuses.id, ids))),
    ),
  );

  return rows.map((row) => {
    const threadId = threadIdOf(row);
    const thread = threadId ? rawThreads.get(threadId) : undefined;
    const messageId = messageIdOf(row);
    const message = messageId ? messageById.get(messageId) : undefined;
    const campaignId = campaignIdOf(row, thread);
    const profileId = row.objectType === "contact" ? firstProfileOf.get(row.objectId) : thread?.profileId;
    const tag = row.objectType === "tag" ? tagById.get(row.objectId) : undefined;
    const status = row.objectType === "status" ? statusById.get(row.objectId) : undefined;
    return {
      id: row.id,
      seq: row.seq,
      teamId,
      type: v1TypeOf(row.type)!,
      timestamp: row.createdAt.toISOString(),
      version: 1,
      data: {
        campaign: campaignId ? (campaignById.get(campaignId) ?? { id: campaignId }) : null,
        thread: (threadId && v1Threads.get(threadId)) || null,
        message: message && thread && message.threadId === thread.id ? toV1Message(message, thread.profileId) : null,
        prospect: (profileId && prospects.get(profileId)) || null,
        ...(row.objectType === "tag" ? { tag: tag ? toTag(tag) : null } : {}),
        ...(row.objectType === "status" ? { status: status ? toStatus(status) : null } : {}),
        change: row.data,
      },
    };
  });
}

/** Rows for a set of IDs in one query, or none without a query when the set is empty. */
async function loadWhere<T>(ids: (string | null)[], load: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  return unique.length ? load(unique) : [];
}
