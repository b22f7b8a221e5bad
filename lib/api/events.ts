import { z } from "zod";
import { OUTREACH_EVENT_DATA } from "./outreach/events";
import { defineQuery, queryInt } from "./query";
import { openEnum, serviceId, timestamp } from "./primitives";

/**
 * Version 2 event types. The spec names `message.sent`, `message.received`,
 * `thread.assigned`, `thread.unassigned` and "contact.*". The rest is our choice: the
 * version 1 thread, message, tag and status events carry on under their names, `prospect.*`
 * becomes `contact.*`, and every state change the API can make has exactly one event, so a
 * cache fed by events never needs to poll. Campaign and target events (outreach plans) are
 * shown under their version 1 names: lib/api/outreach/events.ts has that choice and their data.
 *
 * `data` carries only the change (events are thin); read `object.url` for current state.
 */
export const EVENT_DATA = {
  /** An outbound message the platform took; after a 502 sendUnconfirmed, recorded when it settles delivered. */
  "message.sent": { threadId: serviceId, messageId: serviceId },
  /** Ours: a send answered 502 sendUnconfirmed settled as never delivered (lib/api/messages.ts, `delivery`). */
  "message.failed": { threadId: serviceId, messageId: serviceId },
  "message.received": { threadId: serviceId, messageId: serviceId },
  "message.edited": { threadId: serviceId, messageId: serviceId, editedAt: timestamp },
  "message.deleted": { threadId: serviceId, messageId: serviceId, scope: z.string() },
  "message.reactionAdded": { threadId: serviceId, messageId: serviceId, emoji: z.string() },
  "message.reactionRemoved": { threadId: serviceId, messageId: serviceId, emoji: z.string() },
  "thread.created": { accountLinkId: serviceId, contactId: serviceId.nullable() },
  "thread.deleted": { scope: z.string() },
  "thread.archived": {},
  "thread.unarchived": {},
  /** The owner's `unread` changed. */
  "thread.unreadChanged": { unread: z.boolean() },
  "thread.typingIndicatorsChanged": { typingIndicators: z.string() },
  /** `assigneeId` is the thread's own assignee. */
  "thread.assigned": { assigneeId: serviceId },
  "thread.unassigned": { assigneeId: z.null() },
  "contact.created": {},
  "contact.statusChanged": { statusId: serviceId.nullable() },
  "contact.tagsChanged": { added: z.array(serviceId), removed: z.array(serviceId) },
  "contact.notesChanged": { notes: z.string().nullable() },
  "contact.valuationChanged": { valuation: z.number().nullable() },
  "contact.assigneeChanged": { assigneeId: serviceId.nullable() },
  "tag.created": {},
  "tag.updated": {},
  "tag.deleted": {},
  "status.created": {},
  "status.updated": {},
  "status.deleted": {},
  /** Ours: an account link went offline, was paused, or came back. */
  "accountLink.statusChanged": { status: z.string() },
  ...OUTREACH_EVENT_DATA,
} as const satisfies Record<string, z.ZodRawShape>;

export type KnownEventType = keyof typeof EVENT_DATA;
export const EVENT_TYPES = Object.keys(EVENT_DATA) as [KnownEventType, ...KnownEventType[]];

/** `object.type`: the kind of resource an event is about. */
export const EVENT_OBJECT_TYPES = ["message", "thread", "contact", "tag", "status", "accountLink", "campaign"] as const;

/**
 * Event. `object.url` is the path of the changed object relative to the version 2 root
 * (`/threads/{id}`), so a client reads it with its own base URL.
 */
export const event = z.looseObject({
  id: z.string().min(1),
  seq: z.number().int().nonnegative(),
  type: openEnum(EVENT_TYPES),
  apiVersion: z.number(),
  createdAt: timestamp,
  object: z.looseObject({ type: openEnum(EVENT_OBJECT_TYPES), id: serviceId, url: z.string() }),
  data: z.record(z.string(), z.unknown()),
});
export type ApiEvent = z.infer<typeof event>;

/** The data schema of a known event type, for code that acts on it. */
export function eventDataSchema<Type extends KnownEventType>(type: Type) {
  return z.looseObject(EVENT_DATA[type]);
}

export function isKnownEventType(type: string): type is KnownEventType {
  return Object.hasOwn(EVENT_DATA, type);
}

/**
 * GET /events: `{ data, lastSeq, hasMore }`, oldest first. `lastSeq` is the next `afterSeq`:
 * the seq of the last event returned or, when a `type` filter or the end leaves nothing to
 * return, the team's latest seq (so a filtered replay still moves forward). Events older
 * than 7 days are gone: a replay from before them starts at the oldest kept, and the jump in
 * `seq` is how a client sees what it lost.
 */
export const eventPage = z.looseObject({
  data: z.array(event),
  lastSeq: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type EventPage = z.infer<typeof eventPage>;

export const EVENT_PAGE_LIMIT = { min: 1, max: 1000, default: 100 } as const;
/** Events are replayed for 7 days. */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** `type` is repeatable (our choice), so one replay can follow several types. */
export const eventListQuery = defineQuery({
  afterSeq: queryInt(0, Number.MAX_SAFE_INTEGER).optional(),
  limit: queryInt(EVENT_PAGE_LIMIT.min, EVENT_PAGE_LIMIT.max).optional(),
  type: z.array(z.string().min(1)).optional(),
});
export type EventListQuery = z.input<typeof eventListQuery.schema>;
