import { z } from "zod";
import { defineQuery, queryInt, strictQuery } from "../query";
import { openEnum, PAGE_LIMIT, platformName, serviceId, timestamp } from "../primitives";

/**
 * Lists and their leads, in the version 1 shapes the outreach resources keep under both
 * roots (spec: api-v1-and-outreach.md). Where that spec says "not shown" the choice is
 * ours, written beside the schema it shapes and listed in lib/api/outreach.ts.
 */

/**
 * A custom column of a list. The spec shows only that `columns` is an object of column
 * definitions; ours is keyed by the data key `custom_<id>`, each `{ id, name, type }`.
 */
export const COLUMN_TYPES = ["text", "number", "url", "date"] as const;
export const columnDefinition = z.looseObject({
  id: serviceId,
  name: z.string(),
  type: openEnum(COLUMN_TYPES),
});
export type ColumnDefinition = z.infer<typeof columnDefinition>;
export const customDataKey = (columnId: string) => `custom_${columnId}`;

export const list = z.looseObject({
  id: serviceId,
  name: z.string(),
  slug: z.string(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  description: z.string().nullable(),
  profilesCount: z.number().int().nonnegative(),
  reachableEstimate: z.number().int().nonnegative(),
  reachableCount: z.number().int().nonnegative(),
  columns: z.record(z.string(), columnDefinition),
  createdAt: timestamp,
  updatedAt: timestamp.nullable(),
});
export type List = z.infer<typeof list>;

export const VERIFIED_KINDS = ["none", "verified", "business", "government"] as const;
/** `profileType` and `accountStatus` values are "not shown"; these are ours, open enums. */
export const PROFILE_TYPES = ["personal", "creator", "business"] as const;
export const ACCOUNT_STATUSES = ["active", "private", "suspended", "deleted"] as const;

/** The prospect as embedded in a lead: what the platform says about the person. */
export const prospect = z.looseObject({
  platform: platformName,
  platformId: z.string(),
  externalId: z.string().nullable(),
  documentId: z.string().nullable(),
  displayName: z.string().nullable(),
  username: z.string().nullable(),
  handle: z.string().nullable(),
  image: z.string().nullable(),
  imageNormalized: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  profileUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  websiteDomain: z.string().nullable(),
  verified: openEnum(VERIFIED_KINDS),
  profileType: openEnum(PROFILE_TYPES).nullable(),
  isProtected: z.boolean(),
  followerCount: z.number().int().nonnegative().nullable(),
  followingCount: z.number().int().nonnegative().nullable(),
  postCount: z.number().int().nonnegative().nullable(),
  engagementCount: z.number().int().nonnegative().nullable(),
  listedCount: z.number().int().nonnegative().nullable(),
  platformCreatedAt: timestamp.nullable(),
  firstSeenAt: timestamp,
  lastUpdatedAt: timestamp.nullable(),
  lastEnrichedAt: timestamp.nullable(),
  lastActiveAt: timestamp.nullable(),
  source: z.string().nullable(),
  isFresh: z.boolean(),
  isStale: z.boolean(),
  confidence: z.number().min(0).max(1),
  accountStatus: openEnum(ACCOUNT_STATUSES),
  platformData: z.record(z.string(), z.unknown()),
});
export type Prospect = z.infer<typeof prospect>;

/** The prospect context: what the team says about the person (version 1 names). */
export const prospectContext = z.looseObject({
  tags: z.array(serviceId),
  statusId: serviceId.nullable(),
  valuation: z.number().nullable(),
  notes: z.string().nullable(),
  threads: z.array(
    z.looseObject({ id: serviceId, accountLinkId: serviceId, lastMessageTimestamp: timestamp.nullable(), createdAt: timestamp }),
  ),
  /** Ours: the `assignee` the `query` filter names has to live somewhere a client can see it. */
  assigneeId: serviceId.nullable(),
});

/**
 * Lead stages beyond `pending` and `canceled` are "not shown". Ours follow a campaign's
 * work: `pending` (not messaged yet), `contacted`, `replied`, `canceled`.
 */
export const LEAD_STAGES = ["pending", "contacted", "replied", "canceled"] as const;

export const lead = z.looseObject({
  /** Ours: a service ID per lead, so a page's items can be told apart. */
  id: serviceId,
  prospect,
  context: prospectContext,
  data: z.record(z.string().regex(/^custom_[0-9a-z]+$/), z.unknown()),
  stage: openEnum(LEAD_STAGES),
  accountLinkId: serviceId.nullable(),
  threadId: serviceId.nullable(),
  /** Ours: whether the person can be messaged (the `reachability` filter), and when. */
  reachable: z.boolean(),
  lastContactedAt: timestamp.nullable(),
  lastRepliedAt: timestamp.nullable(),
  /** Ours: when the lead was added to the list; the `createdAt` sort. */
  createdAt: timestamp,
});
export type Lead = z.infer<typeof lead>;

/**
 * `sort`: one of the spec's ten fields, optionally `:asc` or `:desc` (our encoding). A bare
 * field sorts descending, so the default `followers` is "followers descending". A person
 * without the value sorts as the lowest value; ties are broken by lead ID.
 */
export const LEAD_SORT_FIELDS = [
  "displayName.keyword",
  "username.keyword",
  "location.keyword",
  "followers",
  "following",
  "posts",
  "createdAt",
  "lastActiveAt",
  "lastContactedAt",
  "valuation",
] as const;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];
export const leadSort = z
  .string()
  .regex(/^[A-Za-z.]+(:(asc|desc))?$/, "Expected <field> or <field>:asc|desc")
  .transform((value) => {
    const [field, direction = "desc"] = value.split(":");
    return { field: field as LeadSortField, direction: direction as "asc" | "desc" };
  })
  .refine((s) => (LEAD_SORT_FIELDS as readonly string[]).includes(s.field), {
    message: `Sort by one of ${LEAD_SORT_FIELDS.join(", ")}`,
  });

/**
 * The structured `query` (child attributes "not shown"; ours). JSON in the `query`
 * parameter: `{ "groups": [{ "type": "and" | "or", "filters": [{ "field", "op", "value" }] }] }`.
 * Filters in a group combine by its `type` (default `and`), groups with AND. Each field
 * belongs to one family, which decides its operators and the type of `value`:
 *
 * | family | fields | op → value |
 * | --- | --- | --- |
 * | text | bio, name, username, location, website, notes | contains, notContains, equals → string; empty, notEmpty → none |
 * | number | followers, following, posts, valuation | gte, lte, eq → number; between → [min, max]; empty, notEmpty |
 * | date | lastContacted, lastReplied, accountCreated | after, before → timestamp; between → [from, to]; empty (never), notEmpty |
 * | set | verification, profileType, accountStatus | in, notIn → string[] |
 * | ids | tags, status, campaigns, assignee, lists | any, none → service ID[]; all (tags only); empty, notEmpty |
 * | boolean | reachable | is → boolean |
 *
 * `lists` is list membership: the same person (platform and platformId) is a lead of one of
 * those lists. `campaigns`: the lead's list is a target list (not excluded) of the campaign.
 * Text matching is case-insensitive; `website` matches the URL.
 */
export const LEAD_QUERY_FIELDS = {
  bio: "text",
  name: "text",
  username: "text",
  location: "text",
  website: "text",
  notes: "text",
  followers: "number",
  following: "number",
  posts: "number",
  valuation: "number",
  lastContacted: "date",
  lastReplied: "date",
  accountCreated: "date",
  verification: "set",
  profileType: "set",
  accountStatus: "set",
  tags: "ids",
  status: "ids",
  campaigns: "ids",
  assignee: "ids",
  lists: "ids",
  reachable: "boolean",
} as const;
export type LeadQueryField = keyof typeof LEAD_QUERY_FIELDS;
type Family = (typeof LEAD_QUERY_FIELDS)[LeadQueryField];

const fieldsOf = (family: Family) =>
  Object.entries(LEAD_QUERY_FIELDS)
    .filter(([, f]) => f === family)
    .map(([name]) => name) as [LeadQueryField, ...LeadQueryField[]];

const text = z.string().min(1).max(200);
const presence = z.enum(["empty", "notEmpty"]);
const range = <T extends z.ZodType>(item: T) => z.tuple([item, item]);

export const leadFilter = z.union([
  z.strictObject({ field: z.enum(fieldsOf("text")), op: z.enum(["contains", "notContains", "equals"]), value: text }),
  z.strictObject({ field: z.enum(fieldsOf("text")), op: presence }),
  z.strictObject({ field: z.enum(fieldsOf("number")), op: z.enum(["gte", "lte", "eq"]), value: z.number().finite() }),
  z.strictObject({ field: z.enum(fieldsOf("number")), op: z.literal("between"), value: range(z.number().finite()) }),
  z.strictObject({ field: z.enum(fieldsOf("number")), op: presence }),
  z.strictObject({ field: z.enum(fieldsOf("date")), op: z.enum(["after", "before"]), value: timestamp }),
  z.strictObject({ field: z.enum(fieldsOf("date")), op: z.literal("between"), value: range(timestamp) }),
  z.strictObject({ field: z.enum(fieldsOf("date")), op: presence }),
  z.strictObject({ field: z.enum(fieldsOf("set")), op: z.enum(["in", "notIn"]), value: z.array(text).min(1).max(20) }),
  z.strictObject({ field: z.enum(fieldsOf("ids")), op: z.enum(["any", "none"]), value: z.array(serviceId).min(1).max(100) }),
  z.strictObject({ field: z.literal("tags"), op: z.literal("all"), value: z.array(serviceId).min(1).max(100) }),
  z.strictObject({ field: z.enum(fieldsOf("ids")), op: presence }),
  z.strictObject({ field: z.enum(fieldsOf("boolean")), op: z.literal("is"), value: z.boolean() }),
]);
export type LeadFilter = z.infer<typeof leadFilter>;

export const leadQuery = z.strictObject({
  groups: z
    .array(z.strictObject({ type: z.enum(["and", "or"]).default("and"), filters: z.array(leadFilter).min(1).max(20) }))
    .max(10),
});
export type LeadQuery = z.infer<typeof leadQuery>;

/** The `query` parameter: JSON text of a `leadQuery`. */
export const leadQueryParam = z
  .string()
  .max(10_000)
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "query must be JSON" });
      return z.NEVER;
    }
  })
  .pipe(leadQuery);

/**
 * GET /lists/{listId}/leads. `search` is case-insensitive text in name, username or bio.
 * Strict, as every outreach request is: they keep version 1's shapes and its refusal of
 * parameters and fields they do not take (version 2's own ignore them: lib/api/query.ts).
 */
export const leadListQuery = strictQuery(defineQuery({
  limit: queryInt(PAGE_LIMIT.min, PAGE_LIMIT.max).optional(),
  cursor: z.string().min(1).optional(),
  search: z.string().trim().min(1).max(200).optional(),
  query: leadQueryParam.optional(),
  sort: leadSort.optional(),
}));
export type LeadListQuery = z.input<typeof leadListQuery.schema>;

/** The lead page keeps the spec's default of 50, the same as version 2's. */
export const LEAD_PAGE_DEFAULT = 50;
