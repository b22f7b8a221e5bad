import type { KnownEventType } from "@/lib/api/events";
import type { EventInput } from "../events/event-log";
import type { IdKind } from "../model/ids";
import type { events } from "../schema";
import type { MessageRow } from "./messages";
import type { People } from "./people";
import type { Random } from "./random";
import type { ThreadRow } from "./threads";

/**
 * The team's event history, as if the API had recorded the seeded world as it happened: one
 * event per message, plus a few contact and assignment changes, in time order with `seq`
 * 1..N. Events older than the 7-day retention are kept; reads leave them out.
 */
export type EventRow = typeof events.$inferSelect;

export type HistoryInput = {
  random: Random;
  nextId: (kind: IdKind) => string;
  teamId: string;
  people: People;
  threads: ThreadRow[];
  messages: MessageRow[];
  /** Only the latest this many messages get events (large seeds). */
  messageEventLimit: number | null;
};

export function buildHistory(input: HistoryInput): EventRow[] {
  const { random, people } = input;
  const pending: { at: Date; order: string; type: KnownEventType; objectType: EventInput["objectType"]; objectId: string; data: Record<string, unknown> }[] = [];

  const byTime = [...input.messages].sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime() || compare(a.id, b.id));
  const recorded = input.messageEventLimit === null ? byTime : byTime.slice(-input.messageEventLimit);
  for (const m of recorded) {
    pending.push({
      at: m.sentAt,
      order: m.id,
      type: m.direction === "inbound" ? "message.received" : "message.sent",
      objectType: "message",
      objectId: m.id,
      data: { threadId: m.threadId, messageId: m.id },
    });
  }

  for (const contact of random.sample(people.contacts.filter((c) => c.statusId && c.updatedAt), 8)) {
    pending.push({
      at: contact.updatedAt ?? contact.createdAt,
      order: contact.id,
      type: "contact.statusChanged",
      objectType: "contact",
      objectId: contact.id,
      data: { statusId: contact.statusId },
    });
  }

  const tagsByContact = new Map<string, { tagIds: string[]; at: Date }>();
  for (const row of people.contactTags) {
    const entry = tagsByContact.get(row.contactId) ?? { tagIds: [], at: row.addedAt };
    entry.tagIds.push(row.tagId);
    if (row.addedAt > entry.at) entry.at = row.addedAt;
    tagsByContact.set(row.contactId, entry);
  }
  for (const [contactId, entry] of random.sample([...tagsByContact], 8)) {
    pending.push({
      at: entry.at,
      order: contactId,
      type: "contact.tagsChanged",
      objectType: "contact",
      objectId: contactId,
      data: { added: entry.tagIds, removed: [] },
    });
  }

  for (const thread of random.sample(input.threads.filter((t) => t.ownAssigneeId), 6)) {
    const span = thread.activityAt.getTime() - thread.createdAt.getTime();
    pending.push({
      at: new Date(thread.createdAt.getTime() + Math.floor(span * random.next())),
      order: thread.id,
      type: "thread.assigned",
      objectType: "thread",
      objectId: thread.id,
      data: { assigneeId: thread.ownAssigneeId },
    });
  }

  pending.sort((a, b) => a.at.getTime() - b.at.getTime() || compare(a.order, b.order));
  return pending.map((e, i) => ({
    teamId: input.teamId,
    seq: i + 1,
    id: input.nextId("event"),
    type: e.type,
    createdAt: e.at,
    objectType: e.objectType,
    objectId: e.objectId,
    data: e.data,
  }));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
