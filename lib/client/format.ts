import { differenceInCalendarDays, format, formatDistanceStrict, isSameYear } from "date-fns";
import type { Color, ColorValue } from "@/lib/api/labels";
import type { Profile } from "@/lib/api/contacts";
import type { Role } from "@/lib/api/roles";

/** A list's time: the hour today, the weekday this week, else the date (with the year when not this one). */
export function listTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
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

/** A full timestamp for tooltips. */
export function fullTime(iso: string): string {
  return format(new Date(iso), "EEEE d MMMM yyyy, HH:mm");
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
