import { LEAD_SORT_FIELDS, leadSort, type LeadSortField } from "@/lib/api/outreach/leads";

/**
 * The leads table's order, as the API's `sort` text (`field` or `field:asc|desc`). Nothing in
 * the URL means the API's default, followers descending. A header toggles its field: first
 * descending (biggest, newest first), then ascending, then back to the default.
 */
export type LeadOrder = { field: LeadSortField; direction: "asc" | "desc" };

export const DEFAULT_LEAD_ORDER: LeadOrder = { field: "followers", direction: "desc" };

export function isSortField(value: string): value is LeadSortField {
  return (LEAD_SORT_FIELDS as readonly string[]).includes(value);
}

/** The order a `sort` value means; unreadable text means the default. */
export function orderOf(sort: string | null | undefined): LeadOrder {
  if (!sort) return DEFAULT_LEAD_ORDER;
  const parsed = leadSort.safeParse(sort);
  return parsed.success ? parsed.data : DEFAULT_LEAD_ORDER;
}

/** The `sort` after a click on `field`'s header; null is the default order. */
export function nextSort(sort: string | null | undefined, field: LeadSortField): string | null {
  const current = orderOf(sort);
  if (current.field !== field) return `${field}:desc`;
  return current.direction === "desc" ? `${field}:asc` : null;
}

/** A header's `aria-sort`: only the column the rows are ordered by says how. */
export function ariaSortOf(sort: string | null | undefined, field: LeadSortField): "ascending" | "descending" | "none" {
  const order = orderOf(sort);
  if (order.field !== field) return "none";
  return order.direction === "asc" ? "ascending" : "descending";
}
