import { sql } from "drizzle-orm";
import { index, integer, jsonb, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { inbox, ts } from "./inbox";
import { user } from "./accounts";

/**
 * The team's workflow tools: timed jobs (lib/server/scheduler), snoozes, drafts, scheduled sends,
 * saved replies and comments.
 */

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
