import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { contactListQuery, contactPatch, type Contact, type CONTACT_EXPANDS } from "@/lib/api/contacts";
import type { Database } from "@/lib/db/connection";
import type { SandboxContext, SandboxEnv } from "../context";
import { fail, pageById, pathId, readBody, readQuery } from "../http";
import { contacts, contactTags, members, profiles, statuses, tags } from "../schema";
import { toContact, toMember, toStatus, toTag } from "../model/serialize";
import { applyContactChanges, changeContactTags } from "../model/contacts";
import { findStatus, findTag } from "../model/labels";
import { requirePlatforms } from "./platform-access";

type ContactRow = typeof contacts.$inferSelect;
type ContactExpand = (typeof CONTACT_EXPANDS)[number];

/**
 * Contacts: the team's record of a person, found by the platform identity of one of its
 * profiles (never created by a read), changed field by field with one `contact.*` event per
 * change, and tagged one tag at a time.
 */
export function contactRoutes(ctx: SandboxContext) {
  const { db } = ctx.store;

  /** PUT (present) or DELETE (absent) of one tag; idempotent, so only a real change is recorded. */
  async function setTag(c: Context<SandboxEnv>, present: boolean) {
    const team = c.get("team");
    const id = pathId(c, "contactId", "contactNotFound");
    const ref = c.req.param("tagRef") ?? "";
    const contact = await ctx.store.write(team.id, async (tx, record) => {
      const row = await requireContact(tx, team.id, id);
      const tag = await findTag(tx, team.id, ref);
      if (!tag) fail("tagNotFound", `No tag ${ref}`);
      const now = ctx.store.clock.now();
      const changed = await changeContactTags(tx, record, row, present ? [tag.id] : [], present ? [] : [tag.id], now);
      if (!changed) return (await loadContacts(tx, team.id, [row]))[0]!;
      const [next] = await tx.select().from(contacts).where(and(eq(contacts.teamId, team.id), eq(contacts.id, id)));
      return (await loadContacts(tx, team.id, [next!]))[0]!;
    });
    return c.json(contact);
  }

  return new Hono<SandboxEnv>()
    .get("/contacts", async (c) => {
      const team = c.get("team");
      const query = readQuery(c, contactListQuery);
      requirePlatforms(team, [query.platform]);
      const { limit, cursor, expand, ...filters } = query;
      const matchingProfiles = db
        .select({ contactId: profiles.contactId })
        .from(profiles)
        .where(
          and(
            eq(profiles.teamId, team.id),
            eq(profiles.platform, query.platform),
            query.platformId?.length
              ? inArray(profiles.platformId, query.platformId)
              : sql`lower(${profiles.username}) = lower(${query.username ?? ""})`,
          ),
        );
      const page = await pageById({
        filters: { resource: "contacts", ...filters },
        limit,
        cursor,
        fetch: async (afterId, take) => {
          const rows = await db
            .select()
            .from(contacts)
            .where(
              and(
                eq(contacts.teamId, team.id),
                inArray(contacts.id, matchingProfiles),
                afterId ? gt(contacts.id, afterId) : undefined,
              ),
            )
            .orderBy(asc(contacts.id))
            .limit(take);
          return loadContacts(db, team.id, rows, expand ?? []);
        },
        toItem: (contact) => contact,
      });
      return c.json(page);
    })
    .get("/contacts/:contactId", async (c) => {
      const team = c.get("team");
      const row = await requireContact(db, team.id, pathId(c, "contactId", "contactNotFound"));
      return c.json((await loadContacts(db, team.id, [row]))[0]!);
    })
    .patch("/contacts/:contactId", async (c) => {
      const team = c.get("team");
      const id = pathId(c, "contactId", "contactNotFound");
      const body = await readBody(c, contactPatch);
      const contact = await ctx.store.write(team.id, async (tx, record) => {
        const row = await requireContact(tx, team.id, id);
        const changes: Partial<ContactRow> = {};

        if (body.status !== undefined) {
          let statusId: string | null = null;
          if (body.status !== null) {
            const status = await findStatus(tx, team.id, body.status);
            if (!status) fail("statusNotFound", `No status ${body.status}`);
            statusId = status.id;
          }
          if (statusId !== row.statusId) changes.statusId = statusId;
        }
        if (body.notes !== undefined && body.notes !== row.notes) changes.notes = body.notes;
        if (body.valuation !== undefined && body.valuation !== row.valuation) changes.valuation = body.valuation;
        if (body.assigneeId !== undefined) {
          if (body.assigneeId !== null) {
            const [member] = await tx
              .select({ id: members.id })
              .from(members)
              .where(and(eq(members.teamId, team.id), eq(members.id, body.assigneeId)));
            if (!member) fail("memberNotFound", `No member ${body.assigneeId}`);
          }
          if (body.assigneeId !== row.assigneeId) changes.assigneeId = body.assigneeId;
        }

        const next = await applyContactChanges(tx, record, row, changes, ctx.store.clock.now());
        return (await loadContacts(tx, team.id, [next!]))[0]!;
      });
      return c.json(contact);
    })
    .put("/contacts/:contactId/tags/:tagRef", (c) => setTag(c, true))
    .delete("/contacts/:contactId/tags/:tagRef", (c) => setTag(c, false));
}

/**
 * Contacts as the API shows them: every profile, the tag IDs in the order they were added,
 * and the `expand`ed resources beside their ID fields.
 */
export async function loadContacts(
  db: Database,
  teamId: string,
  rows: ContactRow[],
  expand: readonly ContactExpand[] = [],
): Promise<Contact[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const profileRows = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.teamId, teamId), inArray(profiles.contactId, ids)))
    .orderBy(asc(profiles.id));
  const tagRows = await db
    .select({ contactId: contactTags.contactId, tag: tags })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(and(eq(tags.teamId, teamId), inArray(contactTags.contactId, ids)))
    .orderBy(asc(contactTags.addedAt), asc(contactTags.tagId));

  const statusIds = expand.includes("status") ? unique(rows.map((r) => r.statusId)) : [];
  const statusById = new Map(
    statusIds.length
      ? (await db.select().from(statuses).where(and(eq(statuses.teamId, teamId), inArray(statuses.id, statusIds)))).map((s) => [s.id, s])
      : [],
  );
  const assigneeIds = expand.includes("assignee") ? unique(rows.map((r) => r.assigneeId)) : [];
  const memberById = new Map(
    assigneeIds.length
      ? (await db.select().from(members).where(and(eq(members.teamId, teamId), inArray(members.id, assigneeIds)))).map((m) => [m.id, m])
      : [],
  );

  return rows.map((row) => {
    const own = tagRows.filter((t) => t.contactId === row.id).map((t) => t.tag);
    const contact = toContact(
      row,
      profileRows.filter((p) => p.contactId === row.id),
      own.map((t) => t.id),
    );
    if (expand.includes("status")) {
      const status = row.statusId ? statusById.get(row.statusId) : undefined;
      contact.status = status ? toStatus(status) : null;
    }
    if (expand.includes("tags")) contact.tags = own.map(toTag);
    if (expand.includes("assignee")) {
      const member = row.assigneeId ? memberById.get(row.assigneeId) : undefined;
      contact.assignee = member ? toMember(member) : null;
    }
    return contact;
  });
}

async function requireContact(db: Database, teamId: string, id: string): Promise<ContactRow> {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.teamId, teamId), eq(contacts.id, id)));
  if (!row) fail("contactNotFound", `No contact ${id}`);
  return row;
}

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}
