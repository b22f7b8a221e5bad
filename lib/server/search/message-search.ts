import "server-only";
import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { brandedError } from "@/lib/api/branded-error";
import type { SnippetPart } from "@/lib/api/search";
import { words as splitWords } from "@/lib/api/search-query";
import type { Database } from "@/lib/db/connection";
import { messageSearch } from "../store/schema";

/**
 * The inbox's index of message text (table `inbox.message_search`): Postgres full-text search
 * on PGlite and Postgres alike. Rows are upserted by message ID, so feeding the same message
 * twice (a read and its event, two instances) changes nothing. Which threads a search may
 * cover is the caller's business (visibility, tags, unread): it passes their IDs.
 */
export type IndexedMessage = {
  messageId: string;
  threadId: string;
  direction: string;
  author: string | null;
  authorMemberId: string | null;
  sentAt: string;
  content: string;
};

export type MessageSearchFilter = {
  words: string[];
  phrases: string[];
  /** Threads the search may cover; null: every thread. */
  threadIds: readonly string[] | null;
  /** Names an author must contain (any of them). */
  authors?: string[];
  /** Outbound messages sent by this member. */
  authorMemberId?: string;
  /** ISO days: `after` inclusive, `before` exclusive (UTC). */
  after?: string;
  before?: string;
  cursor?: string;
  limit: number;
};

export type RawHit = Omit<IndexedMessage, "content"> & { snippet: SnippetPart[] };

export type MessageSearch = ReturnType<typeof createMessageSearch>;

// Markers ts_headline puts around matches: control characters stripped from content on the way in.
const START = "\u0001";
const STOP = "\u0002";
const MARKERS = `StartSel=${START}, StopSel=${STOP}`;
const FRAGMENTS = `${MARKERS}, MaxWords=28, MinWords=10, ShortWord=1, MaxFragments=2, FragmentDelimiter=" … "`;
// A message this short is shown whole (fragments would trim its punctuation).
const WHOLE = 200;
const PLAIN_SNIPPET = 160;

export function createMessageSearch(db: Database) {
  return {
    async upsert(rows: readonly IndexedMessage[]): Promise<void> {
      if (rows.length === 0) return;
      const values = rows.map((row) => ({ ...row, content: clean(row.content), sentAt: new Date(row.sentAt), indexedAt: new Date() }));
      await db
        .insert(messageSearch)
        .values(values)
        .onConflictDoUpdate({
          target: messageSearch.messageId,
          set: {
            threadId: sql`excluded.thread_id`,
            direction: sql`excluded.direction`,
            author: sql`coalesce(excluded.author, ${messageSearch.author})`,
            authorMemberId: sql`coalesce(excluded.author_member_id, ${messageSearch.authorMemberId})`,
            sentAt: sql`excluded.sent_at`,
            content: sql`excluded.content`,
            indexedAt: sql`excluded.indexed_at`,
          },
        });
    },

    async remove(messageIds: readonly string[]): Promise<void> {
      if (messageIds.length > 0) await db.delete(messageSearch).where(inArray(messageSearch.messageId, [...messageIds]));
    },

    async removeThread(threadId: string): Promise<void> {
      await db.delete(messageSearch).where(eq(messageSearch.threadId, threadId));
    },

    /** The threads with messages indexed. */
    async threadIds(): Promise<string[]> {
      const rows = await db.selectDistinct({ threadId: messageSearch.threadId }).from(messageSearch);
      return rows.map((row) => row.threadId);
    },

    /** Whether any of a thread's messages are indexed (it was read before). */
    async hasThread(threadId: string): Promise<boolean> {
      const [row] = await db.select({ id: messageSearch.messageId }).from(messageSearch).where(eq(messageSearch.threadId, threadId)).limit(1);
      return row !== undefined;
    },

    /** Matching messages, newest first, a page at a time; the snippet marks what matched. */
    async search(filter: MessageSearchFilter): Promise<{ hits: RawHit[]; nextCursor: string | null }> {
      if (filter.threadIds?.length === 0) return { hits: [], nextCursor: null };
      const query = tsquery(filter.words, filter.phrases);
      const conditions: SQL[] = [];
      if (query) conditions.push(sql`${messageSearch.words} @@ (${query})`);
      // One parameter however many threads: IDs are service IDs (letters and digits).
      if (filter.threadIds) conditions.push(sql`${messageSearch.threadId} = any(string_to_array(${filter.threadIds.join(",")}, ','))`);
      const authors = (filter.authors ?? []).map((name) => ilike(messageSearch.author, `%${escapeLike(name)}%`));
      if (filter.authorMemberId) authors.push(and(eq(messageSearch.direction, "outbound"), eq(messageSearch.authorMemberId, filter.authorMemberId))!);
      if (authors.length > 0) conditions.push(or(...authors)!);
      if (filter.after) conditions.push(gte(messageSearch.sentAt, new Date(`${filter.after}T00:00:00Z`)));
      if (filter.before) conditions.push(lt(messageSearch.sentAt, new Date(`${filter.before}T00:00:00Z`)));
      if (filter.cursor) {
        const [at, id] = decodeCursor(filter.cursor);
        conditions.push(sql`(${messageSearch.sentAt}, ${messageSearch.messageId}) < (${at}::timestamptz, ${id})`);
      }
      const snippet = query
        ? sql<string>`case when length(${messageSearch.content}) <= ${WHOLE} then ts_headline('simple', ${messageSearch.content}, ${query}, ${`${MARKERS}, HighlightAll=true`}) else ts_headline('simple', ${messageSearch.content}, ${query}, ${FRAGMENTS}) end`
        : sql<string>`left(${messageSearch.content}, ${PLAIN_SNIPPET})`;
      const rows = await db
        .select({
          messageId: messageSearch.messageId,
          threadId: messageSearch.threadId,
          direction: messageSearch.direction,
          author: messageSearch.author,
          authorMemberId: messageSearch.authorMemberId,
          sentAt: messageSearch.sentAt,
          snippet,
        })
        .from(messageSearch)
        .where(and(...conditions))
        .orderBy(desc(messageSearch.sentAt), desc(messageSearch.messageId))
        .limit(filter.limit + 1);
      const page = rows.slice(0, filter.limit);
      const last = page.at(-1);
      return {
        hits: page.map((row) => ({ ...row, sentAt: row.sentAt.toISOString(), snippet: snippetParts(row.snippet) })),
        nextCursor: rows.length > filter.limit && last ? encodeCursor(last.sentAt.toISOString(), last.messageId) : null,
      };
    },
  };
}

/**
 * Free words as word starts ("hub" finds "HubSpot"), phrases as written, all required. Words
 * are letters and digits only (lib/api/search-query `words`), so nothing reaches to_tsquery's
 * own syntax; phrases go through phraseto_tsquery, which takes plain text.
 */
function tsquery(words: readonly string[], phrases: readonly string[]): SQL | null {
  const parts: SQL[] = [];
  const prefixed = words.flatMap(splitWords).map((word) => `${word}:*`);
  if (prefixed.length > 0) parts.push(sql`to_tsquery('simple', ${prefixed.join(" & ")})`);
  for (const phrase of phrases) if (splitWords(phrase).length > 0) parts.push(sql`phraseto_tsquery('simple', ${phrase})`);
  if (parts.length === 0) return null;
  return sql.join(parts, sql` && `);
}

/** A headline with markers as plain-text pieces: the browser renders them, never as HTML. */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  for (const piece of headline.split(new RegExp(`([${START}${STOP}])`))) {
    if (piece === START) match = true;
    else if (piece === STOP) match = false;
    else if (piece) {
      const previous = parts.at(-1);
      if (previous && previous.match === match) previous.text += piece;
      else parts.push({ text: piece, match });
    }
  }
  return parts;
}

function clean(content: string): string {
  return content.replace(/[\u0001\u0002]/g, " ");
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString("base64url");
}

/** A search cursor this module did not make (answered 400 invalidCursor by lib/server/search/answer). */
export class SearchCursorError extends brandedError("SearchCursorError") {}

function decodeCursor(cursor: string): [string, string] {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(decoded) && decoded.length === 2 && typeof decoded[1] === "string" && typeof decoded[0] === "string" && !Number.isNaN(Date.parse(decoded[0]))) {
      return [decoded[0], decoded[1]];
    }
  } catch {
    // Falls through to the error below.
  }
  throw new SearchCursorError("The cursor is malformed.");
}
