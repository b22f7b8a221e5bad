import { tz } from "@date-fns/tz";
import { addDays, addHours, nextMonday, set, startOfHour } from "date-fns";
import { z } from "zod";
import { serviceId, timeZoneName, timestamp } from "./primitives";
import { thread, type Folder } from "./threads";

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
export const SNOOZE_KINDS = ["snooze", "followUp"] as const;
export type SnoozeKind = (typeof SNOOZE_KINDS)[number];
export const SNOOZE_PRESETS = ["laterToday", "tomorrow", "nextWeek"] as const;
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number];
export const RETURN_REASONS = ["time", "reply", "noReply"] as const;

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

/** Later today: three hours on, at the top of the hour; tomorrow and next week: 8:00 in the member's zone. */
export function presetTime(preset: SnoozePreset, now: Date, zone: string): Date {
  const inZone = { in: tz(zone) };
  const morning = { hours: 8, minutes: 0, seconds: 0, milliseconds: 0 };
  switch (preset) {
    case "laterToday":
      return new Date(startOfHour(addHours(now, 3), inZone).getTime());
    case "tomorrow":
      return new Date(set(addDays(now, 1, inZone), morning, inZone).getTime());
    case "nextWeek":
      return new Date(set(nextMonday(now, inZone), morning, inZone).getTime());
  }
}

/** Whether a snooze hides its conversation from the folders now. */
export function isSnoozed(entry: Pick<Snooze, "kind" | "state">): boolean {
  return entry.kind === "snooze" && entry.state === "waiting";
}

/** The folders a snoozed conversation leaves: the open ones; `archived` and `all` still hold it. */
export function hidesSnoozed(folder: Folder): boolean {
  return folder !== "all" && folder !== "archived";
}
