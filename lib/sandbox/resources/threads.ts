import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { Hono } from "hono";
import type { z } from "zod";
import { pageQuery } from "@/lib/api/query";
import { serviceId } from "@/lib/api/primitives";
import {
  threadGetQuery,
  threadListQuery,
  threadPatch,
  type Folder,
  type Thread,
  type ThreadExpand,
  type TypingResult,
} from "@/lib/api/threads";
import type { Database } from "@/lib/db/connection";
import type { SandboxContext, SandboxEnv } from "../context";
import {
  assertCapability,
  capabilityContext,
  requireAccountLink,
  requirePlatformRow,
  requireThread,
  type LoadedThread,
} from "../model/conversations";
import { DEFAULT_PAGE_LIMIT, decodeCursor, encodeCursor, fail, pathId, readBody, readQuery } from "../http";
import { accountLinks, contacts, contactTags, members, messages, profiles, statuses, tags, threads } from "../schema";
import { toAccountLink, toMember, toMessage, toProfile, toThread } from "../model/serialize";
import { deleteThread, updateThread } from "../model/threads";
import { loadContacts } from "./contacts";
import { requirePlatforms } from "./platform-access";

type ThreadListFilters = Omit<z.output<typeof threadListQuery.schema>, "limit" | "cursor">;

/**
 * Threads: the folder and filter semantics of lib/api/threads.ts in one SQL query (the
 * contact joined for the assignee fallback, tags and statuses as subqueries), keyset pages
 * on (activity, id), and expansions loaded in batches beside the page.
 */
export function threadRoutes(ctx: SandboxContext) {
  const { db } = ctx.store;
  return new Hono<SandboxEnv>()
    .get("/threads", async (c) => {
      const team = c.get("team");
      const query = readQuery(c, threadListQuery);
      if (query.platform !== undefined) requirePlatforms(team, [query.platform]);
      const { limit = DEFAULT_PAGE_LIMIT, cursor, ...filters } = query;
      // `expand` shapes items, not which items: a cursor stays valid when it changes.
      const { expand: _expand, ...cursorFilters } = filters;
      const position = threadPosition(decodeCursor(cursor, cursorFilters));
      const oldest = filters.order === "oldest";

      const conditions = threadFilters(db, team.id, team.platforms, filters);
      if (position) {
        const [at, id] = position;
        conditions.push(
          oldest
            ? sql`(${threads.activityAt}, ${threads.id}) > (${at}::timestamptz, ${id})`
            : sql`(${threads.activityAt}, ${threads.id}) < (${at}::timestamptz, ${id})`,
        );
      }
      const rows = await db
        .select({ row: threads, contactAssigneeId: contacts.assigneeId })
        .from(threads)
        .leftJoin(contacts, and(eq(contacts.id, threads.contactId), eq(contacts.teamId, team.id)))
        .where(and(...conditions))
        .orderBy(...(oldest ? [asc(threads.activityAt), asc(threads.id)] : [desc(threads.activityAt), desc(threads.id)]))
        .limit(limit + 1);

      const pageRows = rows.slice(0, limit);
      const last = pageRows.at(-1);
      return c.json({
        data: await expandThreads(db, team.id, pageRows, filters.expand ?? []),
        nextCursor: rows.length > limit && last ? encodeCursor(cursorFilters, [last.row.activityAt.toISOString(), last.row.id]) : null,
      });
    })
    .get("/threads/:threadId", async (c) => {
      const team = c.get("team");
      const id = pathId(c, "threadId", "threadNotFound");
      const query = readQuery(c, threadGetQuery);
      const loaded = await requireThread(db, team.id, id);
      requirePlatforms(team, [loaded.row.platform]);
      const [thread] = await expandThreads(db, team.id, [loaded], query.expand ?? []);
      return c.json(thread);
    })
    .patch("/threads/:threadId", async (c) => {
      const team = c.get("team");
      const id = pathId(c, "threadId", "threadNotFound");
      const body = await readBody(c, threadPatch);
      const { row, contactAssigneeId } = await updateThread(ctx, team, id, body);
      const thread = toThread(row, contactAssigneeId);
      return c.json(thread);
    })
    .delete("/threads/:threadId", async (c) => {
      const team = c.get("team");
      const id = pathId(c, "threadId", "threadNotFound");
      const result = await deleteThread(ctx, team, id);
      return c.json(result);
    })
    .post("/threads/:threadId/typing", async (c) => {
      const team = c.get("team");
      const id = pathId(c, "threadId", "threadNotFound");
      const { row } = await requireThread(db, team.id, id);
      requirePlatforms(team, [row.platform]);
      const link = await requireAccountLink(db, team.id, row.accountLinkId);
      const platform = await requirePlatformRow(db, row.platform);
      assertCapability("thread:typing", capabilityContext(link, platform, row));
      const result: TypingResult =
        row.typingIndicators === "disabled" ? { status: "skipped", reason: "typingIndicatorsDisabled" } : { status: "sent", reason: null };
      return c.json(result, 202);
    })
    .get("/threads/:threadId/messages", async (c) => {
      const team = c.get("team");
      const id = pathId(c, "threadId", "threadNotFound");
      const query = readQuery(c, pageQuery);
      const { row } = await requireThread(db, team.id, id);
      requirePlatforms(team, [row.platform]);
      const filters = { threadMessages: id };
      const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
      const position = threadPosition(decodeCursor(query.cursor, filters));
      const rows = await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.teamId, team.id),
            eq(messages.threadId, id),
            // Unsettled sends join the history when they are delivered (simulator/settle.ts).
            isNull(messages.unsettled),
            position ? sql`(${messages.sentAt}, ${messages.id}) < (${position[0]}::timestamptz, ${position[1]})` : undefined,
          ),
        )
        .orderBy(desc(messages.sentAt), desc(messages.id))
        .limit(limit + 1);
      const pageRows = rows.slice(0, limit);
      const last = pageRows.at(-1);
      const now = ctx.store.clock.now();
      const signer = ctx.mediaSigner(c);
      return c.json({
        data: pageRows.map((m) => toMessage(m, now, signer)),
        nextCursor: rows.length > limit && last ? encodeCursor(filters, [last.sentAt.toISOString(), last.id]) : null,
      });
    });
}

/** The WHERE of GET /threads: every filter, ANDed; repeatable ones match any of their values. */
function threadFilters(db: Database, teamId: string, teamPlatforms: string[], filters: ThreadListFilters): (SQL | undefined)[] {
  const effectiveAssignee = sql`coalesce(${threads.ownAssigneeId}, ${contacts.assigneeId})`;
  const conditions: (SQL | undefined)[] = [eq(threads.teamId, teamId), inArray(threads.platform, teamPlatforms)];

  conditions.push(...folderConditions(filters.folder ?? "inbox"));

  if (filters.accountLinkId) conditions.push(inArray(threads.accountLinkId, filters.accountLinkId));
  if (filters.campaignId) conditions.push(inArray(threads.campaignId, filters.campaignId));
  if (filters.contactId) conditions.push(eq(threads.contactId, filters.contactId));
  if (filters.platform) conditions.push(eq(threads.platform, filters.platform));
  if (filters.assigneeId) conditions.push(inArray(effectiveAssignee, filters.assigneeId));
  if (filters.unassigned !== undefined) conditions.push(filters.unassigned ? sql`${effectiveAssignee} is null` : sql`${effectiveAssignee} is not null`);
  if (filters.q) conditions.push(sql`strpos(${threads.searchText}, ${filters.q.toLowerCase()}) > 0`);

  if (filters.tag) {
    const tagged = db
      .select({ contactId: contactTags.contactId })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(and(eq(tags.teamId, teamId), refMatches(tags.id, tags.name, filters.tag)));
    conditions.push(isNotNull(threads.contactId), inArray(threads.contactId, tagged));
  }
  if (filters.status) {
    const matching = db
      .select({ id: statuses.id })
      .from(statuses)
      .where(and(eq(statuses.teamId, teamId), refMatches(statuses.id, statuses.name, filters.status)));
    conditions.push(inArray(contacts.statusId, matching));
  }
  return conditions;
}

/** A tag or status reference: its ID, or its name in any case. */
function refMatches(idColumn: SQLWrapper, nameColumn: SQLWrapper, refs: string[]): SQL | undefined {
  const ids = refs.filter((r) => serviceId.safeParse(r).success);
  return or(
    ids.length ? inArray(idColumn, ids) : undefined,
    inArray(sql`lower(${nameColumn})`, refs.map((r) => r.toLowerCase())),
  );
}

/** A thread or message cursor's position: an ISO time and a service ID, or 400 invalidCursor. */
function threadPosition(position: (string | number)[] | null): [string, string] | null {
  if (position === null) return null;
  const [at, id] = position;
  if (
    position.length !== 2 ||
    typeof at !== "string" ||
    typeof id !== "string" ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(at) ||
    Number.isNaN(Date.parse(at)) ||
    !serviceId.safeParse(id).success
  ) {
    fail("invalidCursor", "The cursor is malformed");
  }
  return [at, id];
}

/** Threads as the API shows them, with each `expand`ed resource loaded once for the whole page. */
async function expandThreads(db: Database, teamId: string, loaded: LoadedThread[], expand: readonly ThreadExpand[]): Promise<Thread[]> {
  const items = loaded.map(({ row, contactAssigneeId }) => ({ row, thread: toThread(row, contactAssigneeId) }));
  if (items.length === 0 || expand.length === 0) return items.map((i) => i.thread);
  const want = new Set(expand);

  const contactById = new Map<string, Awaited<ReturnType<typeof loadContacts>>[number]>();
  if (want.has("contact")) {
    const ids = unique(items.map((i) => i.row.contactId));
    if (ids.length) {
      const rows = await db.select().from(contacts).where(and(eq(contacts.teamId, teamId), inArray(contacts.id, ids)));
      for (const contact of await loadContacts(db, teamId, rows)) contactById.set(contact.id, contact);
    }
  }
  const profileById = new Map<string, typeof profiles.$inferSelect>();
  if (want.has("profile")) {
    const ids = unique(items.map((i) => i.row.profileId));
    for (const p of await db.select().from(profiles).where(and(eq(profiles.teamId, teamId), inArray(profiles.id, ids)))) profileById.set(p.id, p);
  }
  const linkById = new Map<string, typeof accountLinks.$inferSelect>();
  if (want.has("accountLink")) {
    const ids = unique(items.map((i) => i.row.accountLinkId));
    for (const l of await db.select().from(accountLinks).where(and(eq(accountLinks.teamId, teamId), inArray(accountLinks.id, ids)))) linkById.set(l.id, l);
  }
  const memberById = new Map<string, typeof members.$inferSelect>();
  if (want.has("assignee")) {
    const ids = unique(items.map((i) => i.thread.assigneeId));
    if (ids.length) {
      for (const m of await db.select().from(members).where(and(eq(members.teamId, teamId), inArray(members.id, ids)))) memberById.set(m.id, m);
    }
  }

  return items.map(({ row, thread }) => {
    if (want.has("contact")) thread.contact = (row.contactId && contactById.get(row.contactId)) || null;
    if (want.has("profile")) {
      const profile = profileById.get(row.profileId);
      if (profile) thread.profile = toProfile(profile);
    }
    if (want.has("accountLink")) {
      const link = linkById.get(row.accountLinkId);
      if (link) thread.accountLink = toAccountLink(link);
    }
    if (want.has("assignee")) {
      const member = thread.assigneeId ? memberById.get(thread.assigneeId) : undefined;
      thread.assignee = member ? toMember(member) : null;
    }
    return thread;
  });
}

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}

/** A folder's rule (lib/api/threads `inFolder`) in SQL; version 1's inbox views are the same folders. */
export function folderConditions(folder: Folder): SQL[] {
  switch (folder) {
    case "inbox":
      return [eq(threads.archived, false), eq(threads.acceptanceState, "accepted")];
    case "noReply":
      return [eq(threads.archived, false), eq(threads.acceptanceState, "accepted"), eq(threads.lastDirection, "inbound")];
    case "requests":
      return [eq(threads.archived, false), eq(threads.acceptanceState, "pending")];
    case "archived":
      return [eq(threads.archived, true)];
    case "all":
      return [];
  }
}
