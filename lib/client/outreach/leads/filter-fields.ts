import { ACCOUNT_STATUSES, LEAD_QUERY_FIELDS, PROFILE_TYPES, VERIFIED_KINDS, type LeadQueryField } from "@/lib/api/outreach/leads";

/**
 * What the filter builder offers for each field of the API's lead `query` (LEAD_QUERY_FIELDS):
 * its label, and per family the operators in words and the kind of value each one takes.
 */
export type Family = (typeof LEAD_QUERY_FIELDS)[LeadQueryField];
/** The kind of input an operator needs: none, one value, two (a range) or a choice of several. */
export type ValueKind = "none" | "one" | "range" | "many" | "boolean";

export const FIELD_LABELS: Record<LeadQueryField, string> = {
  name: "Name",
  username: "Username",
  bio: "Bio",
  location: "Location",
  website: "Website",
  notes: "Notes",
  followers: "Followers",
  following: "Following",
  posts: "Posts",
  valuation: "Valuation",
  lastContacted: "Last contacted",
  lastReplied: "Last replied",
  accountCreated: "Account created",
  verification: "Verification",
  profileType: "Profile type",
  accountStatus: "Account status",
  tags: "Tags",
  status: "Status",
  campaigns: "Campaigns",
  assignee: "Assignee",
  lists: "Lists",
  reachable: "Reachable",
};

type Op = { op: string; label: string; kind: ValueKind };
const presence: Op[] = [
  { op: "empty", label: "is empty", kind: "none" },
  { op: "notEmpty", label: "is not empty", kind: "none" },
];

export const FAMILY_OPS: Record<Family, Op[]> = {
  text: [
    { op: "contains", label: "contains", kind: "one" },
    { op: "notContains", label: "does not contain", kind: "one" },
    { op: "equals", label: "is", kind: "one" },
    ...presence,
  ],
  number: [
    { op: "gte", label: "at least", kind: "one" },
    { op: "lte", label: "at most", kind: "one" },
    { op: "eq", label: "exactly", kind: "one" },
    { op: "between", label: "between", kind: "range" },
    ...presence,
  ],
  date: [
    { op: "after", label: "after", kind: "one" },
    { op: "before", label: "before", kind: "one" },
    { op: "between", label: "between", kind: "range" },
    { op: "empty", label: "never", kind: "none" },
    { op: "notEmpty", label: "at any time", kind: "none" },
  ],
  set: [
    { op: "in", label: "is any of", kind: "many" },
    { op: "notIn", label: "is none of", kind: "many" },
  ],
  ids: [
    { op: "any", label: "any of", kind: "many" },
    { op: "none", label: "none of", kind: "many" },
    { op: "all", label: "all of", kind: "many" },
    { op: "empty", label: "is empty", kind: "none" },
    { op: "notEmpty", label: "is not empty", kind: "none" },
  ],
  boolean: [{ op: "is", label: "is", kind: "boolean" }],
};

export const familyOf = (field: LeadQueryField): Family => LEAD_QUERY_FIELDS[field];

/** The operators a field takes (`all` is for tags alone). */
export function opsOf(field: LeadQueryField): Op[] {
  const ops = FAMILY_OPS[familyOf(field)];
  return field === "tags" ? ops : ops.filter((o) => o.op !== "all");
}

export function kindOf(field: LeadQueryField, op: string): ValueKind {
  return opsOf(field).find((o) => o.op === op)?.kind ?? "none";
}

/** The fixed choices of the `set` fields; the `ids` fields' choices are the team's own records. */
export const SET_CHOICES: Partial<Record<LeadQueryField, readonly string[]>> = {
  verification: VERIFIED_KINDS,
  profileType: PROFILE_TYPES,
  accountStatus: ACCOUNT_STATUSES,
};

export const QUERY_FIELDS = Object.keys(LEAD_QUERY_FIELDS) as LeadQueryField[];
