import { and, asc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { HEX_COLOR_PATTERN, statusCreate, statusPatch, tagCreate, tagPatch } from "@/lib/api/labels";
import { pageQuery } from "@/lib/api/query";
import type { Database } from "@/lib/db/connection";
import { DEFAULT_COLOR, isPredefinedColor, PREDEFINED_COLORS } from "../model/colors";
import type { SandboxContext, SandboxEnv } from "../context";
import type { EventInput } from "../events/event-log";
import { fail, pageById, readBody, readQuery } from "../http";
import { newId } from "../model/ids";
import { contacts, contactTags, statuses, tags } from "../schema";
import { toStatus, toTag } from "../model/serialize";

type TagRow = typeof tags.$inferSelect;
type StatusRow = typeof statuses.$inferSelect;
type RecordEvent = (event: EventInput) => void;

/**
 * Tags and statuses, the team's labels, and GET /colors. Paths take an ID or a name: the ID
 * is tried first, then the name, case-insensitively. Names are unique per team regardless of
 * case; a status's `position` is kept 0..n-1 without gaps whatever is created, moved or deleted.
 */
export function labelRoutes(ctx: SandboxContext) {
  const { db } = ctx.store;

  /** A write that may break a name's uniqueness: the unique index settles a race as a 409. */
  async function writeLabel<T>(
    teamId: string,
    duplicate: "duplicateTag" | "duplicateStatus",
    run: (tx: Database, record: RecordEvent) => Promise<T>,
  ): Promise<T> {
    try {
      return await ctx.store.write(teamId, run);
    } catch (error) {
      if (isUniqueViolation(error)) fail(duplicate, "That name is already used on the team");
      throw error;
    }
  }

  return new Hono<SandboxEnv>()
    .get("/colors", (c) => c.json(PREDEFINED_COLORS.map((color) => ({ ...color }))))

    .get("/tags", async (c) => {
      const team = c.get("team");
      const query = readQuery(c, pageQuery);
      const page = await pageById({
        filters: { resource: "tags" },
        limit: query.limit,
        cursor: query.cursor,
        fetch: (afterId, take) =>
          db
            .select()
            .from(tags)
            .where(and(eq(tags.teamId, team.id), afterId ? gt(tags.id, afterId) : undefined))
            .orderBy(asc(tags.id))
            .limit(take),
        toItem: toTag,
      });
      return c.json(page);
    })
    .post("/tags", async (c) => {
      const team = c.get("team");
      const body = await readBody(c, tagCreate);
      const color = resolveColor(body.color) ?? DEFAULT_COLOR;
      const created = await writeLabel(team.id, "duplicateTag", async (tx, record) => {
        if (await tagNameTaken(tx, team.id, body.name, null)) fail("duplicateTag", `A tag named "${body.name}" already exists`);
        const [row] = await tx
          .insert(tags)
          .values({ id: newId("tag"), teamId: team.id, name: body.name, color, createdAt: ctx.store.clock.now() })
          .returning();
        record({ type: "tag.created", objectType: "tag", objectId: row!.id, data: {} });
        return row!;
      });
      return c.json(toTag(created), 201);
    })
    .get("/tags/:tagRef", async (c) => {
      const row = await findTag(db, c.get("team").id, refParam(c, "tagRef"));
      if (!row) fail("tagNotFound", `No tag ${refParam(c, "tagRef")}`);
      return c.json(toTag(row));
    })
    .patch("/tags/:tagRef", async (c) => {
      const team = c.get("team");
      const ref = refParam(c, "tagRef");
      const body = await readBody(c, tagPatch);
      const color = resolveColor(body.color);
      const updated = await writeLabel(team.id, "duplicateTag", async (tx, record) => {
        const row = await findTag(tx, team.id, ref);
        if (!row) fail("tagNotFound", `No tag ${ref}`);
        const changes: Partial<TagRow> = {};
        if (body.name !== undefined && body.name !== row.name) {
          if (await tagNameTaken(tx, team.id, body.name, row.id)) fail("duplicateTag", `A tag named "${body.name}" already exists`);
          changes.name = body.name;
        }
        if (color !== undefined && color !== row.color) changes.color = color;
        if (Object.keys(changes).length === 0) return row;
        const [next] = await tx.update(tags).set(changes).where(and(eq(tags.teamId, team.id), eq(tags.id, row.id))).returning();
        record({ type: "tag.updated", objectType: "tag", objectId: row.id, data: {} });
        return next!;
      });
      return c.json(toTag(updated));
    })
    .delete("/tags/:tagRef", async (c) => {
      const team = c.get("team");
      const ref = refParam(c, "tagRef");
      await ctx.store.write(team.id, async (tx, record) => {
        const row = await findTag(tx, team.id, ref);
        if (!row) fail("tagNotFound", `No tag ${ref}`);
        const removed = await tx.delete(contactTags).where(eq(contactTags.tagId, row.id)).returning({ contactId: contactTags.contactId });
        const contactIds = removed.map((r) => r.contactId).sort();
        if (contactIds.length) {
          await tx
            .update(contacts)
            .set({ updatedAt: ctx.store.clock.now() })
            .where(and(eq(contacts.teamId, team.id), inArray(contacts.id, contactIds)));
        }
        for (const contactId of contactIds) {
          record({ type: "contact.tagsChanged", objectType: "contact", objectId: contactId, data: { added: [], removed: [row.id] } });
        }
        await tx.delete(tags).where(and(eq(tags.teamId, team.id), eq(tags.id, row.id)));
        record({ type: "tag.deleted", objectType: "tag", objectId: row.id, data: {} });
      });
      return c.body(null, 204);
    })

    .get("/statuses", async (c) => {
      const team = c.get("team");
      const query = readQuery(c, pageQuery);
      const page = await pageById({
        filters: { resource: "statuses" },
        limit: query.limit,
        cursor: query.cursor,
        fetch: (afterId, take) =>
          db
            .select()
            .from(statuses)
            .where(and(eq(statuses.teamId, team.id), afterId ? gt(statuses.id, afterId) : undefined))
            .orderBy(asc(statuses.id))
            .limit(take),
        toItem: toStatus,
      });
      return c.json(page);
    })
    .post("/statuses", async (c) => {
      const team = c.get("team");
      const body = await readBody(c, statusCreate);
      const color = resolveColor(body.color) ?? DEFAULT_COLOR;
      const created = await writeLabel(team.id, "duplicateStatus", async (tx, record) => {
        if (await statusNameTaken(tx, team.id, body.name, null)) fail("duplicateStatus", `A status named "${body.name}" already exists`);
        const pipeline = await pipelineOf(tx, team.id);
        const position = Math.min(body.position ?? pipeline.length, pipeline.length);
        const [row] = await tx
          .insert(statuses)
          .values({ id: newId("status"), teamId: team.id, name: body.name, color, position })
          .returning();
        record({ type: "status.created", objectType: "status", objectId: row!.id, data: {} });
        pipeline.splice(position, 0, row!);
        await writePositions(tx, team.id, pipeline, row!.id, record);
        return row!;
      });
      return c.json(toStatus(created), 201);
    })
    .get("/statuses/:statusRef", async (c) => {
      const row = await findStatus(db, c.get("team").id, refParam(c, "statusRef"));
      if (!row) fail("statusNotFound", `No status ${refParam(c, "statusRef")}`);
      return c.json(toStatus(row));
    })
    .patch("/statuses/:statusRef", async (c) => {
      const team = c.get("team");
      const ref = refParam(c, "statusRef");
      const body = await readBody(c, statusPatch);
      const color = resolveColor(body.color);
      const updated = await writeLabel(team.id, "duplicateStatus", async (tx, record) => {
        const row = await findStatus(tx, team.id, ref);
        if (!row) fail("statusNotFound", `No status ${ref}`);
        const changes: Partial<StatusRow> = {};
        if (body.name !== undefined && body.name !== row.name) {
          if (await statusNameTaken(tx, team.id, body.name, row.id)) fail("duplicateStatus", `A status named "${body.name}" already exists`);
          changes.name = body.name;
        }
        if (color !== undefined && color !== row.color) changes.color = color;
        const pipeline = await pipelineOf(tx, team.id);
        if (body.position !== undefined) {
          const from = pipeline.findIndex((s) => s.id === row.id);
          const to = Math.min(body.position, pipeline.length - 1);
          const [moving] = pipeline.splice(from, 1);
          pipeline.splice(to, 0, moving!);
        }
        const position = pipeline.findIndex((s) => s.id === row.id);
        if (position !== row.position) changes.position = position;
        await writePositions(tx, team.id, pipeline, row.id, record);
        if (Object.keys(changes).length === 0) return row;
        const [next] = await tx
          .update(statuses)
          .set(changes)
          .where(and(eq(statuses.teamId, team.id), eq(statuses.id, row.id)))
          .returning();
        record({ type: "status.updated", objectType: "status", objectId: row.id, data: {} });
        return next!;
      });
      return c.json(toStatus(updated));
    })
    .delete("/statuses/:statusRef", async (c) => {
      const team = c.get("team");
      const ref = refParam(c, "statusRef");
      await ctx.store.write(team.id, async (tx, record) => {
        const row = await findStatus(tx, team.id, ref);
        if (!row) fail("statusNotFound", `No status ${ref}`);
        const cleared = await tx
          .update(contacts)
          .set({ statusId: null, updatedAt: ctx.store.clock.now() })
          .where(and(eq(contacts.teamId, team.id), eq(contacts.statusId, row.id)))
          .returning({ id: contacts.id });
        for (const { id } of cleared.sort((a, b) => (a.id < b.id ? -1 : 1))) {
          record({ type: "contact.statusChanged", objectType: "contact", objectId: id, data: { statusId: null } });
        }
        await tx.delete(statuses).where(and(eq(statuses.teamId, team.id), eq(statuses.id, row.id)));
        await writePositions(tx, team.id, await pipelineOf(tx, team.id), null, record);
        record({ type: "status.deleted", objectType: "status", objectId: row.id, data: {} });
      });
      return c.body(null, 204);
    });
}

/** A tag of the team by ID, or else by name (case-insensitive). */
export async function findTag(db: Database, teamId: string, ref: string): Promise<TagRow | undefined> {
  const rows = await db
    .select()
    .from(tags)
    .where(and(eq(tags.teamId, teamId), or(eq(tags.id, ref), sql`lower(${tags.name}) = lower(${ref})`)));
  return rows.find((r) => r.id === ref) ?? rows[0];
}

/** A status of the team by ID, or else by name (case-insensitive). */
export async function findStatus(db: Database, teamId: string, ref: string): Promise<StatusRow | undefined> {
  const rows = await db
    .select()
    .from(statuses)
    .where(and(eq(statuses.teamId, teamId), or(eq(statuses.id, ref), sql`lower(${statuses.name}) = lower(${ref})`)));
  return rows.find((r) => r.id === ref) ?? rows[0];
}

/** A tag or status reference from the path, already percent-decoded by the router. */
function refParam(c: Context<SandboxEnv>, name: string): string {
  return c.req.param(name) ?? "";
}

/** `#rrggbb` as given, or a predefined color's name; any other name is 400 invalidRequest. */
function resolveColor(color: string | undefined): string | undefined {
  if (color === undefined || HEX_COLOR_PATTERN.test(color)) return color;
  if (!isPredefinedColor(color)) {
    fail("invalidRequest", `color: "${color}" is not a predefined color; GET /colors lists them, or give #rrggbb`);
  }
  return color;
}

async function tagNameTaken(db: Database, teamId: string, name: string, exceptId: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.teamId, teamId), sql`lower(${tags.name}) = lower(${name})`, exceptId ? ne(tags.id, exceptId) : undefined));
  return rows.length > 0;
}

async function statusNameTaken(db: Database, teamId: string, name: string, exceptId: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(
      and(eq(statuses.teamId, teamId), sql`lower(${statuses.name}) = lower(${name})`, exceptId ? ne(statuses.id, exceptId) : undefined),
    );
  return rows.length > 0;
}

/** The team's statuses in pipeline order. */
function pipelineOf(db: Database, teamId: string): Promise<StatusRow[]> {
  return db.select().from(statuses).where(eq(statuses.teamId, teamId)).orderBy(asc(statuses.position), asc(statuses.id));
}

/**
 * Gives each status its index in `pipeline` as position. Every other status that moves gets
 * its own `status.updated`, so a client fed by events sees the whole board change;
 * `selfId`'s own event is recorded by the caller.
 */
async function writePositions(db: Database, teamId: string, pipeline: StatusRow[], selfId: string | null, record: RecordEvent) {
  for (const [index, status] of pipeline.entries()) {
    if (status.id === selfId || status.position === index) continue;
    await db.update(statuses).set({ position: index }).where(and(eq(statuses.teamId, teamId), eq(statuses.id, status.id)));
    record({ type: "status.updated", objectType: "status", objectId: status.id, data: {} });
  }
}

/** Postgres's unique_violation, however deep the driver or ORM wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    if ("code" in current && current.code === "23505") return true;
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}
