import { leadQuery, type LeadFilter, type LeadQuery, type LeadQueryField } from "@/lib/api/outreach/leads";
import { FIELD_LABELS, familyOf, kindOf, opsOf } from "./filter-fields";

/**
 * The filter builder's working copy of a lead `query`: every value as the inputs hold it
 * (text, or a list of chosen IDs), so a half-typed number is kept rather than lost. It becomes
 * the API's `query` only through `draftToQuery`, which checks it with the contract's own
 * schema and says in a sentence what is missing.
 */
export type DraftCondition = { key: string; field: LeadQueryField; op: string; value: string; to: string; values: string[] };
export type DraftGroup = { key: string; type: "and" | "or"; conditions: DraftCondition[] };
export type Draft = DraftGroup[];

let counter = 0;
const nextKey = () => `k${++counter}`;

export function newCondition(field: LeadQueryField = "name"): DraftCondition {
  return { key: nextKey(), field, op: opsOf(field)[0]!.op, value: "", to: "", values: [] };
}

export function newGroup(): DraftGroup {
  return { key: nextKey(), type: "and", conditions: [newCondition()] };
}

/** A condition moved to another field: the operator kept when the field takes it, values cleared when their kind changes. */
export function withField(condition: DraftCondition, field: LeadQueryField): DraftCondition {
  if (familyOf(field) === familyOf(condition.field)) {
    const keepsOp = opsOf(field).some((o) => o.op === condition.op);
    const values = familyOf(field) === "set" || familyOf(field) === "ids" ? [] : condition.values;
    return { ...condition, field, op: keepsOp ? condition.op : opsOf(field)[0]!.op, values };
  }
  return { ...newCondition(field), key: condition.key };
}

const dateOf = (timestamp: string) => timestamp.slice(0, 10);
const timestampOf = (date: string) => `${date}T00:00:00.000Z`;

/** The draft of a `query` from the URL, to edit it. */
export function queryToDraft(query: LeadQuery | null | undefined): Draft {
  return (query?.groups ?? []).map((group) => ({
    key: nextKey(),
    type: group.type,
    conditions: group.filters.map((filter) => {
      const condition: DraftCondition = { key: nextKey(), field: filter.field, op: filter.op, value: "", to: "", values: [] };
      if (!("value" in filter)) return condition;
      const date = familyOf(filter.field) === "date";
      const v = filter.value as unknown;
      if (Array.isArray(v) && kindOf(filter.field, filter.op) === "range") {
        return { ...condition, value: date ? dateOf(String(v[0])) : String(v[0]), to: date ? dateOf(String(v[1])) : String(v[1]) };
      }
      if (Array.isArray(v)) return { ...condition, values: v.map(String) };
      return { ...condition, value: date ? dateOf(String(v)) : String(v) };
    }),
  }));
}

export type DraftResult = { ok: true; query: LeadQuery | null } | { ok: false; error: string };

/** The API's `query` for a draft (null when it has no condition), or the first problem as a sentence. */
export function draftToQuery(draft: Draft): DraftResult {
  const groups: { type: "and" | "or"; filters: unknown[] }[] = [];
  for (const [g, group] of draft.entries()) {
    if (group.conditions.length === 0) continue;
    const filters: unknown[] = [];
    for (const [c, condition] of group.conditions.entries()) {
      const where = draft.length > 1 ? `Group ${g + 1}, condition ${c + 1}` : `Condition ${c + 1}`;
      const filter = filterOf(condition);
      if (typeof filter === "string") return { ok: false, error: `${where} (${FIELD_LABELS[condition.field]}): ${filter}` };
      filters.push(filter);
    }
    groups.push({ type: group.type, filters });
  }
  if (groups.length === 0) return { ok: true, query: null };
  // The contract decides; the sentences above catch what a person can fix before it.
  const parsed = leadQuery.safeParse({ groups });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "This filter is not valid." };
  return { ok: true, query: parsed.data };
}

/** One condition as a filter of the API, or what is wrong with it. */
function filterOf(condition: DraftCondition): Omit<LeadFilter, "value"> | string {
  const { field, op } = condition;
  const family = familyOf(field);
  switch (kindOf(field, op)) {
    case "none":
      return { field, op } as LeadFilter;
    case "boolean":
      return { field, op, value: condition.value !== "false" } as LeadFilter;
    case "many":
      if (condition.values.length === 0) return "choose at least one.";
      return { field, op, value: condition.values } as LeadFilter;
    case "one": {
      const value = valueOf(family, condition.value);
      return typeof value === "object" ? value.error : ({ field, op, value } as LeadFilter);
    }
    case "range": {
      const from = valueOf(family, condition.value);
      const to = valueOf(family, condition.to);
      if (typeof from === "object") return from.error;
      if (typeof to === "object") return to.error;
      if (from > to) return "the first value must not be above the second.";
      return { field, op, value: [from, to] } as LeadFilter;
    }
  }
}

function valueOf(family: string, text: string): string | number | { error: string } {
  const trimmed = text.trim();
  if (family === "number") {
    if (trimmed === "" || !Number.isFinite(Number(trimmed))) return { error: "enter a number." };
    return Number(trimmed);
  }
  if (family === "date") {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmed) || Number.isNaN(Date.parse(trimmed))) return { error: "choose a date." };
    return timestampOf(trimmed);
  }
  if (trimmed === "") return { error: "enter some text." };
  if (trimmed.length > 200) return { error: "keep it to 200 characters." };
  return trimmed;
}

/** How many conditions a `query` holds, for the Filter button's count. */
export function conditionCount(query: LeadQuery | null | undefined): number {
  return (query?.groups ?? []).reduce((sum, group) => sum + group.filters.length, 0);
}
