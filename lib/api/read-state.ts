import { z } from "zod";
import { serviceId, timestamp } from "./primitives";

export { readUpTo, unreadFor } from "./read-state-rules";

/**
 * Per-member read state: the API's `unread` is the team owner's alone, so the inbox records
 * what each member has read (GET/POST /api/inbox/reads; lib/server/activity/read-state). A mark holds
 * the time of the newest message the member had seen (on the service's clock, as `sentAt`),
 * or null when the member marked the thread unread.
 *
 * A thread is unread for a member when the contact wrote after the member's mark; one the
 * member never opened follows the owner's flag; a thread marked unread stays so until read.
 * Teammates' replies do not make a thread unread.
 */
export const readMark = z.object({ threadId: serviceId, readAt: timestamp.nullable() });
export type ReadMark = z.infer<typeof readMark>;

export const readMarks = z.object({ data: z.array(readMark) });

/** POST /api/inbox/reads: mark a thread read (up to its newest message) or unread, for the viewer. */
export const readChange = z.strictObject({ threadId: serviceId, read: z.boolean() });
export type ReadChange = z.infer<typeof readChange>;
