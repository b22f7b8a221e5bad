import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/connection";
import { activity } from "../store/schema";

/**
 * Who sent messages through the inbox, from its activity log: the API sends every member's
 * message as the team owner (`sentBy` says `api`), so only the inbox knows the member.
 */
export async function inboxSenders(db: Database, messageIds: readonly string[]): Promise<Map<string, { name: string; memberId: string | null }>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({ messageId: activity.messageId, name: activity.userName, memberId: activity.memberId })
    .from(activity)
    .where(and(eq(activity.action, "messages.send"), inArray(activity.messageId, [...messageIds])));
  return new Map(rows.map((row) => [row.messageId!, { name: row.name, memberId: row.memberId }]));
}
