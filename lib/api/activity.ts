import { z } from "zod";
import { serviceId, timestamp } from "./primitives";

/**
 * The inbox's activity log (GET /api/inbox/activity): every write a member made through the
 * inbox, since the API itself acts as the team owner. `action` is the API operation
 * (`messages.send`, `threads.update` …, from lib/api/endpoints); `before` and `after` hold
 * what changed where the inbox knew it (`after` is the request body).
 */
export const activityEntry = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  memberId: serviceId.nullable(),
  action: z.string(),
  threadId: serviceId.nullable(),
  contactId: serviceId.nullable(),
  messageId: serviceId.nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  at: timestamp,
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const activityPage = z.object({ data: z.array(activityEntry) });

/**
 * GET /api/inbox/activity filters, newest first: a thread's or a contact's entries (for whoever
 * may see them), or the team's (managers) by member, action and time (`from` inclusive, `to`
 * exclusive). `format=csv` answers a CSV file of the same entries (up to 10,000).
 */
export const activityQuery = z.object({
  threadId: serviceId.optional(),
  contactId: serviceId.optional(),
  memberId: serviceId.optional(),
  action: z.string().regex(/^[a-zA-Z]+\.[a-zA-Z]+$/).optional(),
  from: timestamp.optional(),
  to: timestamp.optional(),
  format: z.enum(["json", "csv"]).default("json"),
  limit: z.coerce.number().int().min(1).max(10_000).default(100),
});
export type ActivityQuery = z.infer<typeof activityQuery>;
