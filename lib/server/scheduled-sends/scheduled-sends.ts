import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { ScheduledSend, ScheduledSendChange, ScheduledSendState } from "@/lib/api/scheduled-sends";
import type { Database } from "@/lib/db/connection";
import { apiError } from "../http/route";
import type { Scheduler } from "../scheduler/scheduler";
import { scheduledSends } from "../store/schema";

/**
 * The team's scheduled sends (lib/api/scheduled-sends for the rules), one row each in
 * `scheduled_sends`, each with a scheduler job keyed by its ID (./sender runs it). Every change
 * of state is one guarded UPDATE, so an edit racing the scheduler's claim either lands before
 * it (and is sent) or is refused with 409 invalidTransition; the browser is never left thinking
 * it changed words that went out.
 */
export type Author = { userId: string; name: string };

export type ScheduledSends = ReturnType<typeof createScheduledSends>;

type Row = typeof scheduledSends.$inferSelect;

export const SEND_JOB = "send.scheduled";
export const jobKey = (id: string) => `send:${id}`;
/** States in which a scheduled send is still the author's to change. */
const OPEN: ScheduledSendState[] = ["scheduled", "failed"];

export function createScheduledSends(db: Database, scheduler: Scheduler, onChange: (change: ScheduledSendChange) => void) {
  async function changed(rows: Row[]): Promise<ScheduledSend | null> {
    const row = rows[0];
    if (!row) return null;
    const send = toScheduledSend(row);
    onChange(changeOf(send, send.state));
    return send;
  }

  /** The row, or the reason a change to it is refused: gone (404) or already on its way (409). */
  async function refusal(id: string): Promise<never> {
    const [row] = await db.select({ state: scheduledSends.state }).from(scheduledSends).where(eq(scheduledSends.id, id));
    if (!row) throw apiError("scheduledSendNotFound", `No scheduled send ${id}.`);
    throw apiError("invalidTransition", row.state === "sent" ? "It has been sent already." : "It is being sent now and can no longer be changed.", { status: row.state });
  }

  return {
    async get(id: string): Promise<ScheduledSend | null> {
      const [row] = await db.select().from(scheduledSends).where(eq(scheduledSends.id, id));
      return row ? toScheduledSend(row) : null;
    },

    /** Not yet sent (scheduled, sending or failed), soonest first; of a thread or of an author. */
    async list(filter: { threadId?: string; userId?: string }): Promise<ScheduledSend[]> {
      const conditions: SQL[] = [ne(scheduledSends.state, "sent")];
      if (filter.threadId) conditions.push(eq(scheduledSends.threadId, filter.threadId));
      if (filter.userId) conditions.push(eq(scheduledSends.userId, filter.userId));
      const rows = await db.select().from(scheduledSends).where(and(...conditions)).orderBy(asc(scheduledSends.sendAt));
      return rows.map(toScheduledSend);
    },

    async create(input: { threadId: string; content: string; sendAt: Date; author: Author }): Promise<ScheduledSend> {
      const id = randomUUID();
      const rows = await db.transaction(async (tx) => {
        const made = await tx
          .insert(scheduledSends)
          .values({ id, threadId: input.threadId, content: input.content, sendAt: input.sendAt, state: "scheduled", userId: input.author.userId, userName: input.author.name })
          .returning();
        await scheduler.schedule({ kind: SEND_JOB, key: jobKey(id), dueAt: input.sendAt, payload: { id } }, tx);
        return made;
      });
      return (await changed(rows))!;
    },

    /** New words or a new time; a failed one is scheduled again. */
    async update(id: string, change: { content?: string; sendAt?: Date }): Promise<ScheduledSend> {
      const rows = await db.transaction(async (tx) => {
        const updated = await tx
          .update(scheduledSends)
          .set({
            ...(change.content !== undefined ? { content: change.content } : {}),
            ...(change.sendAt ? { sendAt: change.sendAt } : {}),
            state: "scheduled",
            errorCode: null,
            errorSentence: null,
            updatedAt: new Date(),
          })
          .where(and(eq(scheduledSends.id, id), inArray(scheduledSends.state, OPEN)))
          .returning();
        const row = updated[0];
        if (row) await scheduler.schedule({ kind: SEND_JOB, key: jobKey(id), dueAt: row.sendAt, payload: { id } }, tx);
        return updated;
      });
      return (await changed(rows)) ?? refusal(id);
    },

    /** Cancels a scheduled send or discards a failed one; what it was. */
    async remove(id: string): Promise<ScheduledSend> {
      const rows = await db.transaction(async (tx) => {
        await scheduler.cancel(jobKey(id), tx);
        return tx.delete(scheduledSends).where(and(eq(scheduledSends.id, id), inArray(scheduledSends.state, OPEN))).returning();
      });
      const removed = rows[0] ? toScheduledSend(rows[0]) : await refusal(id);
      onChange(changeOf(removed, "cancelled"));
      return removed;
    },

    /** The thread was deleted: what was scheduled there has nowhere to go. */
    async forgetThread(threadId: string): Promise<void> {
      const rows = await db.delete(scheduledSends).where(and(eq(scheduledSends.threadId, threadId), inArray(scheduledSends.state, OPEN))).returning({ id: scheduledSends.id });
      for (const row of rows) await scheduler.cancel(jobKey(row.id));
    },

    /** The scheduler claimed it: no more edits. Null when it was cancelled or settled meanwhile. */
    async claim(id: string): Promise<ScheduledSend | null> {
      const rows = await db
        .update(scheduledSends)
        .set({ state: "sending", updatedAt: new Date() })
        .where(and(eq(scheduledSends.id, id), inArray(scheduledSends.state, ["scheduled", "sending"])))
        .returning();
      return changed(rows);
    },

    async sent(id: string, messageId: string): Promise<void> {
      await changed(await db.update(scheduledSends).set({ state: "sent", messageId, errorCode: null, errorSentence: null, updatedAt: new Date() }).where(eq(scheduledSends.id, id)).returning());
    },

    /** The API answered 502 sendUnconfirmed: the message to read until it settles. */
    async unconfirmed(id: string, messageId: string): Promise<void> {
      await db.update(scheduledSends).set({ messageId, updatedAt: new Date() }).where(eq(scheduledSends.id, id));
    },

    async failed(id: string, error: { code: string; sentence: string }): Promise<void> {
      await changed(
        await db
          .update(scheduledSends)
          .set({ state: "failed", errorCode: error.code, errorSentence: error.sentence, updatedAt: new Date() })
          .where(and(eq(scheduledSends.id, id), eq(scheduledSends.state, "sending")))
          .returning(),
      );
    },
  };
}

function changeOf(send: ScheduledSend, state: ScheduledSendChange["state"]): ScheduledSendChange {
  return { threadId: send.threadId, sendId: send.id, state, authorId: send.author.userId };
}

export function toScheduledSend(row: Row): ScheduledSend {
  return {
    id: row.id,
    threadId: row.threadId,
    content: row.content,
    sendAt: row.sendAt.toISOString(),
    state: row.state as ScheduledSendState,
    author: { userId: row.userId, name: row.userName },
    messageId: row.messageId,
    error: row.errorCode ? { code: row.errorCode, sentence: row.errorSentence ?? "" } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
