import { z } from "zod";
import { draftHolder } from "./drafts";
import { serviceId } from "./primitives";
import { scheduledSendChange } from "./scheduled-sends";

/**
 * What the inbox's server pushes to browsers over server-sent events (GET /api/events): not
 * part of API v2, but the BFF's own contract with the browser, so it lives beside it.
 *
 * - `api`: something changed upstream (an API event, thinned): which object, and the thread,
 *   message or contact it concerns, so the browser reads again exactly those;
 * - `resync`: the browser may have missed changes (it was away too long, or the server lost
 *   events beyond the API's replay window): read everything again.
 * - `presence`: who is viewing or typing in a thread (lib/server/events/presence).
 * - `snooze`: the thread's snooze or follow-up reminder changed, or it came back (lib/api/snoozes).
 * - `drafts`: who holds an unsent draft in a thread, by name (lib/server/drafts): the whole list.
 * - `scheduledSend`: a scheduled send in the thread changed state (lib/api/scheduled-sends).
 * - `comments`: a comment on a thread was written, edited or deleted (lib/api/comments): read the
 *   thread's comments again; `mentioned` are the users it mentions for the first time (their
 *   Mentions view, and a notification), `by` who wrote it.
 */
export const inboxEvent = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("api"),
    apiType: z.string(),
    object: z.object({ type: z.string(), id: z.string() }),
    threadId: z.string().optional(),
    messageId: z.string().optional(),
    contactId: z.string().optional(),
    at: z.string(),
  }),
  z.object({ type: z.literal("resync") }),
  z.object({
    type: z.literal("presence"),
    threadId: z.string(),
    people: z.array(z.object({ userId: z.string(), name: z.string(), typing: z.boolean() })),
  }),
  z.object({ type: z.literal("snooze"), threadId: z.string() }),
  z.object({ type: z.literal("drafts"), threadId: z.string(), holders: z.array(draftHolder) }),
  scheduledSendChange.extend({ type: z.literal("scheduledSend") }),
  z.object({
    type: z.literal("comments"),
    threadId: z.string(),
    commentId: z.string(),
    change: z.enum(["created", "updated", "deleted"]),
    by: z.object({ userId: z.string(), name: z.string() }),
    mentioned: z.array(z.string()),
  }),
]);
export type InboxEvent = z.infer<typeof inboxEvent>;

export { INBOX_EVENT_NAME } from "./inbox-stream";

/**
 * POST /api/presence: what a tab says of itself, every so often and as its user types. `tabId`
 * tells a user's tabs apart; `threadId` null means the tab shows no thread (or is closing).
 * Answered 204.
 */
export const presenceBeat = z.strictObject({
  tabId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "tabId must be 8 to 64 letters, digits, - or _"),
  threadId: serviceId.nullable(),
  typing: z.boolean().default(false),
});
export type PresenceBeatBody = z.input<typeof presenceBeat>;
