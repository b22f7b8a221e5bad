import { sql } from "drizzle-orm";
import { bigint, boolean, customType, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The inbox's own tables, in the Postgres schema `inbox` so they never meet the sandbox's.
 *
 * The first five are better-auth's (user, session, account, verification, rateLimit): their
 * property names are the field names better-auth asks its drizzle adapter for, so they must
 * not be renamed. `user` carries two fields of ours: the inbox `role` and the API `memberId`
 * the user acts as.
 */
export const inbox = pgSchema("inbox");

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const user = inbox.table("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
  /** `member`, `manager` or `admin` (lib/server/access/policy ROLES). */
  role: text("role").notNull().default("member"),
  /** The API member this user acts as: assignment to self, visibility. Null until linked. */
  memberId: text("member_id"),
});

export const session = inbox.table(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = inbox.table(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = inbox.table("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: ts("expires_at").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Sign-in attempts per client address, shared by every inbox instance on one database. */
export const rateLimit = inbox.table("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Team-wide inbox settings (not the API's): one row per key, a JSON value. */
export const settings = inbox.table("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Each user's own preferences (lib/server/accounts/preferences), a JSON value per key. */
export const preferences = inbox.table(
  "preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Where event intake stands: the last `seq` applied without a gap, shared by every instance. */
export const eventState = inbox.table("event_state", {
  key: text("key").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Event IDs already applied, for de-duplication across webhooks, replay and instances; kept 7 days. */
export const seenEvents = inbox.table(
  "seen_events",
  {
    id: text("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    seenAt: ts("seen_at").notNull().defaultNow(),
  },
  (t) => [index("seen_events_seen_at_idx").on(t.seenAt)],
);

/** Per-member read state (lib/api/read-state): the newest message each user had seen, or null once marked unread. */
export const threadReads = inbox.table(
  "thread_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    threadId: text("thread_id").notNull(),
    readAt: ts("read_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] })],
);

/**
 * Every write made through the inbox (lib/server/activity/activity): the API acts as the team owner,
 * so only the inbox knows which member did what. Kept a year. No foreign key to `user`: the
 * record outlives a removed login, and names it as it was.
 */
export const activity = inbox.table(
  "activity",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    userName: text("user_name").notNull(),
    memberId: text("member_id"),
    action: text("action").notNull(),
    threadId: text("thread_id"),
    contactId: text("contact_id"),
    messageId: text("message_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id"),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [index("activity_thread_idx").on(t.threadId, t.at), index("activity_contact_idx").on(t.contactId, t.at), index("activity_at_idx").on(t.at)],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Message text for search (lib/server/search): the API searches only names and the latest
 * message, so the inbox indexes what it reads and what events announce. `author` is the
 * contact's name for inbound messages and the sender's for outbound; `words` is kept by the
 * database from the content ('simple': names and product words are matched as written, unstemmed).
 */
export const messageSearch = inbox.table(
  "message_search",
  {
    messageId: text("message_id").primaryKey(),
    threadId: text("thread_id").notNull(),
    direction: text("direction").notNull(),
    author: text("author"),
    authorMemberId: text("author_member_id"),
    sentAt: ts("sent_at").notNull(),
    content: text("content").notNull(),
    words: tsvector("words")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', "content")`),
    indexedAt: ts("indexed_at").notNull().defaultNow(),
  },
  (t) => [index("message_search_words_idx").using("gin", t.words), index("message_search_thread_idx").on(t.threadId, t.sentAt), index("message_search_sent_at_idx").on(t.sentAt)],
);

/**
 * Saved replies (lib/api/saved-replies): the team's library when `ownerId` is null, else one
 * member's own, removed with their login. A shortcut is unique within its library.
 */
export const savedReplies = inbox.table(
  "saved_replies",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    shortcut: text("shortcut").notNull(),
    body: text("body").notNull(),
    updatedBy: text("updated_by").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_replies_team_shortcut_idx").on(t.shortcut).where(sql`${t.ownerId} is null`),
    uniqueIndex("saved_replies_owner_shortcut_idx").on(t.ownerId, t.shortcut).where(sql`${t.ownerId} is not null`),
  ],
);

/**
 * Routing (lib/server/routing), per member: whether they said they are available, the capacity
 * a manager set (open conversations assigned; null: no limit), when they were last seen (a
 * request or an open tab: idle members count as away) and when routing last gave them one.
 */
export const routingMembers = inbox.table("routing_members", {
  memberId: text("member_id").primaryKey(),
  status: text("status").notNull().default("available"),
  capacity: integer("capacity"),
  lastSeenAt: ts("last_seen_at"),
  lastAssignedAt: ts("last_assigned_at"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Routing per account link: off, roundRobin or balanced, among the members chosen; `lastMemberId` is round-robin's place. */
export const routingLinks = inbox.table("routing_links", {
  accountLinkId: text("account_link_id").primaryKey(),
  mode: text("mode").notNull().default("off"),
  memberIds: jsonb("member_ids").$type<string[]>().notNull().default([]),
  routeRequests: boolean("route_requests").notNull().default(true),
  lastMemberId: text("last_member_id"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * New conversations waiting for routing, in arrival order: put here in the same transaction
 * that claims their `thread.created` event (lib/server/events/event-cursor), so each is queued
 * once across instances and survives a restart; removed when routed, assigned by hand, or gone.
 */
export const routingQueue = inbox.table(
  "routing_queue",
  {
    threadId: text("thread_id").primaryKey(),
    accountLinkId: text("account_link_id").notNull(),
    eventId: text("event_id").notNull(),
    arrivedAt: ts("arrived_at").notNull(),
  },
  (t) => [index("routing_queue_arrived_idx").on(t.arrivedAt)],
);

/**
 * The conversations routing assigned, and to whom: what a member's capacity counts are those of
 * them still open and still theirs (lib/server/routing). One row a thread, the latest routing.
 */
export const routingAssignments = inbox.table("routing_assignments", {
  threadId: text("thread_id").primaryKey(),
  memberId: text("member_id").notNull(),
  assignedAt: ts("assigned_at").notNull(),
});

/**
 * Work due at a time (lib/server/scheduler): a snooze waking, a follow-up reminder, later a
 * scheduled send. Claimed with `FOR UPDATE SKIP LOCKED`, so each runs on one instance; a claim
 * holds a lease on the database's own clock, so work whose instance died runs again. `dueAt`
 * is on the scheduler's clock (the sandbox's in demo mode). `key` names the one pending job of
 * a thing (`snooze:<threadId>`): scheduling it again moves that job rather than adding one.
 */
export const scheduledJobs = inbox.table(
  "scheduled_jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    dueAt: ts("due_at").notNull(),
    payload: jsonb("payload"),
    /** `pending`, `running` (claimed, until `leaseUntil`), `done`, `failed` or `cancelled`. */
    state: text("state").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: ts("lease_until"),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("scheduled_jobs_due_idx").on(t.state, t.dueAt),
    uniqueIndex("scheduled_jobs_pending_key_idx").on(t.key).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * A conversation put away until a time or a reply (`snooze`), or watched for a reply after a
 * send (`followUp`), by one member for the whole team (lib/server/snoozes). `state` is
 * `waiting`, then `returned` when it came back (`reason`: `time`, `reply` or `noReply`), until
 * someone dismisses the mark. `until` is on the scheduler's clock; null: until the contact replies.
 */
export const threadSnoozes = inbox.table(
  "thread_snoozes",
  {
    threadId: text("thread_id").notNull(),
    kind: text("kind").notNull(),
    state: text("state").notNull(),
    until: ts("until"),
    /** The snooze's or the watched send's time, on the scheduler's clock: "no reply since …". */
    since: ts("since").notNull(),
    userId: text("user_id").notNull(),
    userName: text("user_name").notNull(),
    reason: text("reason"),
    returnedAt: ts("returned_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.kind] }), index("thread_snoozes_state_idx").on(t.state)],
);

/**
 * Each member's unsent reply per thread (lib/server/drafts, lib/api/drafts), removed with their
 * login. Indexed by thread too, for who holds a draft there.
 */
export const drafts = inbox.table(
  "drafts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    threadId: text("thread_id").notNull(),
    text: text("text").notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] }), index("drafts_thread_idx").on(t.threadId)],
);

/**
 * Replies written now to go later (lib/server/scheduled-sends, lib/api/scheduled-sends); the
 * scheduler's job of each is keyed by its ID. Gone with their author's login: nobody would be
 * told if they failed.
 */
export const scheduledSends = inbox.table(
  "scheduled_sends",
  {
    id: text("id").primaryKey(),
    threadId: text("thread_id").notNull(),
    content: text("content").notNull(),
    sendAt: ts("send_at").notNull(),
    state: text("state").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    userName: text("user_name").notNull(),
    messageId: text("message_id"),
    errorCode: text("error_code"),
    errorSentence: text("error_sentence"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("scheduled_sends_thread_idx").on(t.threadId), index("scheduled_sends_user_idx").on(t.userId)],
);

/**
 * Rules (lib/api/rules, lib/server/routing/rules): "when → if → then", run in `position` order.
 * No team column: the inbox's database belongs to the one team its token acts for, as every table here.
 */
export const routingRules = inbox.table(
  "routing_rules",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    trigger: text("trigger").notNull(),
    conditions: jsonb("conditions").notNull().default([]),
    actions: jsonb("actions").notNull().default([]),
    stopAfter: boolean("stop_after").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("routing_rules_position_idx").on(t.position)],
);

/**
 * Events rules have yet to act on: put here in the transaction that claims the event (as
 * routing's queue), so each is run once across instances and survives a restart; `done` names
 * the rules already run for it, so a drain that dies half-way does not run them again.
 */
export const ruleWork = inbox.table(
  "rule_work",
  {
    eventId: text("event_id").primaryKey(),
    trigger: text("trigger").notNull(),
    /** The conversation, or for a contact's status, the contact. */
    objectId: text("object_id").notNull(),
    threadId: text("thread_id"),
    messageId: text("message_id"),
    done: jsonb("done").$type<string[]>().notNull().default([]),
    arrivedAt: ts("arrived_at").notNull(),
  },
  (t) => [index("rule_work_arrived_idx").on(t.arrivedAt)],
);

/**
 * Internal comments on threads (lib/server/comments, lib/api/comments). The author's name is
 * kept beside their ID, so a comment still says who wrote it after their login is removed. A
 * deleted comment keeps its row (`deletedAt`) until the thread goes; it is never shown again.
 * `mentions` holds the inbox user IDs the author named, in their order.
 */
export const comments = inbox.table(
  "comments",
  {
    id: text("id").primaryKey(),
    threadId: text("thread_id").notNull(),
    authorId: text("author_id").notNull(),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    mentions: jsonb("mentions").$type<string[]>().notNull().default([]),
    createdAt: ts("created_at").notNull().defaultNow(),
    editedAt: ts("edited_at"),
    deletedAt: ts("deleted_at"),
  },
  (t) => [index("comments_thread_idx").on(t.threadId, t.createdAt)],
);

/** One row per mentioned user and comment: their Mentions view and its unread count; removed with the comment or the user. */
export const commentMentions = inbox.table(
  "comment_mentions",
  {
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    threadId: text("thread_id").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    readAt: ts("read_at"),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index("comment_mentions_user_idx").on(t.userId, t.createdAt)],
);
