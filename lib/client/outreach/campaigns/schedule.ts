import { TZDate } from "@date-fns/tz";
import { HOURLY_RATE, type Campaign } from "@/lib/api/outreach/campaigns";

/**
 * A campaign's sending week as a grid of days × hours in the campaign's own time zone: each
 * cell is the share of that hour in which the campaign may send (a 9:30 start fills half of the
 * 9 o'clock cell), and "now" is the day and hour it is in that zone.
 */
export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** Rows in the order a working week reads: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export type DaySchedule = { day: number; name: string; hours: { start: number; end: number } | null; cells: number[] };

export function weekGrid(scheduleHours: Campaign["scheduleHours"]): DaySchedule[] {
  return WEEK_ORDER.map((day) => {
    const hours = scheduleHours[String(day) as keyof Campaign["scheduleHours"]] ?? null;
    const cells = Array.from({ length: 24 }, (_, hour) => (hours ? overlap(hours.start, hours.end, hour * 60, hour * 60 + 60) / 60 : 0));
    return { day, name: DAY_NAMES[day]!, hours: hours && hours.end > hours.start ? { start: hours.start, end: hours.end } : null, cells };
  });
}

function overlap(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  return Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart));
}

/** Minutes of the day as a clock: 540 → "09:00", 1440 → "24:00". */
export function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The day (0 Sunday) and minute of the day it is now in `timeZone`; null for a zone this browser does not know. */
export function nowIn(timeZone: string, now: Date = new Date()): { day: number; minute: number } | null {
  try {
    const local = new TZDate(now.getTime(), timeZone);
    if (Number.isNaN(local.getTime())) return null;
    return { day: local.getDay(), minute: local.getHours() * 60 + local.getMinutes() };
  } catch {
    return null;
  }
}

/** Whether the campaign may send at that moment of its week. */
export function sendingAt(scheduleHours: Campaign["scheduleHours"], at: { day: number; minute: number }): boolean {
  const hours = scheduleHours[String(at.day) as keyof Campaign["scheduleHours"]];
  return !!hours && at.minute >= hours.start && at.minute < hours.end;
}

/** The spec's advice on pace: more than 20 messages an hour per account is not recommended. */
export function rateAboveRecommended(hourlyMessageRate: number): boolean {
  return hourlyMessageRate > HOURLY_RATE.recommendedMax;
}
