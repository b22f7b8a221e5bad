import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import { joinThread, platformMessageId, requirePlatformRow, type MessageRow } from "../model/conversations";
import { messages, threads } from "../schema";
import type { SandboxStore } from "../store";

/**
 * How a send answered 502 sendUnconfirmed settles (our choice; the spec says only that the
 * client reads `details.messageId` later "to see how it settled"):
 *
 * - From the 502 on, GET /messages/{messageId} answers the message with `delivery: "pending"`
 *   and `platformId: null`. It is not in its thread's history yet, nor the thread's last
 *   message; edits, unsends and reactions answer 422 messageNotMutable (`reason: "unsettled"`).
 *   Its thread exists (a send to a new person starts one either way).
 * - After `settleAfterMs` on the sandbox clock (the fault's, default 1 second; advancing the
 *   clock past it settles it at once), it settles one way or the other, announced by an event:
 *   - delivered: `delivery: "sent"`, `platformId` set, the message joins its thread's history
 *     at the time it was sent (as its latest message unless a later one came meanwhile), and
 *     `message.sent` is recorded then: the send's event, when the platform took it;
 *   - not delivered: `delivery: "failed"`, `platformId` null, never in the history; still
 *     readable, and `message.failed` is recorded. A retry is a new send with a new key (the
 *     old key replays the 502).
 *
 * Settling runs on a timer (the earliest due send), when the control API advances the clock,
 * and before GET /messages/{messageId} reads an unsettled send that is due; so it happens
 * whether anyone reads or not, and survives a restart (the due sends are in the store).
 */
export const SETTLE_AFTER_DEFAULT_MS = 1000;
export const SETTLE_AFTER_MAX_MS = 60 * 60 * 1000;

export type Settler = {
  /** A pending send is due at `at` (sandbox clock): make sure the timer wakes by then. */
  schedule(at: Date): void;
  /** Settles every pending send due by now (of one team, or all); answers how many settled. */
  settleDue(teamId?: string): Promise<number>;
  /** Settles this message now if it is a pending send that is due. */
  settleIfDue(teamId: string, messageId: string): Promise<void>;
  /** Arms the timer for what the store holds pending (after a restart). */
  start(): Promise<void>;
  stop(): void;
};

export function createSettler(store: SandboxStore): Settler {
  const { db, clock } = store;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt: number | null = null;
  let stopped = false;

  async function settleOne(teamId: string, messageId: string): Promise<boolean> {
    return store.write(teamId, async (tx, record) => {
      const now = clock.now();
      const [row] = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.teamId, teamId), eq(messages.id, messageId)))
        .for("update");
      if (!row || row.unsettled !== "pending" || (row.settleAt && row.settleAt.getTime() > now.getTime())) return false;
      const [thread] = await tx.select().from(threads).where(and(eq(threads.teamId, teamId), eq(threads.id, row.threadId))).for("update");
      if (!thread) return false;
      const data = { threadId: thread.id, messageId: row.id };
      if (!row.delivered) {
        await tx.update(messages).set({ unsettled: "failed", settleAt: null }).where(eq(messages.id, row.id));
        record({ type: "message.failed", objectType: "message", objectId: row.id, data });
        return true;
      }
      const platform = await requirePlatformRow(tx, thread.platform);
      const [delivered] = await tx
        .update(messages)
        .set({ unsettled: null, settleAt: null, platformId: platformMessageId(platform) })
        .where(eq(messages.id, row.id))
        .returning();
      // Replying to a message request accepts it, once the reply has gone.
      await joinThread(tx, thread, delivered as MessageRow, thread.acceptanceState === "pending" ? { acceptanceState: "accepted" } : undefined);
      record({ type: "message.sent", objectType: "message", objectId: row.id, data });
      return true;
    });
  }

  async function settleDue(teamId?: string): Promise<number> {
    const due = await db
      .select({ id: messages.id, teamId: messages.teamId })
      .from(messages)
      .where(and(eq(messages.unsettled, "pending"), isNotNull(messages.settleAt), lte(messages.settleAt, clock.now()), teamId ? eq(messages.teamId, teamId) : undefined))
      .orderBy(asc(messages.settleAt), asc(messages.id));
    let settled = 0;
    for (const row of due) if (await settleOne(row.teamId, row.id)) settled++;
    return settled;
  }

  async function armForNext(): Promise<void> {
    const [next] = await db
      .select({ settleAt: messages.settleAt })
      .from(messages)
      .where(and(eq(messages.unsettled, "pending"), isNotNull(messages.settleAt)))
      .orderBy(asc(messages.settleAt))
      .limit(1);
    if (next?.settleAt) schedule(next.settleAt);
  }

  function schedule(at: Date): void {
    if (stopped) return;
    // The sandbox clock runs at real speed, so the wait in real time is the wait on it.
    const due = Date.now() + Math.max(0, at.getTime() - clock.now().getTime());
    if (timer && timerAt !== null && timerAt <= due) return;
    if (timer) clearTimeout(timer);
    timerAt = due;
    timer = setTimeout(() => {
      timer = null;
      timerAt = null;
      void settleDue()
        .then(armForNext)
        .catch((error: unknown) => {
          if (!stopped) console.error("[sandbox] settling unconfirmed sends failed:", error);
        });
    }, due - Date.now());
    // A pending send never keeps a process (a test run, say) alive.
    timer.unref?.();
  }

  return {
    schedule,
    settleDue,
    async settleIfDue(teamId, messageId) {
      await settleOne(teamId, messageId);
    },
    async start() {
      await armForNext();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
