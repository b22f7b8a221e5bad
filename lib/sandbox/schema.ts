import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The sandbox's own tables, in the Postgres schema `sandbox` so they never meet the inbox's.
 * Every row that belongs to a team carries `team_id`, and every read filters on it: another
 * team's IDs behave exactly like unknown IDs.
 */
export const sandbox = pgSchema("sandbox");

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const teams = sandbox.table("teams", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull(),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at"),
  currency: text("currency").notNull(),
  allowSupportAccess: boolean("allow_support_access").notNull().default(false),
  imageUrl: text("image_url"),
  plan: text("plan").notNull(),
  addOns: text("add_ons").array().notNull().default(sql`'{}'::text[]`),
  /** Platforms the team may use; others answer 403 platformNotAvailable. */
  platforms: text("platforms").array().notNull(),
  /** Billing past due: every call answers 403 workspaceLocked. */
  locked: boolean("locked").notNull().default(false),
  /** The team's event sequence: contiguous per team, so a gap means a missed event. */
  lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
});

export const tokens = sandbox.table("tokens", {
  token: text("token").primaryKey(),
  teamId: text("team_id").notNull(),
  name: text("name").notNull(),
  revoked: boolean("revoked").notNull().default(false),
});

export const members = sandbox.table(
  "members",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    avatarUrl: text("avatar_url"),
    role: text("role").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("members_team").on(t.teamId, t.id)],
);

/** Platforms are the service's, shared by every team. */
export const platforms = sandbox.table("platforms", {
  platform: text("platform").primaryKey(),
  name: text("name").notNull(),
  capabilities: text("capabilities").array().notNull(),
  limits: jsonb("limits").$type<{ messageLength: number | null }>().notNull(),
  mutationWindows: jsonb("mutation_windows").$type<Record<string, number | null>>().notNull(),
  /** Whether messages on this platform are end-to-end encrypted (`platformData.encrypted`). */
  encrypted: boolean("encrypted").notNull().default(false),
  /** Whether edit times come from the platform or from when the service noticed them. */
  editTimes: text("edit_times").notNull().default("platform"),
  position: integer("position").notNull(),
});

export const accountLinks = sandbox.table(
  "account_links",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    platform: text("platform").notNull(),
    platformId: text("platform_id"),
    displayName: text("display_name").notNull(),
    username: text("username"),
    avatarUrl: text("avatar_url"),
    capabilities: text("capabilities").array().notNull(),
    status: text("status").notNull(),
    pauseReasons: text("pause_reasons").array(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("account_links_team").on(t.teamId, t.id)],
);

export const contacts = sandbox.table(
  "contacts",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    statusId: text("status_id"),
    notes: text("notes"),
    valuation: doublePrecision("valuation"),
    assigneeId: text("assignee_id"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at"),
  },
  (t) => [index("contacts_team").on(t.teamId, t.id)],
);

export const profiles = sandbox.table(
  "profiles",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    contactId: text("contact_id"),
    platform: text("platform").notNull(),
    platformId: text("platform_id").notNull(),
    username: text("username"),
    handle: text("handle"),
    displayName: text("display_name"),
    avatarUrl: text("avatar_url"),
    bio: text("bio"),
    followerCount: integer("follower_count"),
    followingCount: integer("following_count"),
    verified: boolean("verified").notNull().default(false),
    isOrganization: boolean("is_organization").notNull().default(false),
    profileUrl: text("profile_url"),
    platformData: jsonb("platform_data").$type<Record<string, unknown> & { _tag: string }>(),
  },
  (t) => [
    uniqueIndex("profiles_platform_identity").on(t.teamId, t.platform, t.platformId),
    index("profiles_username").on(t.teamId, t.platform, sql`lower(${t.username})`),
    index("profiles_contact").on(t.contactId),
  ],
);

export const tags = sandbox.table(
  "tags",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("tags_name").on(t.teamId, sql`lower(${t.name})`)],
);

export const statuses = sandbox.table(
  "statuses",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [uniqueIndex("statuses_name").on(t.teamId, sql`lower(${t.name})`)],
);

export const contactTags = sandbox.table(
  "contact_tags",
  {
    contactId: text("contact_id").notNull(),
    tagId: text("tag_id").notNull(),
    addedAt: ts("added_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index("contact_tags_tag").on(t.tagId)],
);

export const threads = sandbox.table(
  "threads",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    accountLinkId: text("account_link_id").notNull(),
    profileId: text("profile_id").notNull(),
    contactId: text("contact_id"),
    platform: text("platform").notNull(),
    platformId: text("platform_id"),
    archived: boolean("archived").notNull().default(false),
    unread: boolean("unread").notNull().default(false),
    syncing: boolean("syncing").notNull().default(false),
    activityAt: ts("activity_at").notNull(),
    activityPreview: text("activity_preview"),
    lastMessageId: text("last_message_id"),
    lastDirection: text("last_direction"),
    lastSentAt: ts("last_sent_at"),
    lastPreview: text("last_preview"),
    /** The thread's own assignee; the API's `assigneeId` falls back to the contact's. */
    ownAssigneeId: text("own_assignee_id"),
    acceptanceState: text("acceptance_state").notNull().default("accepted"),
    restrictions: text("restrictions").array().notNull().default(sql`'{}'::text[]`),
    typingIndicators: text("typing_indicators").notNull().default("teamDefault"),
    campaignId: text("campaign_id"),
    /** Lower-cased text that `q` searches: names, handles and the latest preview. */
    searchText: text("search_text").notNull().default(""),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("threads_team_activity").on(t.teamId, t.activityAt, t.id),
    index("threads_contact").on(t.contactId),
    index("threads_profile").on(t.teamId, t.accountLinkId, t.profileId),
  ],
);

export const messages = sandbox.table(
  "messages",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    threadId: text("thread_id").notNull(),
    platformId: text("platform_id"),
    content: text("content"),
    direction: text("direction").notNull(),
    accountLinkId: text("account_link_id").notNull(),
    sentBy: jsonb("sent_by").$type<Record<string, unknown> & { type: string }>(),
    sentAt: ts("sent_at").notNull(),
    editedAt: ts("edited_at"),
    deletedAt: ts("deleted_at"),
    attachments: jsonb("attachments").$type<Record<string, unknown>[]>().notNull(),
    entities: jsonb("entities").$type<{ postShares: Record<string, unknown>[] }>().notNull(),
    reactions: jsonb("reactions").$type<Record<string, unknown>[]>().notNull(),
    platformData: jsonb("platform_data").$type<Record<string, unknown> & { _tag: string }>().notNull(),
    /** Every version, oldest first, the current one last: `{ content, at }`. */
    versions: jsonb("versions").$type<{ content: string | null; at: string }[]>().notNull(),
  },
  (t) => [index("messages_thread").on(t.threadId, t.sentAt, t.id)],
);

export const events = sandbox.table(
  "events",
  {
    teamId: text("team_id").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    id: text("id").notNull(),
    type: text("type").notNull(),
    createdAt: ts("created_at").notNull(),
    objectType: text("object_type").notNull(),
    objectId: text("object_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.seq] }), index("events_created").on(t.teamId, t.createdAt)],
);

export const idempotencyKeys = sandbox.table(
  "idempotency_keys",
  {
    teamId: text("team_id").notNull(),
    key: text("key").notNull(),
    bodyHash: text("body_hash").notNull(),
    /** `pending` while the first request runs; then `done` with its answer. */
    state: text("state").notNull(),
    status: integer("status"),
    response: jsonb("response"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.key] })],
);

export const webhookSubscriptions = sandbox.table("webhook_subscriptions", {
  id: text("id").primaryKey(),
  teamId: text("team_id").notNull(),
  url: text("url").notNull(),
  secret: text("secret").notNull(),
  createdAt: ts("created_at").notNull(),
});

/** Sandbox-wide settings that must survive a restart (the simulated clock's offset). */
export const settings = sandbox.table("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});
