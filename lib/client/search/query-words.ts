import type { SearchQuery } from "@/lib/api/search-query";

/**
 * A parsed message search in words, for the results' heading and empty state: what it looks
 * for, then each operator as a person would say it ("from Ada, tagged vip, unread, before
 * 2026-11-01"). The operators themselves are lib/api/search-query's.
 */
export function describeQuery(query: SearchQuery): string {
  const text = [...query.words.length > 0 ? [query.words.join(" ")] : [], ...query.phrases.map((p) => `"${p}"`)].join(" ");
  const parts: string[] = [];
  if (text) parts.push(`“${text}”`);
  const from = [...(query.fromMe ? ["you"] : []), ...query.from];
  if (from.length > 0) parts.push(`from ${orList(from)}`);
  if (query.tags.length > 0) parts.push(`tagged ${orList(query.tags)}`);
  if (query.statuses.length > 0) parts.push(`with status ${orList(query.statuses)}`);
  if (query.unread !== undefined) parts.push(query.unread ? "unread" : "read");
  if (query.archived !== undefined) parts.push(query.archived ? "archived" : "not archived");
  if (query.after) parts.push(`on or after ${query.after}`);
  if (query.before) parts.push(`before ${query.before}`);
  return parts.join(", ");
}

/** The operators people may type, for the hint under the search box. */
export const OPERATOR_HINTS = [
  { example: "from:ada", meaning: "sent by" },
  { example: "tag:vip", meaning: "contact's tag" },
  { example: "status:lead", meaning: "contact's status" },
  { example: "is:unread", meaning: "unread for you" },
  { example: "after:2026-01-31", meaning: "on or after a day" },
  { example: "before:2026-11-01", meaning: "before a day" },
] as const;

function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
