import { z } from "zod";
import { messageContent } from "./messages";
import { serviceId, timeZoneName, timestamp } from "./primitives";
import { SNOOZE_PRESETS } from "./snoozes";

/**
 * Scheduled sends, kept by the inbox (the API sends only now): GET/POST
 * /api/inbox/scheduled-sends, PATCH/DELETE /api/inbox/scheduled-sends/{sendId};
 * lib/server/scheduled-sends sends them on the scheduler's clock.
 *
 * Our choices, where the issue leaves them open:
 * - **Words only.** A scheduled send carries text, not files: files are held in the browser's
 *   memory only (lib/client/stores/outbox), which is gone by the time a send comes due.
 * - **Who.** Anyone who may see the thread schedules in it and sees what is scheduled there
 *   (with its author); the author edits it; the author or a manager cancels it. A scheduled
 *   send on a thread the viewer can no longer see is unknown to them (404).
 * - **States.** `scheduled` → `sending` (claimed by the scheduler; no longer editable) → `sent`
 *   (with the message's ID) or `failed` (with a sentence; the words are kept, and the author
 *   is told). A failed one is edited back into the composer or discarded (DELETE).
 * - **At sending time** the thread's capabilities, restrictions and its account's status are
 *   checked again (lib/api/capabilities), and the send goes with the scheduled send's ID as
 *   its `Idempotency-Key`, so a retry after a crash or an outage never sends twice.
 * - Times are on the inbox's clock (the sandbox's in demo mode), like snoozes: `sendAt` takes
 *   the snooze presets, in the member's `timeZone`, or a time.
 */
export const SCHEDULED_SEND_STATES = ["scheduled", "sending", "sent", "failed"] as const;
export type ScheduledSendState = (typeof SCHEDULED_SEND_STATES)[number];

export const scheduledSend = z.object({
  id: z.string(),
  threadId: serviceId,
  content: z.string(),
  sendAt: timestamp,
  state: z.enum(SCHEDULED_SEND_STATES),
  author: z.object({ userId: z.string(), name: z.string() }),
  /** The message once sent. */
  messageId: z.string().nullable(),
  /** Why it was not sent: the error's code and a sentence for people. */
  error: z.object({ code: z.string(), sentence: z.string() }).nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ScheduledSend = z.infer<typeof scheduledSend>;

/** GET: a thread's scheduled and failed sends (sent ones are in its history), or without `threadId` the viewer's own everywhere. */
export const scheduledSendQuery = z.strictObject({ threadId: serviceId.optional() });
export const scheduledSendList = z.object({ now: timestamp, data: z.array(scheduledSend) });
export type ScheduledSendList = z.infer<typeof scheduledSendList>;

const sendAt = z.union([
  z.enum(SNOOZE_PRESETS),
  z.iso.datetime({ offset: true, error: `Send at ${SNOOZE_PRESETS.join(", ")}, or a time such as 2026-12-01T09:00:00Z.` }),
]);

export const newScheduledSend = z.strictObject({
  threadId: serviceId,
  content: messageContent,
  sendAt,
  timeZone: timeZoneName.default("UTC"),
});
export type NewScheduledSend = z.input<typeof newScheduledSend>;

export const scheduledSendPatch = z
  .strictObject({ content: messageContent.optional(), sendAt: sendAt.optional(), timeZone: timeZoneName.optional() })
  .refine((patch) => patch.content !== undefined || patch.sendAt !== undefined, "Change the content or sendAt.");
export type ScheduledSendPatch = z.input<typeof scheduledSendPatch>;

/** What browsers hear when one changes (lib/api/inbox-events `scheduledSend`): its author is told of a failure. */
export const scheduledSendChange = z.object({
  threadId: z.string(),
  sendId: z.string(),
  state: z.enum([...SCHEDULED_SEND_STATES, "cancelled"]),
  authorId: z.string(),
});
export type ScheduledSendChange = z.infer<typeof scheduledSendChange>;

/** The furthest ahead a send may be scheduled. */
export const MAX_SCHEDULE_AHEAD_DAYS = 366;
