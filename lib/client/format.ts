import { differenceInCalendarDays, format, formatDistanceStrict, isSameYear } from "date-fns";
import type { Color, ColorValue } from "@/lib/api/labels";
import type { Profile } from "@/lib/api/contacts";
import type { Role } from "@/lib/api/roles";

/**
 * A list's time: the hour today, the weekday this week, else the date (with the year when not
 * this one). In the browser's own zone, or in `timeZone` (a server render must write the times
 * the browser's first render will).
 */
export function listTime(iso: string, now: Date = new Date(), timeZone?: string): string {
  const date = wallClock(new Date(iso), timeZone);
  now = wallClock(now, timeZone);
  const days = differenceInCalendarDays(now, date);
  if (days <= 0) return format(date, "HH:mm");
  if (days < 7) return format(date, "EEE");
  return isSameYear(date, now) ? format(date, "d MMM") : format(date, "d MMM yyyy");
}

/** How long someone has waited, shortly: "5m", "3h", "2d". */
export function waited(since: string, now: Date = new Date()): string {
  // Seconds are noise here ("waiting 0s"), and a stamp a little ahead of this browser's clock is just now too.
  if (now.getTime() - Date.parse(since) < 60_000) return "<1m";
  const text = formatDistanceStrict(new Date(since), now, { roundingMethod: "floor" });
  const [value, unit] = text.split(" ");
  const short: Record<string, string> = { second: "s", seconds: "s", minute: "m", minutes: "m", hour: "h", hours: "h", day: "d", days: "d", month: "mo", months: "mo", year: "y", years: "y" };
  return `${value}${short[unit ?? ""] ?? ""}`;
}

/** A full timestamp for tooltips, in the browser's zone or in `timeZone`. */
export function fullTime(iso: string, timeZone?: string): string {
  return format(wallClock(new Date(iso), timeZone), "EEEE d MMMM yyyy, HH:mm");
}

/**
 * The instant as a clock in `timeZone` reads it, as a local Date (date-fns formats local time):
 * the same answer whatever zone this process runs in. Without a zone, the date itself.
 */
export function wallClock(date: Date, timeZone: string | undefined): Date {
  if (!timeZone) return date;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" })
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
  return new Date(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
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
