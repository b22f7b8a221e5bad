import { TZDate } from "@date-fns/tz";
import { format, isSameDay, isSameYear } from "date-fns";
import type { Snooze, SnoozePreset } from "@/lib/api/snoozes";
import { presetTime } from "@/lib/api/snooze-rules";

/**
 * How snoozes and reminders read in the inbox (lib/api/snoozes): the choices of the snooze
 * menu with the time each means, and the mark a conversation carries in its row and header.
 * Times are the browser's, worked out from the inbox's clock (`now`, which in demo mode may
 * run ahead of the browser's).
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

export type SnoozeMark = { label: string; title: string; tone: "waiting" | "returned" };

/** What a conversation's row and header say of its snooze and reminder; null when it has neither. */
export function snoozeMark(entries: { snooze?: Snooze; followUp?: Snooze }, now: Date): SnoozeMark | null {
  const { snooze, followUp } = entries;
  if (followUp?.state === "returned") {
    return { label: `No reply since ${shortTime(new Date(followUp.since), now)}`, title: `Back: the contact has not replied since ${longTime(followUp.since)} (reminder set by ${followUp.by.name})`, tone: "returned" };
  }
  if (snooze?.state === "returned") {
    const why = snooze.reason === "reply" ? "the contact replied" : "its snooze ended";
    return { label: "Back from snooze", title: `Returned from snooze: ${why} (snoozed by ${snooze.by.name})`, tone: "returned" };
  }
  if (snooze) {
    const label = snooze.until ? `Snoozed until ${shortTime(new Date(snooze.until), now)}` : "Snoozed until they reply";
    return { label, title: `${label}, by ${snooze.by.name}`, tone: "waiting" };
  }
  if (followUp) {
    const label = `Reminder ${shortTime(new Date(followUp.until!), now)}`;
    return { label, title: `Comes back ${followUp.until ? longTime(followUp.until) : ""} if the contact has not replied (set by ${followUp.by.name})`, tone: "waiting" };
  }
  return null;
}

/** "15:00" today, "Fri 8:00" within the week, else "3 Mar 8:00". */
export function shortTime(date: Date, now: Date): string {
  if (isSameDay(date, now)) return format(date, "HH:mm");
  const days = (date.getTime() - now.getTime()) / 86_400_000;
  if (Math.abs(days) < 6) return format(date, "EEE HH:mm");
  return format(date, isSameYear(date, now) ? "d MMM HH:mm" : "d MMM yyyy HH:mm");
}

function longTime(iso: string): string {
  return format(new Date(iso), "EEEE d MMMM, HH:mm");
}

/** A date (`2026-03-09`) and time (`08:30`) as the member means them in their zone, as an instant; null when incomplete. */
export function zonedInstant(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  return new Date(new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), timeZone).getTime());
}
