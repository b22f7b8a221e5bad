import { sql } from "drizzle-orm";
import { customType, index, jsonb, primaryKey, text } from "drizzle-orm/pg-core";
import { inbox, ts } from "./inbox";
import { user } from "./accounts";

/**
 * What people did and read (lib/server/activity) and the message text search reads
 * (lib/server/search).
 */

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
