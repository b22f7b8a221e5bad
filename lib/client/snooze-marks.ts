import type { Snooze } from "@/lib/api/snoozes";
import { calendarDays, dateParts, longNames } from "./format";

/**
 * How snoozes and reminders read in the inbox (lib/api/snoozes): the mark a conversation carries
 * in its row and header (the snooze menu's choices are ./snooze-choices'). Times are the
 * browser's, worked out from the inbox's clock (`now`, which in demo mode may run ahead of the
 * browser's).
 */
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
  const parts = dateParts(date);
  if (calendarDays(date, now) === 0) return parts.time;
  const days = (date.getTime() - now.getTime()) / 86_400_000;
  if (Math.abs(days) < 6) return `${parts.weekday} ${parts.time}`;
  return date.getFullYear() === now.getFullYear() ? `${parts.day} ${parts.month} ${parts.time}` : `${parts.day} ${parts.month} ${parts.year} ${parts.time}`;
}

function longTime(iso: string): string {
  const date = new Date(iso);
  const parts = dateParts(date);
  const names = longNames(date);
  return `${names.weekday} ${parts.day} ${names.month}, ${parts.time}`;
}
