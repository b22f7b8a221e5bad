import { tz } from "@date-fns/tz";
import { addDays, addHours, nextMonday, set, startOfHour } from "date-fns";
import type { Snooze } from "./snoozes";
import type { Folder } from "./thread-list-rules";

/**
 * What the list and the snooze menu apply of snoozes (lib/api/snoozes) themselves: the kinds,
 * the presets and when a snooze hides its conversation. Apart from the schemas, so the browser
 * takes them without zod (issue 18).
 */
export const SNOOZE_KINDS = ["snooze", "followUp"] as const;
export type SnoozeKind = (typeof SNOOZE_KINDS)[number];
export const SNOOZE_PRESETS = ["laterToday", "tomorrow", "nextWeek"] as const;
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number];
export const RETURN_REASONS = ["time", "reply", "noReply"] as const;

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
