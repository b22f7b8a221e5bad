import { and, not, or, sql, type SQL } from "drizzle-orm";
import type { LeadFilter, LeadQuery, LeadSortField } from "@/lib/api/outreach/leads";
import { outreachLeads as l } from "../schema";

/**
 * GET /lists/{listId}/leads in SQL: `search`, the structured `query` (rules in
 * lib/api/outreach/leads.ts) and the ten sorts. Each sort orders by the very expression its
 * index in schema.ts is built on (nulls folded to the lowest value), then by ID, so a page
 * is an index range scan, and a cursor is the last row's key as Postgres prints it.
 */
export const SORT_KEYS: Record<LeadSortField, { expr: SQL; type: string }> = {
  followers: { expr: sql`coalesce(${l.followerCount}, -1)`, type: "int" },
  following: { expr: sql`coalesce(${l.followingCount}, -1)`, type: "int" },
  posts: { expr: sql`coalesce(${l.postCount}, -1)`, type: "int" },
  valuation: { expr: sql`coalesce(${l.valuation}, '-Infinity'::float8)`, type: "float8" },
  "displayName.keyword": { expr: sql`(coalesce(${l.displayName}, '') collate "C")`, type: "text" },
  "username.keyword": { expr: sql`(coalesce(${l.username}, '') collate "C")`, type: "text" },
  "location.keyword": { expr: sql`(coalesce(${l.location}, '') collate "C")`, type: "text" },
  createdAt: { expr: sql`${l.createdAt}`, type: "timestamptz" },
  lastActiveAt: { expr: sql`coalesce(${l.lastActiveAt}, '-infinity'::timestamptz)`, type: "timestamptz" },
  lastContactedAt: { expr: sql`coalesce(${l.lastContactedAt}, '-infinity'::timestamptz)`, type: "timestamptz" },
};

/** Rows after `position` (the last row's `[key, id]`) in the sort's direction. */
export function afterPosition(field: LeadSortField, direction: "asc" | "desc", position: [string, string]): SQL {
  const { expr, type } = SORT_KEYS[field];
  const key = sql`cast(${position[0]} as ${sql.raw(type)})`;
  return direction === "asc" ? sql`(${expr}, ${l.id}) > (${key}, ${position[1]})` : sql`(${expr}, ${l.id}) < (${key}, ${position[1]})`;
}

/** Whether a cursor's key can be cast to the sort's type: a tampered one is 400 invalidCursor, not a database error. */
export function validKey(field: LeadSortField, key: string): boolean {
  switch (SORT_KEYS[field].type) {
    case "int":
      return /^-?\d{1,10}$/.test(key);
    case "float8":
      return /^-?(Infinity|\d+(\.\d+)?(e[+-]?\d+)?)$/.test(key);
    case "timestamptz":
      return key === "-infinity" || /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}(:\d{2})?$/.test(key);
    default:
      return true;
  }
}

export function searchCondition(search: string): SQL {
  return sql`${l.searchText} like ${`%${escapeLike(search.toLowerCase())}%`}`;
}

export function queryCondition(teamId: string, query: LeadQuery): SQL | undefined {
  const groups = query.groups.map((group) => {
    const parts = group.filters.map((filter) => filterCondition(teamId, filter));
    return group.type === "or" ? or(...parts) : and(...parts);
  });
  return groups.length ? and(...groups) : undefined;
}

const TEXT = { bio: l.bio, name: l.displayName, username: l.username, location: l.location, website: l.websiteUrl, notes: l.notes };
const NUMBER = { followers: l.followerCount, following: l.followingCount, posts: l.postCount, valuation: l.valuation };
const DATE = { lastContacted: l.lastContactedAt, lastReplied: l.lastRepliedAt, accountCreated: l.platformCreatedAt };
const SET = { verification: l.verified, profileType: l.profileType, accountStatus: l.accountStatus };

function filterCondition(teamId: string, f: LeadFilter): SQL {
  if (f.field in TEXT) {
    const column = TEXT[f.field as keyof typeof TEXT];
    const pattern = "value" in f ? `%${escapeLike(String(f.value))}%` : "";
    switch (f.op) {
      case "contains":
        return sql`${column} ilike ${pattern}`;
      case "notContains":
        return sql`(${column} is null or ${column} not ilike ${pattern})`;
      case "equals":
        return sql`lower(${column}) = lower(${"value" in f ? String(f.value) : ""})`;
      default:
        return presence(sql`nullif(${column}, '')`, f.op === "empty");
    }
  }
  if (f.field in NUMBER || f.field in DATE) {
    const column = f.field in NUMBER ? NUMBER[f.field as keyof typeof NUMBER] : DATE[f.field as keyof typeof DATE];
    const value = (v: unknown) => (f.field in NUMBER ? sql`cast(${v} as float8)` : sql`cast(${v} as timestamptz)`);
    if (f.op === "empty" || f.op === "notEmpty") return presence(sql`${column}`, f.op === "empty");
    if (!("value" in f)) return sql`true`;
    if (f.op === "between" && Array.isArray(f.value)) {
      const [a, b] = f.value as [unknown, unknown];
      return sql`${column} between symmetric ${value(a)} and ${value(b)}`;
    }
    const op = { gte: ">=", lte: "<=", eq: "=", after: ">", before: "<" }[f.op as "gte"] ?? "=";
    return sql`${column} ${sql.raw(op)} ${value(f.value)}`;
  }
  if (f.field in SET && "value" in f && Array.isArray(f.value)) {
    const column = SET[f.field as keyof typeof SET];
    const values = sql`(${sql.join((f.value as string[]).map((v) => sql`${v}`), sql`, `)})`;
    return f.op === "in" ? sql`${column} in ${values}` : sql`(${column} is null or ${column} not in ${values})`;
  }
  if (f.field === "reachable" && "value" in f) return sql`${l.reachable} = ${Boolean(f.value)}`;
  return idsCondition(teamId, f);
}

function idsCondition(teamId: string, f: LeadFilter): SQL {
  const ids = "value" in f && Array.isArray(f.value) ? (f.value as string[]) : [];
  const array = sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`;
  const anyOf = (column: SQL) => sql`${column} = any(${array})`;
  const isEmpty = f.op === "empty";
  switch (f.field) {
    case "tags": {
      if (f.op === "any") return sql`${l.tagIds} && ${array}`;
      if (f.op === "all") return sql`${l.tagIds} @> ${array}`;
      if (f.op === "none") return not(sql`${l.tagIds} && ${array}`);
      return presence(sql`nullif(cardinality(${l.tagIds}), 0)`, isEmpty);
    }
    case "status":
    case "assignee": {
      const column = f.field === "status" ? sql`${l.statusId}` : sql`${l.assigneeId}`;
      if (f.op === "any") return anyOf(column);
      if (f.op === "none") return sql`(${column} is null or not ${anyOf(column)})`;
      return presence(column, isEmpty);
    }
    case "campaigns": {
      const scope = f.op === "any" || f.op === "none" ? sql`and cl.campaign_id = any(${array})` : sql``;
      const targeted = sql`${l.listId} in (
        select cl.list_id from sandbox.campaign_lists cl join sandbox.campaigns c on c.id = cl.campaign_id
        where c.team_id = ${teamId} and not cl.exclude ${scope})`;
      return f.op === "any" || f.op === "notEmpty" ? targeted : not(targeted);
    }
    default: {
      // `lists`: the same person is a lead of one of these lists (or, for presence, of another list at all).
      const scope = f.op === "any" || f.op === "none" ? sql`x.list_id = any(${array})` : sql`x.list_id <> ${l.listId}`;
      const member = sql`exists (
        select 1 from sandbox.outreach_leads x
        where x.team_id = ${teamId} and x.platform = ${l.platform} and x.platform_id = ${l.platformId} and ${scope})`;
      return f.op === "any" || f.op === "notEmpty" ? member : not(member);
    }
  }
}

function presence(value: SQL, empty: boolean): SQL {
  return empty ? sql`${value} is null` : sql`${value} is not null`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
