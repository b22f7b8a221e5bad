import type { ColumnDefinition, List, LeadSortField } from "@/lib/api/outreach/leads";

/**
 * The leads table's columns: the fixed ones every list has, then the list's custom columns
 * (`custom_<id>`, their values in `lead.data`). A column sorts only when the API can sort by
 * it (LEAD_SORT_FIELDS); widths are fixed so a 100,000-row table never measures its cells.
 */
export type LeadColumn =
  | { key: string; kind: "fixed"; label: string; width: number; sort?: LeadSortField }
  | { key: string; kind: "custom"; label: string; width: number; column: ColumnDefinition };

export const FIXED_COLUMNS = [
  { key: "prospect", kind: "fixed", label: "Prospect", width: 280, sort: "displayName.keyword" },
  { key: "followers", kind: "fixed", label: "Followers", width: 110, sort: "followers" },
  { key: "stage", kind: "fixed", label: "Stage", width: 150 },
  { key: "status", kind: "fixed", label: "Status", width: 140 },
  { key: "tags", kind: "fixed", label: "Tags", width: 200 },
  { key: "valuation", kind: "fixed", label: "Valuation", width: 110, sort: "valuation" },
  { key: "lastContacted", kind: "fixed", label: "Last contacted", width: 140, sort: "lastContactedAt" },
  { key: "lastReplied", kind: "fixed", label: "Last replied", width: 130 },
  { key: "added", kind: "fixed", label: "Added", width: 120, sort: "createdAt" },
] as const satisfies readonly LeadColumn[];

const CUSTOM_WIDTH = 160;

export function leadColumns(list: Pick<List, "columns"> | undefined): LeadColumn[] {
  const custom = Object.entries(list?.columns ?? {}).map(([key, column]): LeadColumn => ({ key, kind: "custom", label: column.name, width: CUSTOM_WIDTH, column }));
  return [...FIXED_COLUMNS, ...custom];
}

/** The CSS grid template every row and the header share. */
export function gridTemplate(columns: readonly LeadColumn[]): string {
  return columns.map((c) => `${c.width}px`).join(" ");
}

export function tableWidth(columns: readonly LeadColumn[]): number {
  return columns.reduce((sum, c) => sum + c.width, 0);
}

// One formatter each, made once: a table row formats several values every time it mounts.
const numberFormat = new Intl.NumberFormat("en");
const dateFormat = new Intl.DateTimeFormat("en", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const compactFormat = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

/** A custom column's value as the table shows it. */
export function customText(value: unknown, type: string): string {
  if (value === null || value === undefined || value === "") return "";
  if (type === "number" && typeof value === "number") return numberFormat.format(value);
  if (type === "date" && typeof value === "string" && !Number.isNaN(Date.parse(value))) {
    return dateFormat.format(new Date(value));
  }
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Followers as people read them at a glance: 1.2K, 3.4M. */
export function compactCount(value: number | null): string {
  return value === null ? "—" : compactFormat.format(value);
}
