import { z } from "zod";
import { serviceId, timestamp } from "./primitives";

/**
 * GET /api/inbox/stage-times: when each contact the viewer may see last had its status set
 * through the inbox, from the inbox's activity log (the latest `contacts.update` with a
 * `status` per contact). `status` is what was sent: a status ID, a name, or null (cleared).
 *
 * Our choice for "stale in stage": the API has no status-changed time on a contact, and its
 * `contact.statusChanged` events are kept only 7 days, so the inbox's own log is the one
 * durable record of when a contact entered its stage. A change made outside the inbox (the
 * API directly, the service's dashboard) is not in it; the board then falls back to the
 * contact's `updatedAt`, which is at or after the stage began, and says "at least".
 */
export const stageEntry = z.object({
  contactId: serviceId,
  status: z.string().nullable(),
  at: timestamp,
});
export type StageEntry = z.infer<typeof stageEntry>;

export const stageTimes = z.object({ data: z.array(stageEntry) });
