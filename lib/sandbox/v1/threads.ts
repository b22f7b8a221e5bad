import { and, asc, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import {
  V1_PAGE_LIMIT,
  v1ThreadCreate,
  v1ThreadListQuery,
  v1ThreadLookupQuery,
  v1ThreadPatch,
  v1ThreadSettings,
  v1UsernameLookupQuery,
  type V1ThreadListQuery,
} from "@/lib/api/v1/threads";
import type { Database } from "@/lib/db/connection";
import type { SandboxContext, SandboxEnv } from "../context";
import {
  assertCapability,
  capabilityContext,
  createProfile,
  ensureContact,
  findProfile,
  findThreadBetween,
  requireAccountLink,
  requirePlatformRow,
  requireThread,
  startThread,
  type LoadedThread,
} from "../model/conversations";
import { deleteThread, updateThread } from "../model/threads";
import { requirePlatforms } from "../resources/platform-access";
import { folderConditions } from "../resources/threads";
import { contacts, contactTags, profiles, tags, threads, type teams } from "../schema";
import { failV1, readCursor, readV1Body, readV1Query, v1PathId } from "./http";
import { toV1Threads } from "./serialize";

type Team = typeof teams.$inferSelect;

/**
 * Threads in v1: inbox views and bracket filters over the same rows as v2's GET /threads,
 * keyset pages on (latest activity, ID) with a transparent `{ id, timestamp }` cursor; thread
 * creation without a message (POST /threads), lookups, and `done` as v2's `archived`.
 */
export function threadRoutesV1(ctx: SandboxContext) {
  const { db } = ctx.store;

  async function readable(team: Team, id: string): Promise<LoadedThread> {
    const loaded = await requireThread(db, team.id, id);
    requirePlatforms(team, [loaded.row.platform]);
    return loaded;
  }
  const one = async (team: Team, loaded: LoadedThread) => (await toV1Threads(db, team.id, [loaded]))[0]!;

  return new Hono<SandboxEnv>()
    .get("/threads", async (c) => {
      const team = c.get("team");
      const query = readV1Query(c, v1ThreadListQuery);
      const cursor = readCursor(query);
      const limit = query.limit ?? V1_PAGE_LIMIT.default;
      const ascending = query.filters?.sortOrder === "asc";
      const conditions = threadFilters(db, team, query);
      if (cursor) {
        conditions.push(
          ascending
            ? sql`(${threads.activityAt}, ${threads.id}) > (${cursor.timestamp}::timestamptz, ${cursor.id})`
            : sql`(${threads.activityAt}, ${threads.id}) < (${cursor.timestamp}::timestamptz, ${cursor.id})`,
        );
      }
      const rows = await db
        .select({ row: threads, contactAssigneeId: contacts.assigneeId })
        .from(threads)
        .leftJoin(contacts, and(eq(contacts.id, threads.contactId), eq(contacts.teamId, team.id)))
        .where(and(...conditions))
        .orderBy(...(ascending ? [asc(threads.activityAt), asc(threads.id)] : [desc(threads.activityAt), desc(threads.id)]))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return c.json({
        threads: await toV1Threads(db, team.id, page),
        nextCursor: rows.length > limit && last ? { id: last.row.id, timestamp: last.row.activityAt.toISOString() } : null,
      });
    })
    .post("/threads", async (c) => {
      const team = c.get("team");
      const body = await readV1Body(c, v1ThreadCreate);
      const loaded = await ctx.store.write(team.id, async (tx, record): Promise<LoadedThread> => {
        const link = await requireAccountLink(tx, team.id, body.accountLinkId);
        requirePlatforms(team, [link.platform]);
        const platform = await requirePlatformRow(tx, link.platform);
        const existing = await findProfile(tx, team.id, link.platform, body.externalPlatformId);
        const between = existing && (await findThreadBetween(tx, team.id, link.id, existing.id));
        if (between) failV1("DUPLICATE_THREAD", `A thread with ${body.externalPlatformId} exists on account link ${link.id}`, { threadId: between.row.id });
        assertCapability("thread:create", capabilityContext(link, platform));
        const now = ctx.store.clock.now();
        const { profile } = await ensureContact(tx, record, existing ?? (await createProfile(tx, team.id, link.platform, body.externalPlatformId)), now);
        const row = await startThread(tx, record, { link, profile, acceptanceState: "accepted", now });
        return requireThread(tx, team.id, row.id);
      });
      return c.json(await one(team, loaded), 201);
    })
    .get("/threads/lookup", async (c) => {
      const team = c.get("team");
      const query = readV1Query(c, v1ThreadLookupQuery);
      const link = await requireAccountLink(db, team.id, query.accountLinkId);
      requirePlatforms(team, [link.platform]);
      const profile = await findProfile(db, team.id, link.platform, query.externalPlatformId);
      const found = profile && (await findThreadBetween(db, team.id, link.id, profile.id));
      return c.json(found ? await one(team, found) : null);
    })
    .get("/threads/lookup-by-username", async (c) => {
      const team = c.get("team");
      const { username } = readV1Query(c, v1UsernameLookupQuery);
      const rows = await db
        .select({ row: threads, contactAssigneeId: contacts.assigneeId })
        .from(threads)
        .innerJoin(profiles, eq(profiles.id, threads.profileId))
        .leftJoin(contacts, and(eq(contacts.id, threads.contactId), eq(contacts.teamId, team.id)))
        .where(
          and(
            eq(threads.teamId, team.id),
            inArray(threads.platform, team.platforms),
            sql`lower(${profiles.username}) = lower(${username.replace(/^@/, "")})`,
          ),
        )
        .orderBy(desc(threads.activityAt), desc(threads.id))
        .limit(V1_PAGE_LIMIT.max);
      return c.json(await toV1Threads(db, team.id, rows));
    })
    .get("/threads/:threadId", async (c) => {
      const team = c.get("team");
      return c.json(await one(team, await readable(team, v1PathId(c, "threadId", "THREAD_NOT_FOUND"))));
    })
    .patch("/threads/:threadId", async (c) => {
      const team = c.get("team");
      const id = v1PathId(c, "threadId", "THREAD_NOT_FOUND");
      const body = await readV1Body(c, v1ThreadPatch);
      return c.json(await one(team, await updateThread(ctx, team, id, { archived: body.done, assigneeId: body.assigneeId })));
    })
    .patch("/threads/:threadId/settings", async (c) => {
      const team = c.get("team");
      const id = v1PathId(c, "threadId", "THREAD_NOT_FOUND");
      const body = await readV1Body(c, v1ThreadSettings);
      const { row } = await updateThread(ctx, team, id, { typingIndicators: body.typingIndicatorsEnabled ? "enabled" : "disabled" });
      return c.json({ typingIndicatorsEnabled: row.typingIndicators !== "disabled" });
    })
    .delete("/threads/:threadId", async (c) => {
      const team = c.get("team");
      await deleteThread(ctx, team, v1PathId(c, "threadId", "THREAD_NOT_FOUND"));
      return c.json({ success: true });
    });
}

/**
 * The WHERE of v1's GET /threads: the view, then each filter group ANDed; within a group
 * its IDs and its `no…` flag are ORed (lib/api/v1/threads.ts).
 */
/** Version 1's inbox views are version 2's folders under other names. */
const VIEW_FOLDER = { default: "inbox", "no-reply": "noReply", requests: "requests", archived: "archived" } as const;

function threadFilters(db: Database, team: Team, query: V1ThreadListQuery): (SQL | undefined)[] {
  const effectiveAssignee = sql`coalesce(${threads.ownAssigneeId}, ${contacts.assigneeId})`;
  const conditions: (SQL | undefined)[] = [eq(threads.teamId, team.id), inArray(threads.platform, team.platforms)];
  conditions.push(...folderConditions(VIEW_FOLDER[query.inbox ?? "default"]));
  if (query.accountLinkIds) conditions.push(inArray(threads.accountLinkId, query.accountLinkIds));

  const filters = query.filters ?? {};
  const tagged = (ids?: string[]) =>
    db
      .select({ contactId: contactTags.contactId })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(and(eq(tags.teamId, team.id), ids ? inArray(tags.id, ids) : undefined));
  const group = (selected: SQL | undefined, none: SQL | undefined) => (selected || none ? or(selected, none) : undefined);

  conditions.push(
    group(
      filters.tags?.selectedIds ? inArray(threads.contactId, tagged(filters.tags.selectedIds)) : undefined,
      filters.tags?.noTags ? or(isNull(threads.contactId), notInArray(threads.contactId, tagged())) : undefined,
    ),
    group(
      filters.statuses?.selectedIds ? inArray(contacts.statusId, filters.statuses.selectedIds) : undefined,
      filters.statuses?.noStatus ? isNull(contacts.statusId) : undefined,
    ),
    group(
      filters.assignees?.selectedIds ? inArray(effectiveAssignee, filters.assignees.selectedIds) : undefined,
      filters.assignees?.noAssignee ? sql`${effectiveAssignee} is null` : undefined,
    ),
    group(
      filters.campaigns?.selectedIds ? inArray(threads.campaignId, filters.campaigns.selectedIds) : undefined,
      filters.campaigns?.noCampaign ? isNull(threads.campaignId) : undefined,
    ),
  );
  return conditions;
}
