import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import { snippetOf, type Comment } from "@/lib/api/comments";
import type { Database } from "@/lib/db/connection";
import { commentMentions, comments, user } from "../store/schema";

/**
 * Internal comments and their mentions (lib/api/comments for the rules) in the inbox's
 * database. This module stores; who may see or change what is decided by its callers
 * (./answers), which check the thread's visibility and the author first. After each change
 * `onChange` hears of it, to tell every open browser on every instance.
 */
export type CommentChange = {
  threadId: string;
  commentId: string;
  change: "created" | "updated" | "deleted";
  authorId: string;
  authorName: string;
  /** Users mentioned by this change for the first time (to be notified). */
  mentioned: string[];
};

export type Author = { userId: string; name: string };

/** A mention row with its comment, before visibility is applied. */
export type StoredMention = { commentId: string; threadId: string; byId: string; byName: string; snippet: string; createdAt: string; readAt: string | null };

type Row = typeof comments.$inferSelect;

export type Comments = ReturnType<typeof createComments>;

export function createComments(db: Database, options: { onChange?: (change: CommentChange) => void } = {}) {
  const names = async (ids: readonly string[]): Promise<Map<string, string>> => {
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.name]));
  };
  const toComment = (row: Row, known: Map<string, string>): Comment => ({
    id: row.id,
    threadId: row.threadId,
    authorId: row.authorId,
    authorName: row.authorName,
    body: row.body,
    // A mentioned login removed since is left out: there is no one to name.
    mentions: row.mentions.flatMap((userId) => (known.has(userId) ? [{ userId, name: known.get(userId)! }] : [])),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  });
  const shape = async (rows: Row[]) => {
    const known = await names(rows.flatMap((row) => row.mentions));
    return rows.map((row) => toComment(row, known));
  };

  return {
    /** A thread's comments still standing, oldest first. */
    async list(threadId: string): Promise<Comment[]> {
      return shape(await db.select().from(comments).where(and(eq(comments.threadId, threadId), isNull(comments.deletedAt))).orderBy(asc(comments.createdAt), asc(comments.id)));
    },

    /** One comment still standing, or null. */
    async get(commentId: string): Promise<Comment | null> {
      const [row] = await db.select().from(comments).where(and(eq(comments.id, commentId), isNull(comments.deletedAt)));
      return row ? (await shape([row]))[0]! : null;
    },

    /** Existing users among these IDs, by ID: mentions may only name people who can sign in. */
    names,

    async create(author: Author, threadId: string, body: string, mentions: string[]): Promise<Comment> {
      const id = randomUUID();
      const notify = mentions.filter((userId) => userId !== author.userId);
      const row = await db.transaction(async (tx) => {
        const [made] = await tx.insert(comments).values({ id, threadId, authorId: author.userId, authorName: author.name, body, mentions }).returning();
        if (notify.length > 0) await tx.insert(commentMentions).values(notify.map((userId) => ({ commentId: id, userId, threadId, createdAt: made!.createdAt })));
        return made!;
      });
      options.onChange?.({ threadId, commentId: id, change: "created", authorId: author.userId, authorName: author.name, mentioned: notify });
      return (await shape([row]))[0]!;
    },

    /** New text and mentions: the newly mentioned are notified, the dropped lose their mention, the others keep theirs as read or unread as it was. */
    async update(commentId: string, body: string, mentions: string[]): Promise<Comment> {
      const { row, added } = await db.transaction(async (tx) => {
        const [updated] = await tx.update(comments).set({ body, mentions, editedAt: new Date() }).where(eq(comments.id, commentId)).returning();
        const notify = mentions.filter((userId) => userId !== updated!.authorId);
        const had = new Set((await tx.select({ userId: commentMentions.userId }).from(commentMentions).where(eq(commentMentions.commentId, commentId))).map((r) => r.userId));
        await tx
          .delete(commentMentions)
          .where(and(eq(commentMentions.commentId, commentId), notify.length > 0 ? notInArray(commentMentions.userId, notify) : undefined));
        const fresh = notify.filter((userId) => !had.has(userId));
        if (fresh.length > 0) await tx.insert(commentMentions).values(fresh.map((userId) => ({ commentId, userId, threadId: updated!.threadId })));
        return { row: updated!, added: fresh };
      });
      options.onChange?.({ threadId: row.threadId, commentId, change: "updated", authorId: row.authorId, authorName: row.authorName, mentioned: added });
      return (await shape([row]))[0]!;
    },

    /** Leaves the timeline and every Mentions view. */
    async remove(commentId: string): Promise<void> {
      const [row] = await db.transaction(async (tx) => {
        await tx.delete(commentMentions).where(eq(commentMentions.commentId, commentId));
        return tx.update(comments).set({ deletedAt: new Date() }).where(and(eq(comments.id, commentId), isNull(comments.deletedAt))).returning();
      });
      if (row) options.onChange?.({ threadId: row.threadId, commentId, change: "deleted", authorId: row.authorId, authorName: row.authorName, mentioned: [] });
    },

    /** The conversation was deleted: its comments and mentions go with it (every instance hears it; the second finds none). */
    async forgetThread(threadId: string): Promise<void> {
      await db.delete(comments).where(eq(comments.threadId, threadId));
    },

    /** A user's mentions, newest first (visibility is the caller's). */
    async mentionsOf(userId: string, limit = 200): Promise<StoredMention[]> {
      const rows = await db
        .select({ mention: commentMentions, comment: comments })
        .from(commentMentions)
        .innerJoin(comments, eq(comments.id, commentMentions.commentId))
        .where(and(eq(commentMentions.userId, userId), isNull(comments.deletedAt)))
        .orderBy(desc(commentMentions.createdAt), desc(commentMentions.commentId))
        .limit(limit);
      return rows.map(({ mention, comment }) => ({
        commentId: comment.id,
        threadId: comment.threadId,
        byId: comment.authorId,
        byName: comment.authorName,
        snippet: snippetOf(comment.body),
        createdAt: mention.createdAt.toISOString(),
        readAt: mention.readAt?.toISOString() ?? null,
      }));
    },

    /** Marks a user's mentions read: in these comments, or all. */
    async markRead(userId: string, commentIds: string[] | "all"): Promise<void> {
      await db
        .update(commentMentions)
        .set({ readAt: new Date() })
        .where(and(eq(commentMentions.userId, userId), isNull(commentMentions.readAt), commentIds === "all" ? undefined : inArray(commentMentions.commentId, commentIds)));
    },
  };
}
