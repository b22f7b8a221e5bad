import type { Snooze } from "./snoozes";
import type { Folder } from "./thread-list-rules";

/**
 * What the list and the snooze menu apply of snoozes (lib/api/snoozes) themselves: the kinds,
 * the presets and when a snooze hides its conversation. Apart from the schemas, so the browser
 * takes them without zod, and from the presets' times (./snooze-times), so the inbox's first
 * load takes them without date-fns (issue 18).
 */
export const SNOOZE_KINDS = ["snooze", "followUp"] as const;
export type SnoozeKind = (typeof SNOOZE_KINDS)[number];
export const SNOOZE_PRESETS = ["laterToday", "tomorrow", "nextWeek"] as const;
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number];
export const RETURN_REASONS = ["time", "reply", "noReply"] as const;

/** Whether a snooze hides its conversation from the folders now. */
export function isSnoozed(entry: Pick<Snooze, "kind" | "state">): boolean {
  return entry.kind === "snooze" && entry.state === "waiting";
}

/** The folders a snoozed conversation leaves: the open ones; `archived` and `all` still hold it. */
export function hidesSnoozed(folder: Folder): boolean {
  return folder !== "all" && folder !== "archived";
}
