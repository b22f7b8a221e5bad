import { eq, sql } from "drizzle-orm";
import type { ApiEvent, KnownEventType } from "@/lib/api/events";
import type { Database } from "@/lib/db/connection";
import { newId } from "../model/ids";
import { events, teams } from "../schema";

/**
 * Every change the API makes is recorded here, in the same transaction as the change,
 * with the team's next `seq`. The event types and their `data` are `lib/api/events.ts`'s.
 */
export type EventInput = {
  type: KnownEventType;
  objectType: "message" | "thread" | "contact" | "tag" | "status" | "accountLink" | "campaign";
  objectId: string;
  data: Record<string, unknown>;
};

const OBJECT_PATHS: Record<EventInput["objectType"], string> = {
  message: "/messages/",
  thread: "/threads/",
  contact: "/contacts/",
  tag: "/tags/",
  status: "/statuses/",
  accountLink: "/account-links/",
  campaign: "/campaigns/",
};

export async function appendEvents(db: Database, teamId: string, inputs: EventInput[], now: Date): Promise<ApiEvent[]> {
  if (inputs.length === 0) return [];
  const [row] = await db
    .update(teams)
    .set({ lastSeq: sql`${teams.lastSeq} + ${inputs.length}` })
    .where(eq(teams.id, teamId))
    .returning({ lastSeq: teams.lastSeq });
  if (!row) throw new Error(`appendEvents: no team ${teamId}`);
  const first = row.lastSeq - inputs.length + 1;
  const rows = inputs.map((input, i) => ({
    teamId,
    seq: first + i,
    id: newId("event"),
    type: input.type,
    createdAt: now,
    objectType: input.objectType,
    objectId: input.objectId,
    data: input.data,
  }));
  await db.insert(events).values(rows);
  return rows.map(toApiEvent);
}

export function toApiEvent(row: typeof events.$inferSelect): ApiEvent {
  return {
    id: row.id,
    seq: row.seq,
    type: row.type,
    apiVersion: 2,
    createdAt: row.createdAt.toISOString(),
    object: {
      type: row.objectType,
      id: row.objectId,
      url: OBJECT_PATHS[row.objectType as EventInput["objectType"]] + row.objectId,
    },
    data: row.data,
  };
}
