import { bigint, index, text } from "drizzle-orm/pg-core";
import { inbox, ts } from "./inbox";

/** Event intake (lib/server/events): where it stands and what it has applied. */

/** Where event intake stands: the last `seq` applied without a gap, shared by every instance. */
export const eventState = inbox.table("event_state", {
  key: text("key").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Event IDs already applied, for de-duplication across webhooks, replay and instances; kept 7 days. */
export const seenEvents = inbox.table(
  "seen_events",
  {
    id: text("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    seenAt: ts("seen_at").notNull().defaultNow(),
  },
  (t) => [index("seen_events_seen_at_idx").on(t.seenAt)],
);
