import type { Color, ColorValue } from "@/lib/api/labels";
import type { Profile } from "@/lib/api/contacts";
import type { Role } from "@/lib/api/roles";

// The inbox's first paint writes times (rows, snooze marks) through Intl, the platform's, rather
// than date-fns' format: its formatter and English locale weighed ~9 kB of the page's first
// load (issue 18). English names in the order the inbox has always written them ("Fri",
// "3 Mar", "09:05"); pages drawn later may use date-fns as they like.
const PARTS = new Intl.DateTimeFormat("en-US", { weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const LONG_NAMES = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long" });

/** A local date's fields as the inbox writes them: "Fri", "3", "Mar", "2026", "09:05". */
export function dateParts(date: Date): Record<"weekday" | "day" | "month" | "year" | "time", string> {
  const parts = partsOf(PARTS, date);
  return { weekday: parts.weekday, day: parts.day, month: parts.month, year: parts.year, time: `${parts.hour}:${parts.minute}` };
}

/** The long names of a local date's weekday and month ("Monday", "November"), for full timestamps only: the list's rows need none. */
export function longNames(date: Date): Record<"weekday" | "month", string> {
  const parts = partsOf(LONG_NAMES, date);
  return { weekday: parts.weekday, month: parts.month };
}

// Each format above always yields the parts its options name, so they are read as present.
function partsOf(format: Intl.DateTimeFormat, date: Date): Record<Intl.DateTimeFormatPartTypes, string> {
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value])) as Record<Intl.DateTimeFormatPartTypes, string>;
}

/** Calendar days from `from` to `to` (local dates), whatever the clocks' hours and daylight saving. */
export function calendarDays(from: Date, to: Date): number {
  return Math.round((Date.UTC(to.getFullYear(), to.getMonth(), to.getDate()) - Date.UTC(from.getFullYear(), from.getMonth(), from.getDate())) / 86_400_000);
}

/**
 * A list's time: the hour today, the weekday this week, else the date (with the year when not
 * this one). In the browser's own zone, or in `timeZone` (a server render must write the times
 * the browser's first render will).
 */
export function listTime(iso: string, now: Date = new Date(), timeZone?: string): string {
  const date = wallClock(new Date(iso), timeZone);
  now = wallClock(now, timeZone);
  const days = calendarDays(date, now);
  const parts = dateParts(date);
  if (days <= 0) return parts.time;
  if (days < 7) return parts.weekday;
  return date.getFullYear() === now.getFullYear() ? `${parts.day} ${parts.month}` : `${parts.day} ${parts.month} ${parts.year}`;
}

const WAIT_UNITS = [
  [525_600, "y"],
  [43_200, "mo"],
  [1_440, "d"],
  [60, "h"],
  [1, "m"],
] as const;

/** How long someone has waited, shortly and rounded down: "5m", "3h", "2d" (a month is 30 days). */
export function waited(since: string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - Date.parse(since)) / 60_000);
  // Seconds are noise here ("waiting 0s"), and a stamp a little ahead of this browser's clock is just now too.
  if (minutes < 1) return "<1m";
  const [size, unit] = WAIT_UNITS.find(([size]) => minutes >= size)!;
  return `${Math.floor(minutes / size)}${unit}`;
}

/** A full timestamp for tooltips, in the browser's zone or in `timeZone`: "Monday 23 November 2026, 08:30". */
export function fullTime(iso: string, timeZone?: string): string {
  const date = wallClock(new Date(iso), timeZone);
  const parts = dateParts(date);
  const names = longNames(date);
  return `${names.weekday} ${parts.day} ${names.month} ${parts.year}, ${parts.time}`;
}

/**
 * The instant as a clock in `timeZone` reads it, as a local Date (the formats above write local time):
 * the same answer whatever zone this process runs in. Without a zone, the date itself.
 */
export function wallClock(date: Date, timeZone: string | undefined): Date {
  if (!timeZone) return date;
  const parts = Object.fromEntries(
    zoneClock(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
  return new Date(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

// Made once per zone: building an Intl.DateTimeFormat costs far more than using one (a list's
// rows and a history's days read dozens of times per render; issue 18). A person sees one or two zones.
const zoneClocks = new Map<string, Intl.DateTimeFormat>();

function zoneClock(timeZone: string): Intl.DateTimeFormat {
  let format = zoneClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    zoneClocks.set(timeZone, format);
  }
  return format;
}

/** An amount in the team's currency; an unknown currency code falls back to the bare number. */
export function money(amount: number, currency: string): string {
  return moneyFormatter(currency)(amount);
}

/** `money` with its formatter made once, for a table that formats many amounts. */
export function moneyFormatter(currency: string): (amount: number) => string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(undefined, { style: "currency", currency, maximumFractionDigits: 0 });
  } catch {
    format = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
  }
  return (amount) => format.format(amount);
}

/** A tag or status color as CSS: hex as it is, a predefined name through GET /colors (grey when unknown). */
export function colorHex(color: ColorValue, colors: readonly Color[] | undefined): string {
  if (color.startsWith("#")) return color;
  return colors?.find((c) => c.name === color)?.hex ?? "#8b8f98";
}

/** The name to call a person by: display name, else @username, else their platform ID. */
export function personName(profile: Pick<Profile, "displayName" | "username" | "handle" | "platformId"> | null | undefined): string {
  if (!profile) return "Unknown person";
  return profile.displayName?.trim() || profile.handle || (profile.username ? `@${profile.username}` : profile.platformId);
}

/** Each inbox role's name and what it adds, for people (the rules themselves are lib/server/access/policy's). */
export const ROLE_LABELS = { member: "Member", manager: "Manager", admin: "Admin" } as const satisfies Record<Role, string>;
export const ROLE_DESCRIPTIONS = {
  member: "Answers and triages conversations; assigns only to themselves.",
  manager: "Also assigns anyone, manages tags and statuses, sees workload and the activity log.",
  admin: "Also manages users and the team's inbox settings.",
} as const satisfies Record<Role, string>;
