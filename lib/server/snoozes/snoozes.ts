import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ApiEvent } from "@/lib/api/events";
import type { Snooze, SnoozeKind } from "@/lib/api/snoozes";
import type { Thread } from "@/lib/api/threads";
import type { Database } from "@/lib/db/connection";
import type { Job, Scheduler } from "../scheduler/scheduler";
import { threadSnoozes } from "../store/schema";

/**
 * The team's snoozes and follow-up reminders (lib/api/snoozes for the rules), one row per
 * thread and kind in `thread_snoozes`, woken by the scheduler (lib/server/scheduler) and by
 * the API's events:
 *
 * - a snooze's job (`snooze.wake`, keyed by thread) marks it returned at its time; a reply
 *   (`message.received`) marks it returned at once and cancels the job;
 * - a follow-up's job (`followUp.due`) marks it returned `noReply` unless the thread's latest
 *   message is the contact's, newer than the watched send; a reply ends it, with its job;
 * - a send to the contact (`message.sent`) clears the returned marks of its thread: it was
 *   dealt with.
 *
 * Each change is guarded by the state it expects, so a job run twice or an event heard on two
 * instances changes nothing the second time; `onChange` hears of the threads whose snoozes
 * changed (to tell browsers, on every instance), `onReturn` of those that came back.
 */
export type Actor = { userId: string; name: string };

export type Snoozes = {
  list(): Promise<Snooze[]>;
  /** Threads snoozed now: kept out of the folders. */
  snoozedIds(): Promise<Set<string>>;
  snooze(threadId: string, until: Date | null, by: Actor): Promise<Snooze>;
  followUp(threadId: string, until: Date, by: Actor): Promise<Snooze>;
  /** Wakes a snooze now, ends a reminder, or dismisses a returned mark; what there was, if anything. */
  remove(threadId: string, kind: SnoozeKind): Promise<Snooze | null>;
  /**
   * Events as they are claimed, inside the claiming transaction (`tx`), so each is acted on
   * once across instances and a crash before the commit leaves them to be claimed again: replies
   * wake, sends clear. Answers the threads whose snoozes changed, for the caller to announce
   * once the transaction commits.
   */
  applyEvents(events: readonly ApiEvent[], tx: Database): Promise<string[]>;
};

export type SnoozesOptions = {
  db: Database;
  scheduler: Scheduler;
  /** A thread as the inbox holds it (no upstream read), to check a reminder against its latest message. */
  thread(threadId: string): Thread | undefined;
  onChange(threadIds: string[]): void;
  onReturn?(threadId: string): Promise<void>;
};

type Row = typeof threadSnoozes.$inferSelect;

const WAKE = "snooze.wake";
const DUE = "followUp.due";
const jobKey = (kind: SnoozeKind, threadId: string) => `${kind}:${threadId}`;

export function createSnoozes(options: SnoozesOptions): Snoozes {
  const { db, scheduler } = options;

  /** Marks a waiting row returned; whether it changed. */
  async function markReturned(threadId: string, kind: SnoozeKind, reason: "time" | "reply" | "noReply", guard?: Date, tx: Database = db): Promise<boolean> {
    const now = await scheduler.now();
    const changed = await tx
      .update(threadSnoozes)
      .set({ state: "returned", reason, returnedAt: now, updatedAt: sql`now()` })
      .where(and(eq(threadSnoozes.threadId, threadId), eq(threadSnoozes.kind, kind), eq(threadSnoozes.state, "waiting"), guard ? eq(threadSnoozes.since, guard) : undefined))
      .returning({ threadId: threadSnoozes.threadId });
    return changed.length > 0;
  }

  async function put(threadId: string, kind: SnoozeKind, until: Date | null, since: Date, by: Actor): Promise<Snooze> {
    const values = { threadId, kind, state: "waiting", until, since, userId: by.userId, userName: by.name, reason: null, returnedAt: null, updatedAt: new Date() };
    const [row] = await db.transaction(async (tx) => {
      const rows = await tx.insert(threadSnoozes).values(values).onConflictDoUpdate({ target: [threadSnoozes.threadId, threadSnoozes.kind], set: values }).returning();
      if (until) await scheduler.schedule({ kind: kind === "snooze" ? WAKE : DUE, key: jobKey(kind, threadId), dueAt: until, payload: { threadId, since: since.toISOString() } }, tx);
      else await scheduler.cancel(jobKey(kind, threadId), tx);
      return rows;
    });
    options.onChange([threadId]);
    return toSnooze(row!);
  }

  scheduler.handle(WAKE, async (job) => {
    const { threadId, since } = payloadOf(job);
    if (await markReturned(threadId, "snooze", "time", since)) await returned(threadId);
  });

  scheduler.handle(DUE, async (job) => {
    const { threadId, since } = payloadOf(job);
    const last = options.thread(threadId)?.lastMessage;
    // The reply may have come while events were not arriving: the thread as held says so.
    if (last?.direction === "inbound" && Date.parse(last.sentAt) > since.getTime()) {
      await db.delete(threadSnoozes).where(and(eq(threadSnoozes.threadId, threadId), eq(threadSnoozes.kind, "followUp"), eq(threadSnoozes.since, since)));
      options.onChange([threadId]);
      return;
    }
    if (await markReturned(threadId, "followUp", "noReply", since)) await returned(threadId);
  });

  async function returned(threadId: string): Promise<void> {
    options.onChange([threadId]);
    await options.onReturn?.(threadId);
  }

  return {
    async list() {
      return (await db.select().from(threadSnoozes)).map(toSnooze);
    },
    async snoozedIds() {
      const rows = await db.select({ threadId: threadSnoozes.threadId }).from(threadSnoozes).where(and(eq(threadSnoozes.kind, "snooze"), eq(threadSnoozes.state, "waiting")));
      return new Set(rows.map((row) => row.threadId));
    },
    async snooze(threadId, until, by) {
      return put(threadId, "snooze", until, await scheduler.now(), by);
    },
    async followUp(threadId, until, by) {
      return put(threadId, "followUp", until, await scheduler.now(), by);
    },
    async remove(threadId, kind) {
      const removed = await db.transaction(async (tx) => {
        await scheduler.cancel(jobKey(kind, threadId), tx);
        return tx.delete(threadSnoozes).where(and(eq(threadSnoozes.threadId, threadId), eq(threadSnoozes.kind, kind))).returning();
      });
      if (removed.length) options.onChange([threadId]);
      return removed[0] ? toSnooze(removed[0]) : null;
    },
    async applyEvents(events, tx) {
      const replied = new Set<string>();
      const answered = new Set<string>();
      for (const event of events) {
        const threadId = (event.data as { threadId?: unknown } | null)?.threadId;
        if (typeof threadId !== "string") continue;
        if (event.type === "message.received") replied.add(threadId);
        if (event.type === "message.sent") answered.add(threadId);
      }
      const changed = new Set<string>();
      for (const threadId of replied) {
        if (await markReturned(threadId, "snooze", "reply", undefined, tx)) {
          await scheduler.cancel(jobKey("snooze", threadId), tx);
          changed.add(threadId);
        }
        const ended = await tx
          .delete(threadSnoozes)
          .where(and(eq(threadSnoozes.threadId, threadId), eq(threadSnoozes.kind, "followUp"), eq(threadSnoozes.state, "waiting")))
          .returning({ threadId: threadSnoozes.threadId });
        if (ended.length) {
          await scheduler.cancel(jobKey("followUp", threadId), tx);
          changed.add(threadId);
        }
      }
      if (answered.size) {
        const cleared = await tx
          .delete(threadSnoozes)
          .where(and(inArray(threadSnoozes.threadId, [...answered]), eq(threadSnoozes.state, "returned")))
          .returning({ threadId: threadSnoozes.threadId });
        for (const row of cleared) changed.add(row.threadId);
      }
      return [...changed];
    },
  };
}

function payloadOf(job: Job): { threadId: string; since: Date } {
  const payload = job.payload as { threadId: string; since: string };
  return { threadId: payload.threadId, since: new Date(payload.since) };
}

function toSnooze(row: Row): Snooze {
  return {
    threadId: row.threadId,
    kind: row.kind as SnoozeKind,
    state: row.state as Snooze["state"],
    until: row.until?.toISOString() ?? null,
    since: row.since.toISOString(),
    by: { userId: row.userId, name: row.userName },
    reason: (row.reason as Snooze["reason"]) ?? null,
    returnedAt: row.returnedAt?.toISOString() ?? null,
  };
}
