import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Draft, DraftHolder } from "@/lib/api/drafts";
import type { Database } from "@/lib/db/connection";
import { drafts, user } from "../store/schema";

/**
 * Members' drafts (lib/api/drafts) in the inbox's database. Every call is made as one user and
 * touches only that user's row: there is no way to ask for another member's text. After each
 * change `onHolders` hears who now holds a draft in the thread, to tell the team live.
 */
export type Drafts = ReturnType<typeof createDrafts>;

export function createDrafts(db: Database, options: { onHolders?: (threadId: string, holders: DraftHolder[]) => void } = {}) {
  const holders = async (threadId: string): Promise<DraftHolder[]> =>
    db
      .select({ userId: drafts.userId, name: user.name })
      .from(drafts)
      .innerJoin(user, eq(user.id, drafts.userId))
      .where(eq(drafts.threadId, threadId))
      .orderBy(asc(user.name), asc(drafts.userId));

  const announce = async (threadId: string) => options.onHolders?.(threadId, await holders(threadId));

  return {
    holders,

    async get(userId: string, threadId: string): Promise<Draft | null> {
      const [row] = await db.select().from(drafts).where(and(eq(drafts.userId, userId), eq(drafts.threadId, threadId)));
      return row ? toDraft(row) : null;
    },

    /** Stores the whole text; the server's clock stamps it. */
    async save(userId: string, threadId: string, text: string): Promise<Draft> {
      const updatedAt = new Date();
      const [row] = await db
        .insert(drafts)
        .values({ userId, threadId, text, updatedAt })
        .onConflictDoUpdate({ target: [drafts.userId, drafts.threadId], set: { text, updatedAt } })
        // A new row has no `xmax`: only a new draft changes who holds one (saves come every second while typing).
        .returning({ threadId: drafts.threadId, text: drafts.text, updatedAt: drafts.updatedAt, created: sql<boolean>`xmax = 0` });
      if (row!.created) await announce(threadId);
      return toDraft(row!);
    },

    /** The conversation was deleted: everyone's draft of it goes (every instance hears it; the second finds none). */
    async forgetThread(threadId: string): Promise<void> {
      const gone = await db.delete(drafts).where(eq(drafts.threadId, threadId)).returning({ userId: drafts.userId });
      if (gone.length > 0) options.onHolders?.(threadId, []);
    },

    /** Sent or emptied; removing what is not there is no error (a retried delete). */
    async remove(userId: string, threadId: string): Promise<void> {
      const gone = await db
        .delete(drafts)
        .where(and(eq(drafts.userId, userId), eq(drafts.threadId, threadId)))
        .returning({ threadId: drafts.threadId });
      if (gone.length > 0) await announce(threadId);
    },
  };
}

function toDraft(row: Pick<typeof drafts.$inferSelect, "threadId" | "text" | "updatedAt">): Draft {
  return { threadId: row.threadId, text: row.text, updatedAt: row.updatedAt.toISOString() };
}
