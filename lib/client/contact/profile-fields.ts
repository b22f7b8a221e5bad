import type { PlatformData } from "@/lib/api/primitives";

/**
 * How a profile's platform-specific facts are shown. `platformData` differs per platform and
 * may carry tags and keys this client has never seen (spec rule 11), so it is rendered
 * generically, key by key, and never by asking which platform it is.
 */

export type PlatformDataField = { key: string; label: string; value: string };

/** Longest a summarised value may get before it is cut: the sidebar is a narrow column. */
export const FIELD_VALUE_MAX = 120;
/** How many items of a list or object a summary names before saying "and N more". */
const SUMMARY_ITEMS = 3;

/** Every key of `platformData` but `_tag`, as "label: value" pairs in the order they came. */
export function platformDataFields(data: PlatformData | null | undefined): PlatformDataField[] {
  if (!data) return [];
  return Object.entries(data)
    .filter(([key]) => key !== "_tag")
    .map(([key, value]) => ({ key, label: humanizeKey(key), value: clip(summarize(value, 0)) }));
}

/** `isPrivate` → "Is private", `connection_degree` → "Connection degree", `URL` → "URL". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return key;
  return words
    .map((word, i) => {
      // Acronyms keep their capitals; other words read as a sentence.
      if (word.length > 1 && word === word.toUpperCase()) return word;
      const lower = word.toLowerCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(" ");
}

/** One value in words: booleans as Yes/No, lists and objects summarised, nothing as "None". */
export function summarize(value: unknown, depth: number): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return Number.isFinite(value) ? fullCount(value) : String(value);
  if (typeof value === "string") return value.trim() === "" ? "None" : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return "None";
    if (depth > 0) return plural(value.length, "item");
    const shown = value.slice(0, SUMMARY_ITEMS).map((item) => summarize(item, depth + 1));
    return withMore(shown.join(", "), value.length - shown.length);
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return "None";
    if (depth > 0) return plural(entries.length, "field");
    const shown = entries.slice(0, SUMMARY_ITEMS).map(([k, v]) => `${humanizeKey(k)}: ${summarize(v, depth + 1)}`);
    return withMore(shown.join(", "), entries.length - shown.length);
  }
  return String(value);
}

/** Follower counts, compactly, in the reader's locale: 1234 → "1.2K", 250000 → "250K" in English. */
export function compactCount(count: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 }).format(count);
}

/** The whole number, for a tooltip beside the compact one. */
export function fullCount(count: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(count);
}

function withMore(text: string, more: number): string {
  return more > 0 ? `${text} and ${more} more` : text;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function clip(text: string): string {
  return text.length > FIELD_VALUE_MAX ? `${text.slice(0, FIELD_VALUE_MAX - 1).trimEnd()}…` : text;
}
