import { z } from "zod";
import type { KnownEventType } from "../events";
import { serviceId, timestamp } from "../primitives";
import { v1Int } from "./query";

/**
 * Version 1 events (the "new version 1 format"): `{ id, seq, teamId, type, timestamp,
 * version: 1.0, data }`, from the one event log both versions share (one `seq`).
 *
 * Ours, where the spec shows no more:
 * - Types: v2's under their v1 names (`contact.*` → `prospect.*`, `message.sent` and
 *   `message.received` → `message.created`); the rest keep theirs. v2-only types
 *   (`thread.unreadChanged`, `thread.typingIndicatorsChanged`, `accountLink.statusChanged`,
 *   `message.failed`) are left out, but their `seq` still counts: `lastSeq` moves past them.
 * - `data` holds the current state, at replay time, of what the event names: `thread`,
 *   `message`, `prospect` (with `context`), `campaign` (the campaign as sync answers it: of a campaign or target event, else of the thread),
 *   and for label events `tag` or `status`; each null when it does not apply or is gone.
 *   `change` is what the change itself carried (v2's thin `data`).
 * - GET /events takes `afterSeq` and `limit` (default 100, at most 1000); events are kept
 *   7 days; `lastSeq` and `hasMore` work as in v2.
 */
export const V1_EVENT_TYPE_OF_V2: Partial<Record<KnownEventType, string>> = {
  "message.sent": "message.created",
  "message.received": "message.created",
  "message.edited": "message.edited",
  "message.deleted": "message.deleted",
  "message.reactionAdded": "message.reactionAdded",
  "message.reactionRemoved": "message.reactionRemoved",
  "thread.created": "thread.created",
  "thread.deleted": "thread.deleted",
  "thread.archived": "thread.archived",
  "thread.unarchived": "thread.unarchived",
  "thread.assigned": "thread.assigned",
  "thread.unassigned": "thread.unassigned",
  "contact.created": "prospect.created",
  "contact.statusChanged": "prospect.statusChanged",
  "contact.tagsChanged": "prospect.tagsChanged",
  "contact.notesChanged": "prospect.notesChanged",
  "contact.valuationChanged": "prospect.valuationChanged",
  "contact.assigneeChanged": "prospect.assigneeChanged",
  "tag.created": "tag.created",
  "tag.updated": "tag.updated",
  "tag.deleted": "tag.deleted",
  "status.created": "status.created",
  "status.updated": "status.updated",
  "status.deleted": "status.deleted",
};

export const v1Event = z.looseObject({
  id: z.string().min(1),
  seq: z.number().int().nonnegative(),
  teamId: serviceId,
  type: z.string().min(1),
  timestamp,
  version: z.literal(1),
  data: z.looseObject({
    campaign: z.looseObject({ id: serviceId }).nullable(),
    thread: z.record(z.string(), z.unknown()).nullable(),
    message: z.record(z.string(), z.unknown()).nullable(),
    prospect: z.record(z.string(), z.unknown()).nullable(),
    change: z.record(z.string(), z.unknown()),
  }),
});
export type V1Event = z.infer<typeof v1Event>;

export const v1EventPage = z.looseObject({
  events: z.array(v1Event),
  hasMore: z.boolean(),
  lastSeq: z.number().int().nonnegative(),
});

export const v1EventListQuery = z.strictObject({
  afterSeq: v1Int(0, Number.MAX_SAFE_INTEGER).optional(),
  limit: v1Int(1, 1000).optional(),
});
