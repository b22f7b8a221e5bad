import "server-only";
import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/connection";
import { EVENT_RETENTION_MS, type ApiEvent } from "@/lib/api/events";
import type { Bus } from "./bus";
import { eventState, seenEvents } from "../store/schema";

/**
 * What the event feed keeps in the database, shared by every instance: the last `seq` applied
 * without a gap, and the IDs of the events already applied (kept `EVENT_RETENTION_MS`).
 */
const SEQ_KEY = "lastSeq";

export type EventCursor = ReturnType<typeof createEventCursor>;

export function createEventCursor(db: Database, bus: Bus, now: () => number) {
  let lastPurge = 0;
  return {
    async load(): Promise<number | null> {
      const [row] = await db.select().from(eventState).where(eq(eventState.key, SEQ_KEY));
      return row ? row.seq : null;
    },

    /** Moves the cursor forward only: another instance may already be further. */
    async save(seq: number): Promise<void> {
      await db
        .insert(eventState)
        .values({ key: SEQ_KEY, seq, updatedAt: new Date(now()) })
        .onConflictDoUpdate({ target: eventState.key, set: { seq: sql`greatest(${eventState.seq}, ${seq})`, updatedAt: new Date(now()) } });
    },

    /** Moves the cursor back: only when the API's history started over. */
    async reset(seq: number): Promise<void> {
      await db
        .insert(eventState)
        .values({ key: SEQ_KEY, seq, updatedAt: new Date(now()) })
        .onConflictDoUpdate({ target: eventState.key, set: { seq, updatedAt: new Date(now()) } });
    },

    /**
     * Claims event IDs and tells the other instances of the fresh ones, in one transaction: a
     * process killed before the commit has claimed nothing, so replay brings those events again.
     * Returns the events nobody had claimed before. `within` records what else must happen
     * exactly once per event (routing queues new conversations), in the same transaction.
     */
    async claim(events: readonly ApiEvent[], within?: (tx: Database, fresh: ApiEvent[]) => Promise<void>): Promise<ApiEvent[]> {
      if (events.length === 0) return [];
      return db.transaction(async (tx) => {
        const rows = await tx
          .insert(seenEvents)
          .values(events.map((e) => ({ id: e.id, seq: e.seq, seenAt: new Date(now()) })))
          .onConflictDoNothing()
          .returning({ id: seenEvents.id });
        const fresh = new Set(rows.map((r) => r.id));
        const applied = events.filter((e) => fresh.has(e.id));
        if (applied.length && within) await within(tx, applied);
        if (applied.length) await bus.send({ type: "events", events: applied }, tx);
        return applied;
      });
    },

    /** Forgets claimed IDs past retention, at most once an hour. */
    async purge(): Promise<void> {
      if (now() - lastPurge < 60 * 60_000) return;
      lastPurge = now();
      await db.delete(seenEvents).where(lt(seenEvents.seenAt, new Date(now() - EVENT_RETENTION_MS)));
    },
  };
}
