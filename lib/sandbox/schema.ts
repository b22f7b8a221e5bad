import { sql } from "drizzle-orm";
import type { AttachmentLimits } from "@/lib/api/platforms";
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
  limits: jsonb("limits").$type<{ messageLength: number | null; attachments?: AttachmentLimits | null }>().notNull(),
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
    /**
     * A send answered 502 sendUnconfirmed that has not joined its thread: `pending` until
     * `settleAt` (sandbox clock), then `failed` if it never left; null for every other message,
     * a delivered one included (rules: simulator/settle.ts).
     */
    unsettled: text("unsettled").$type<"pending" | "failed">(),
    settleAt: ts("settle_at"),
    /** How a pending send settles: whether the platform took it. */
    delivered: boolean("delivered"),
  },
  (t) => [index("messages_thread").on(t.threadId, t.sentAt, t.id), index("messages_settle").on(t.settleAt)],
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

/**
 * Files sent with messages (POST /messages `attachments`), served under `/media/{mediaKey}` on
 * signed URLs like seeded media. The bytes are kept as base64 text: what the API received,
 * written once and read whole, and no bytea mapping needed for PGlite and Postgres alike.
 */
export const mediaUploads = sandbox.table(
  "media_uploads",
  {
    mediaKey: text("media_key").primaryKey(),
    teamId: text("team_id").notNull(),
    messageId: text("message_id").notNull(),
    mimeType: text("mime_type").notNull(),
    fileName: text("file_name").notNull(),
    data: text("data").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("media_uploads_message").on(t.messageId)],
);

export const webhookSubscriptions = sandbox.table("webhook_subscriptions", {
  id: text("id").primaryKey(),
  teamId: text("team_id").notNull(),
  url: text("url").notNull(),
  secret: text("secret").notNull(),
  /** What the subscription receives: `v2`, `v1` (the new version 1 envelope) or `legacy`. */
  format: text("format").notNull().default("v2"),
  createdAt: ts("created_at").notNull(),
});

/**
 * Legacy deliveries that failed and wait for their next attempt, on the sandbox's clock. The
 * body is kept as first built, so every attempt carries the same event.
 */
export const webhookRetries = sandbox.table(
  "webhook_retries",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    eventId: text("event_id").notNull(),
    body: text("body").notNull(),
    /** Attempts made so far, the first included. */
    attempts: integer("attempts").notNull(),
    nextAttemptAt: ts("next_attempt_at").notNull(),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("webhook_retries_due").on(t.nextAttemptAt), index("webhook_retries_subscription").on(t.subscriptionId)],
);

/** Sandbox-wide settings that must survive a restart (the simulated clock's offset). */
export const settings = sandbox.table("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

/*
 * Outreach (spec: api-v1-and-outreach.md): lists of leads, import jobs that fill them, and
 * campaigns that message them. A lead row carries its prospect's fields itself (one row per
 * list and person), so a list's page is one indexed scan: every sort has an index led by
 * `list_id` on the same expression the query orders by, nulls folded to the lowest value
 * (and text in byte order, as a `.keyword` sort is, whatever the database's collation).
 */
export const outreachLists = sandbox.table(
  "outreach_lists",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    icon: text("icon"),
    color: text("color"),
    description: text("description"),
    /** Kept by every write that adds leads, so GET /lists never counts 100,000 rows. */
    profilesCount: integer("profiles_count").notNull().default(0),
    reachableCount: integer("reachable_count").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at"),
  },
  (t) => [index("outreach_lists_team").on(t.teamId, t.id)],
);

export const outreachColumns = sandbox.table(
  "outreach_columns",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    listId: text("list_id").notNull(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [index("outreach_columns_list").on(t.listId, t.position)],
);

export const outreachLeads = sandbox.table(
  "outreach_leads",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    listId: text("list_id").notNull(),
    platform: text("platform").notNull(),
    platformId: text("platform_id").notNull(),
    externalId: text("external_id"),
    documentId: text("document_id"),
    displayName: text("display_name"),
    username: text("username"),
    handle: text("handle"),
    image: text("image"),
    bio: text("bio"),
    location: text("location"),
    profileUrl: text("profile_url"),
    websiteUrl: text("website_url"),
    websiteDomain: text("website_domain"),
    verified: text("verified").notNull(),
    profileType: text("profile_type"),
    isProtected: boolean("is_protected").notNull(),
    followerCount: integer("follower_count"),
    followingCount: integer("following_count"),
    postCount: integer("post_count"),
    engagementCount: integer("engagement_count"),
    listedCount: integer("listed_count"),
    platformCreatedAt: ts("platform_created_at"),
    firstSeenAt: ts("first_seen_at").notNull(),
    lastUpdatedAt: ts("last_updated_at"),
    lastEnrichedAt: ts("last_enriched_at"),
    lastActiveAt: ts("last_active_at"),
    source: text("source"),
    confidence: doublePrecision("confidence").notNull(),
    accountStatus: text("account_status").notNull(),
    platformData: jsonb("platform_data").$type<Record<string, unknown>>().notNull(),
    tagIds: text("tag_ids").array().notNull(),
    statusId: text("status_id"),
    valuation: doublePrecision("valuation"),
    notes: text("notes"),
    assigneeId: text("assignee_id"),
    threads: jsonb("threads").$type<{ id: string; accountLinkId: string; lastMessageTimestamp: string | null; createdAt: string }[]>().notNull(),
    /** Custom column values keyed `custom_<columnId>`. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    stage: text("stage").notNull(),
    accountLinkId: text("account_link_id"),
    threadId: text("thread_id"),
    reachable: boolean("reachable").notNull(),
    lastContactedAt: ts("last_contacted_at"),
    lastRepliedAt: ts("last_replied_at"),
    /** Lower-cased name, username and bio: what `search` looks in. */
    searchText: text("search_text").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("outreach_leads_person").on(t.listId, t.platform, t.platformId),
    index("outreach_leads_team_person").on(t.teamId, t.platform, t.platformId),
    index("outreach_leads_team_username").on(t.teamId, sql`lower(${t.username})`),
    index("outreach_leads_team_external").on(t.teamId, t.externalId),
    index("outreach_leads_followers").on(t.listId, sql`coalesce(${t.followerCount}, -1)`, t.id),
    index("outreach_leads_following").on(t.listId, sql`coalesce(${t.followingCount}, -1)`, t.id),
    index("outreach_leads_posts").on(t.listId, sql`coalesce(${t.postCount}, -1)`, t.id),
    index("outreach_leads_valuation").on(t.listId, sql`coalesce(${t.valuation}, '-Infinity'::float8)`, t.id),
    index("outreach_leads_display_name").on(t.listId, sql`(coalesce(${t.displayName}, '') collate "C")`, t.id),
    index("outreach_leads_username").on(t.listId, sql`(coalesce(${t.username}, '') collate "C")`, t.id),
    index("outreach_leads_location").on(t.listId, sql`(coalesce(${t.location}, '') collate "C")`, t.id),
    index("outreach_leads_created").on(t.listId, t.createdAt, t.id),
    index("outreach_leads_last_active").on(t.listId, sql`coalesce(${t.lastActiveAt}, '-infinity'::timestamptz)`, t.id),
    index("outreach_leads_last_contacted").on(t.listId, sql`coalesce(${t.lastContactedAt}, '-infinity'::timestamptz)`, t.id),
  ],
);

export const importJobs = sandbox.table(
  "import_jobs",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    listId: text("list_id").notNull(),
    type: text("type").notNull(),
    status: text("status").notNull(),
    totalCount: integer("total_count"),
    processedCount: integer("processed_count").notNull().default(0),
    addedCount: integer("added_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    error: text("error"),
    /** Items per minute while running. */
    rate: integer("rate").notNull(),
    /** When the job entered its status: the clock the queue and progress are worked out from. */
    statusSince: ts("status_since").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at"),
    completedAt: ts("completed_at"),
  },
  (t) => [index("import_jobs_list").on(t.teamId, t.listId, t.id), index("import_jobs_status").on(t.teamId, t.status)],
);

/** Per-team outreach state: whether the import queue is frozen (by bulk-pause, until bulk-resume). */
export const outreachSettings = sandbox.table("outreach_settings", {
  teamId: text("team_id").primaryKey(),
  importQueueFrozen: boolean("import_queue_frozen").notNull().default(false),
});

export const campaigns = sandbox.table(
  "campaigns",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status").notNull(),
    type: text("type").notNull(),
    dryRun: boolean("dry_run").notNull().default(false),
    isMigratedToV2: boolean("is_migrated_to_v2").notNull().default(true),
    /** Worked out from the leads by sync (and the seed): targets, reachable pending ones, contacted, replied. */
    targetsCount: integer("targets_count").notNull().default(0),
    estimatedTargets: integer("estimated_targets").notNull().default(0),
    contactedCount: integer("contacted_count").notNull().default(0),
    repliesCount: integer("replies_count").notNull().default(0),
    hourlyMessageRate: integer("hourly_message_rate").notNull(),
    scheduleTimezone: text("schedule_timezone").notNull(),
    scheduleHours: jsonb("schedule_hours").$type<Record<string, { start: number; end: number }>>().notNull(),
    customVariables: jsonb("custom_variables").$type<Record<string, { displayName: string; description: string | null }>>().notNull(),
    accountLinkIds: text("account_link_ids").array().notNull(),
    automations: jsonb("automations")
      .$type<{ id: string; trigger: string; action: string; actionData: Record<string, unknown>; enabled: boolean }[]>()
      .notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at"),
    pausedAt: ts("paused_at"),
    completedAt: ts("completed_at"),
    lastStartedAt: ts("last_started_at"),
  },
  (t) => [index("campaigns_team").on(t.teamId, t.id)],
);

/** Every version of every step is kept; the highest `campaign_version` is the active sequence. */
export const campaignSteps = sandbox.table(
  "campaign_steps",
  {
    id: text("id").primaryKey(),
    campaignId: text("campaign_id").notNull(),
    rank: integer("rank").notNull(),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    campaignVersion: integer("campaign_version").notNull(),
  },
  (t) => [index("campaign_steps_campaign").on(t.campaignId, t.campaignVersion, t.rank)],
);

export const campaignLists = sandbox.table(
  "campaign_lists",
  {
    campaignId: text("campaign_id").notNull(),
    listId: text("list_id").notNull(),
    exclude: boolean("exclude").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.listId] }), index("campaign_lists_list").on(t.listId)],
);

/**
 * One person's progress through a campaign's sequence: the step to send next (an index into
 * the active sequence) and when it is due, the account link and thread it goes through, and
 * where they stand. `state` holds what the runner needs beyond these (variation picks, say).
 */
export const campaignTargets = sandbox.table(
  "campaign_targets",
  {
    teamId: text("team_id").notNull(),
    campaignId: text("campaign_id").notNull(),
    platform: text("platform").notNull(),
    platformId: text("platform_id").notNull(),
    /** The lead row the person came from (the first included list holding them). */
    leadId: text("lead_id").notNull(),
    stage: text("stage").notNull(),
    stepIndex: integer("step_index").notNull().default(0),
    nextDueAt: ts("next_due_at"),
    accountLinkId: text("account_link_id"),
    threadId: text("thread_id"),
    contactedAt: ts("contacted_at"),
    lastSentAt: ts("last_sent_at"),
    repliedAt: ts("replied_at"),
    state: jsonb("state").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    updatedAt: ts("updated_at"),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.platform, t.platformId] }),
    index("campaign_targets_due").on(t.teamId, t.stage, t.nextDueAt),
    index("campaign_targets_thread").on(t.threadId),
  ],
);
