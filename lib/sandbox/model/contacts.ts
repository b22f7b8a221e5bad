import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/connection";
import { contacts, contactTags } from "../schema";
import type { RecordEvent } from "./conversations";

export type ContactRow = typeof contacts.$inferSelect;
export type ContactChanges = Partial<Pick<ContactRow, "statusId" | "notes" | "valuation" | "assigneeId">>;

/**
 * The team's context of a person as both API versions change it (a v2 contact, a v1
 * prospect's context): only real changes are written, each with its own `contact.*` event.
 * References are checked by the caller, which knows its version's error.
 */
export async function applyContactChanges(
  tx: Database,
  record: RecordEvent,
  row: ContactRow,
  wanted: ContactChanges,
  now: Date,
): Promise<ContactRow> {
  const changes: ContactChanges = {};
  for (const key of ["statusId", "notes", "valuation", "assigneeId"] as const) {
    if (wanted[key] !== undefined && wanted[key] !== row[key]) Object.assign(changes, { [key]: wanted[key] });
  }
  if (Object.keys(changes).length === 0) return row;
  const [next] = await tx
    .update(contacts)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(contacts.teamId, row.teamId), eq(contacts.id, row.id)))
    .returning();
  const event = { objectType: "contact", objectId: row.id } as const;
  if (changes.statusId !== undefined) record({ ...event, type: "contact.statusChanged", data: { statusId: changes.statusId } });
  if (changes.notes !== undefined) record({ ...event, type: "contact.notesChanged", data: { notes: changes.notes } });
  if (changes.valuation !== undefined) record({ ...event, type: "contact.valuationChanged", data: { valuation: changes.valuation } });
  if (changes.assigneeId !== undefined) record({ ...event, type: "contact.assigneeChanged", data: { assigneeId: changes.assigneeId } });
  return next!;
}

/**
 * Adds and removes tags (IDs the caller checked); one `contact.tagsChanged` with what really
 * changed, nothing when nothing did. Answers whether anything changed.
 */
export async function changeContactTags(
  tx: Database,
  record: RecordEvent,
  row: ContactRow,
  add: readonly string[],
  remove: readonly string[],
  now: Date,
): Promise<boolean> {
  const added = add.length
    ? await tx
        .insert(contactTags)
        .values(add.map((tagId) => ({ contactId: row.id, tagId, addedAt: now })))
        .onConflictDoNothing()
        .returning({ tagId: contactTags.tagId })
    : [];
  const removed = remove.length
    ? await tx
        .delete(contactTags)
        .where(and(eq(contactTags.contactId, row.id), inArray(contactTags.tagId, [...remove])))
        .returning({ tagId: contactTags.tagId })
    : [];
  if (added.length === 0 && removed.length === 0) return false;
  await tx
    .update(contacts)
    .set({ updatedAt: now })
    .where(and(eq(contacts.teamId, row.teamId), eq(contacts.id, row.id)));
  record({
    type: "contact.tagsChanged",
    objectType: "contact",
    objectId: row.id,
    data: { added: added.map((t) => t.tagId), removed: removed.map((t) => t.tagId) },
  });
  return true;
}
