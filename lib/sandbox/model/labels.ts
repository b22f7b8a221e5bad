import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { HEX_COLOR_PATTERN, type StatusCreate, type StatusPatch, type TagCreate, type TagPatch } from "@/lib/api/labels";
import type { Database } from "@/lib/db/connection";
import type { SandboxContext } from "../context";
import type { EventInput } from "../events/event-log";
import { fail } from "../http";
import { DEFAULT_COLOR, isPredefinedColor } from "./colors";
import { newId } from "./ids";
import { contacts, contactTags, statuses, tags } from "../schema";

export type TagRow = typeof tags.$inferSelect;
export type StatusRow = typeof statuses.$inferSelect;
type RecordEvent = (event: EventInput) => void;

/**
 * The team's labels as both API versions change them: names unique per team regardless of
 * case (409 duplicateTag / duplicateStatus), a status's `position` kept 0..n-1 without gaps,
 * and every change recorded in the one event log. `ref` is an ID or, else, a name.
 */

/** A write that may break a name's uniqueness: the unique index settles a race as a 409. */
async function writeLabel<T>(
  ctx: SandboxContext,
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

export async function createTag(ctx: SandboxContext, teamId: string, body: TagCreate): Promise<TagRow> {
  const color = resolveColor(body.color) ?? DEFAULT_COLOR;
  return writeLabel(ctx, teamId, "duplicateTag", async (tx, record) => {
    if (await tagNameTaken(tx, teamId, body.name, null)) fail("duplicateTag", `A tag named "${body.name}" already exists`);
    const [row] = await tx
      .insert(tags)
      .values({ id: newId("tag"), teamId, name: body.name, color, createdAt: ctx.store.clock.now() })
      .returning();
    record({ type: "tag.created", objectType: "tag", objectId: row!.id, data: {} });
    return row!;
  });
}

export async function updateTag(ctx: SandboxContext, teamId: string, ref: string, body: TagPatch): Promise<TagRow> {
  const color = resolveColor(body.color);
  return writeLabel(ctx, teamId, "duplicateTag", async (tx, record) => {
    const row = await findTag(tx, teamId, ref);
    if (!row) fail("tagNotFound", `No tag ${ref}`);
    const changes: Partial<TagRow> = {};
    if (body.name !== undefined && body.name !== row.name) {
      if (await tagNameTaken(tx, teamId, body.name, row.id)) fail("duplicateTag", `A tag named "${body.name}" already exists`);
      changes.name = body.name;
    }
    if (color !== undefined && color !== row.color) changes.color = color;
    if (Object.keys(changes).length === 0) return row;
    const [next] = await tx.update(tags).set(changes).where(and(eq(tags.teamId, teamId), eq(tags.id, row.id))).returning();
    record({ type: "tag.updated", objectType: "tag", objectId: row.id, data: {} });
    return next!;
  });
}

export async function deleteTag(ctx: SandboxContext, teamId: string, ref: string): Promise<void> {
  await ctx.store.write(teamId, async (tx, record) => {
    const row = await findTag(tx, teamId, ref);
    if (!row) fail("tagNotFound", `No tag ${ref}`);
    const removed = await tx.delete(contactTags).where(eq(contactTags.tagId, row.id)).returning({ contactId: contactTags.contactId });
    const contactIds = removed.map((r) => r.contactId).sort();
    if (contactIds.length) {
      await tx
        .update(contacts)
        .set({ updatedAt: ctx.store.clock.now() })
        .where(and(eq(contacts.teamId, teamId), inArray(contacts.id, contactIds)));
    }
    for (const contactId of contactIds) {
      record({ type: "contact.tagsChanged", objectType: "contact", objectId: contactId, data: { added: [], removed: [row.id] } });
    }
    await tx.delete(tags).where(and(eq(tags.teamId, teamId), eq(tags.id, row.id)));
    record({ type: "tag.deleted", objectType: "tag", objectId: row.id, data: {} });
  });
}

export async function createStatus(ctx: SandboxContext, teamId: string, body: StatusCreate): Promise<StatusRow> {
  const color = resolveColor(body.color) ?? DEFAULT_COLOR;
  return writeLabel(ctx, teamId, "duplicateStatus", async (tx, record) => {
    if (await statusNameTaken(tx, teamId, body.name, null)) fail("duplicateStatus", `A status named "${body.name}" already exists`);
    const pipeline = await pipelineOf(tx, teamId);
    const position = Math.min(body.position ?? pipeline.length, pipeline.length);
    const [row] = await tx
      .insert(statuses)
      .values({ id: newId("status"), teamId, name: body.name, color, position })
      .returning();
    record({ type: "status.created", objectType: "status", objectId: row!.id, data: {} });
    pipeline.splice(position, 0, row!);
    await writePositions(tx, teamId, pipeline, row!.id, record);
    return row!;
  });
}

export async function updateStatus(ctx: SandboxContext, teamId: string, ref: string, body: StatusPatch): Promise<StatusRow> {
  const color = resolveColor(body.color);
  return writeLabel(ctx, teamId, "duplicateStatus", async (tx, record) => {
    const row = await findStatus(tx, teamId, ref);
    if (!row) fail("statusNotFound", `No status ${ref}`);
    const changes: Partial<StatusRow> = {};
    if (body.name !== undefined && body.name !== row.name) {
      if (await statusNameTaken(tx, teamId, body.name, row.id)) fail("duplicateStatus", `A status named "${body.name}" already exists`);
      changes.name = body.name;
    }
    if (color !== undefined && color !== row.color) changes.color = color;
    const pipeline = await pipelineOf(tx, teamId);
    if (body.position !== undefined) {
      const from = pipeline.findIndex((s) => s.id === row.id);
      const to = Math.min(body.position, pipeline.length - 1);
      const [moving] = pipeline.splice(from, 1);
      pipeline.splice(to, 0, moving!);
    }
    const position = pipeline.findIndex((s) => s.id === row.id);
    if (position !== row.position) changes.position = position;
    await writePositions(tx, teamId, pipeline, row.id, record);
    if (Object.keys(changes).length === 0) return row;
    const [next] = await tx
      .update(statuses)
      .set(changes)
      .where(and(eq(statuses.teamId, teamId), eq(statuses.id, row.id)))
      .returning();
    record({ type: "status.updated", objectType: "status", objectId: row.id, data: {} });
    return next!;
  });
}

export async function deleteStatus(ctx: SandboxContext, teamId: string, ref: string): Promise<void> {
  await ctx.store.write(teamId, async (tx, record) => {
    const row = await findStatus(tx, teamId, ref);
    if (!row) fail("statusNotFound", `No status ${ref}`);
    const cleared = await tx
      .update(contacts)
      .set({ statusId: null, updatedAt: ctx.store.clock.now() })
      .where(and(eq(contacts.teamId, teamId), eq(contacts.statusId, row.id)))
      .returning({ id: contacts.id });
    for (const { id } of cleared.sort((a, b) => (a.id < b.id ? -1 : 1))) {
      record({ type: "contact.statusChanged", objectType: "contact", objectId: id, data: { statusId: null } });
    }
    await tx.delete(statuses).where(and(eq(statuses.teamId, teamId), eq(statuses.id, row.id)));
    await writePositions(tx, teamId, await pipelineOf(tx, teamId), null, record);
    record({ type: "status.deleted", objectType: "status", objectId: row.id, data: {} });
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

/** `#rrggbb` as given, or a predefined color's name; any other name is 400 invalidRequest. */
export function resolveColor(color: string | undefined): string | undefined {
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
