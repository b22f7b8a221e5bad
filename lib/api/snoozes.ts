import { z } from "zod";
import { serviceId, timeZoneName, timestamp } from "./primitives";
import { RETURN_REASONS, SNOOZE_KINDS, SNOOZE_PRESETS } from "./snooze-rules";
import { thread } from "./threads";

export {
  hidesSnoozed,
  isSnoozed,
  RETURN_REASONS,
  SNOOZE_KINDS,
  SNOOZE_PRESETS,
  type SnoozeKind,
  type SnoozePreset,
} from "./snooze-rules";
export { presetTime } from "./snooze-times";

/**
 * Snoozes and follow-up reminders, kept by the inbox (the API has neither): GET/POST/DELETE
 * /api/inbox/snoozes and POST /api/inbox/follow-ups; lib/server/snoozes runs them.
 *
 * - A **snooze** puts a conversation away for the whole team until a time or until the contact
 *   replies (a reply wakes any snooze). It leaves the inbox's folders for the Snoozed view and
 *   comes back `returned`, with the `reason` it woke for.
 * - A **follow-up** watches a send: if the contact has not answered by `until`, the
 *   conversation comes back `returned` with reason `noReply` ("no reply since `since`"); an
 *   answer before then ends the watch quietly.
 *
 * A returned mark stays until someone dismisses it, snoozes again or writes to the contact.
 * Times are on the inbox's clock (the sandbox's in demo mode): GET answers its `now`, so a
 * browser whose clock differs still offers the right "tomorrow".
 */

export const snooze = z.object({
  threadId: serviceId,
  kind: z.enum(SNOOZE_KINDS),
  state: z.enum(["waiting", "returned"]),
  /** When it comes back; null: when the contact replies. */
  until: timestamp.nullable(),
  /** When it was snoozed, or when the watched message was sent. */
  since: timestamp,
  by: z.object({ userId: z.string(), name: z.string() }),
  reason: z.enum(RETURN_REASONS).nullable(),
  returnedAt: timestamp.nullable(),
});
export type Snooze = z.infer<typeof snooze>;

/** GET /api/inbox/snoozes: the inbox's clock, and the team's snoozes and reminders on threads the viewer may see, each with its thread. */
export const snoozeList = z.object({
  now: timestamp,
  data: z.array(snooze.extend({ thread: thread.nullable() })),
});
export type SnoozeList = z.infer<typeof snoozeList>;

/** POST /api/inbox/snoozes: until a preset (in the member's `timeZone`), a time, or the contact's reply. */
export const newSnooze = z.strictObject({
  threadId: serviceId,
  // A string that is neither a preset nor a time fails as a time: that member says what is taken.
  until: z.union([z.enum([...SNOOZE_PRESETS, "reply"]), z.iso.datetime({ offset: true, error: `Snooze until ${[...SNOOZE_PRESETS, "reply"].join(", ")}, or a time such as 2026-12-01T09:00:00Z.` })]),
  timeZone: timeZoneName.default("UTC"),
});
export type NewSnooze = z.input<typeof newSnooze>;

export const FOLLOW_UP_DAYS = [1, 2, 3, 5, 7] as const;
/** POST /api/inbox/follow-ups: after a send, "remind me if no reply in `days` days". */
export const newFollowUp = z.strictObject({ threadId: serviceId, days: z.number().int().min(1).max(30) });
export type NewFollowUp = z.infer<typeof newFollowUp>;

/** DELETE /api/inbox/snoozes: wake a snooze now, end a reminder, or dismiss a returned mark. */
export const snoozeTarget = z.strictObject({ threadId: serviceId, kind: z.enum(SNOOZE_KINDS).default("snooze") });
