import { TZDate } from "@date-fns/tz";
import type { SnoozePreset } from "@/lib/api/snoozes";
import { presetTime } from "@/lib/api/snooze-times";
import { shortTime } from "./snooze-marks";

/**
 * The snooze menu's choices with the time each means, worked out from the inbox's clock (`now`,
 * which in demo mode may run ahead of the browser's), and a picked date and time as an instant.
 * Apart from ./snooze-marks, which the inbox's first paint carries: these load with the menus.
 */
export type SnoozeChoice = { until: SnoozePreset | "reply"; label: string; when: string | null };

export function snoozeChoices(now: Date, timeZone: string): SnoozeChoice[] {
  const at = (preset: SnoozePreset) => shortTime(presetTime(preset, now, timeZone), now);
  return [
    { until: "laterToday", label: "Later today", when: at("laterToday") },
    { until: "tomorrow", label: "Tomorrow morning", when: at("tomorrow") },
    { until: "nextWeek", label: "Next week", when: at("nextWeek") },
    { until: "reply", label: "Until they reply", when: null },
  ];
}

/** A date (`2026-03-09`) and time (`08:30`) as the member means them in their zone, as an instant; null when incomplete. */
export function zonedInstant(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  return new Date(new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), timeZone).getTime());
}
