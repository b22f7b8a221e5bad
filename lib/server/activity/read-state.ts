import "server-only";
import { eq, sql } from "drizzle-orm";
import type { ReadMark } from "@/lib/api/read-state";
import type { Database } from "@/lib/db/connection";
import { threadReads } from "../store/schema";

/** Each member's read marks (lib/api/read-state), shared by every instance through the database. */
export type ReadState = ReturnType<typeof createReadState>;

export function createReadState(db: Database) {
  return {
    async list(userId: string): Promise<ReadMark[]> {
      const rows = await db.select({ threadId: threadReads.threadId, readAt: threadReads.readAt }).from(threadReads).where(eq(threadReads.userId, userId));
      return rows.map((row) => ({ threadId: row.threadId, readAt: row.readAt?.toISOString() ?? null }));
    },

    /** Read up to `readAt` (never moving a mark back), or `null`: marked unread. */
    async mark(userId: string, threadId: string, readAt: string | null): Promise<ReadMark> {
      const value = readAt === null ? null : new Date(readAt);
      const [row] = await db
        .insert(threadReads)
        .values({ userId, threadId, readAt: value, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: [threadReads.userId, threadReads.threadId],
          // Two tabs reading at once must not undo each other: a read mark only moves forward.
          set: {
            // As text with a cast: the Postgres driver does not serialise a bare Date inside raw SQL.
            readAt: value === null ? null : sql`greatest(coalesce(${threadReads.readAt}, ${value.toISOString()}::timestamptz), ${value.toISOString()}::timestamptz)`,
            updatedAt: new Date(),
          },
        })
        .returning({ threadId: threadReads.threadId, readAt: threadReads.readAt });
      return { threadId: row!.threadId, readAt: row!.readAt?.toISOString() ?? null };
    },
  };
}
