import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { ActivityEntry } from "@/lib/api/activity";
import type { Operation } from "@/lib/api/endpoints";
import { withoutFileBytes } from "@/lib/api/messages";
import type { StageEntry } from "@/lib/api/pipeline";
import type { Database } from "@/lib/db/connection";
import { activity } from "../store/schema";
import { atLeast } from "../access/policy";
import { canSee, type Viewer } from "../access/visibility";

/** What the proxy knows of a write that succeeded. */
export type WriteRecord = {
  operation: Operation;
  params: Record<string, string>;
  /** The request body, as validated; for a DELETE, its query (which says what it does). */
  body: unknown;
  /** The API's answer body, parsed (null when it had none). */
  answer: unknown;
  /** What the changed thread or contact looked like before, where the inbox held it. */
  before: unknown;
  requestId: string | null;
};

export type Actor = { userId: string; name: string; memberId: string | null };

export const ACTIVITY_RETENTION_DAYS = 365;

/** Writes not worth a line: a typing indicator is sent every few seconds while someone types. */
export const UNRECORDED: ReadonlySet<Operation> = new Set(["threads.typing"]);

export type ActivityLog = ReturnType<typeof createActivityLog>;

export function createActivityLog(db: Database) {
  return {
    async record(actor: Actor, write: WriteRecord): Promise<void> {
      if (UNRECORDED.has(write.operation)) return;
      const targets = targetsOf(write);
      await db.insert(activity).values({
        id: randomUUID(),
        userId: actor.userId,
        userName: actor.name,
        memberId: actor.memberId,
        action: write.operation,
        threadId: targets.threadId,
        contactId: targets.contactId,
        messageId: targets.messageId,
        before: write.before ?? null,
        after: withoutFileBytes(write.body) ?? null,
        requestId: write.requestId,
      });
    },

    /** Something done through the inbox's own endpoints, with no API write behind it (a snooze). */
    async note(actor: Actor, entry: { action: string; threadId: string; contactId: string | null; after: unknown }): Promise<void> {
      await db.insert(activity).values({
        id: randomUUID(),
        userId: actor.userId,
        userName: actor.name,
        memberId: actor.memberId,
        action: entry.action,
        threadId: entry.threadId,
        contactId: entry.contactId,
        after: entry.after ?? null,
      });
    },

    async list(filter: { threadId?: string; contactId?: string; memberId?: string; action?: string; from?: string; to?: string; limit: number }): Promise<ActivityEntry[]> {
      const conditions: SQL[] = [];
      if (filter.threadId) conditions.push(eq(activity.threadId, filter.threadId));
      if (filter.contactId) conditions.push(eq(activity.contactId, filter.contactId));
      if (filter.memberId) conditions.push(eq(activity.memberId, filter.memberId));
      if (filter.action) conditions.push(eq(activity.action, filter.action));
      if (filter.from) conditions.push(gte(activity.at, new Date(filter.from)));
      if (filter.to) conditions.push(lt(activity.at, new Date(filter.to)));
      const rows = await db.select().from(activity).where(and(...conditions)).orderBy(desc(activity.at)).limit(filter.limit);
      return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
    },

    /** Each contact's latest status change made through the inbox (the pipeline's "in stage since"). */
    async statusChanges(): Promise<StageEntry[]> {
      const rows = await db
        .selectDistinctOn([activity.contactId], { contactId: activity.contactId, status: sql<unknown>`${activity.after} -> 'status'`, at: activity.at })
        .from(activity)
        .where(and(eq(activity.action, "contacts.update"), isNotNull(activity.contactId), sql`${activity.after} -> 'status' is not null`))
        .orderBy(activity.contactId, desc(activity.at));
      return rows.map((row) => ({ contactId: row.contactId!, status: typeof row.status === "string" ? row.status : null, at: row.at.toISOString() }));
    },

    /** Drops what is older than the retention: run at start. */
    async purge(now = new Date()): Promise<void> {
      await db.delete(activity).where(and(lt(activity.at, new Date(now.getTime() - ACTIVITY_RETENTION_DAYS * 86_400_000))));
    },
  };
}

/** How entries' targets are read (the gateway's): each rejects when the inbox cannot read it. */
export type VisibilityLookup = {
  thread(threadId: string): Promise<{ assigneeId: string | null }>;
  contact(contactId: string): Promise<{ assigneeId: string | null }>;
  message(messageId: string): Promise<{ threadId: string }>;
};

/**
 * The entries the viewer may read, by the rule of what each names: its thread (the effective
 * assignee), else its contact, else its message's thread. A contact the member may see can
 * have a thread they may not, and its entries hold message text. What can no longer be read
 * (a deleted thread) is left out, as is an entry naming nothing.
 */
export async function visibleEntries(entries: ActivityEntry[], viewer: Viewer, lookup: VisibilityLookup): Promise<ActivityEntry[]> {
  if (viewer.visibility === "all" || atLeast(viewer.role, "manager")) return entries;
  const seen = new Map<string, Promise<boolean>>();
  const once = (key: string, check: () => Promise<boolean>) => {
    if (!seen.has(key)) seen.set(key, check().catch(() => false));
    return seen.get(key)!;
  };
  const threadVisible = (id: string) => once(`thread:${id}`, async () => canSee(await lookup.thread(id), viewer));
  const visible = (entry: ActivityEntry): Promise<boolean> => {
    if (entry.threadId) return threadVisible(entry.threadId);
    if (entry.contactId) return once(`contact:${entry.contactId}`, async () => canSee(await lookup.contact(entry.contactId!), viewer));
    if (entry.messageId) return once(`message:${entry.messageId}`, async () => threadVisible((await lookup.message(entry.messageId!)).threadId));
    return Promise.resolve(false);
  };
  const decisions = await Promise.all(entries.map(visible));
  return entries.filter((_, i) => decisions[i]);
}

/** The thread, contact and message a write concerns: from its path, its body and the API's answer. */
export function targetsOf(write: Pick<WriteRecord, "operation" | "params" | "body" | "answer">): { threadId: string | null; contactId: string | null; messageId: string | null } {
  const answer = (write.answer ?? {}) as { message?: { id?: string; threadId?: string }; thread?: { id?: string; contactId?: string | null }; threadId?: string; contactId?: string | null };
  const body = (write.body ?? {}) as { target?: { type?: string; threadId?: string; contactId?: string } };
  const str = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    threadId: str(write.params.threadId) ?? str(answer.message?.threadId) ?? str(answer.thread?.id) ?? str(answer.threadId) ?? str(body.target?.threadId),
    contactId: str(write.params.contactId) ?? str(answer.thread?.contactId) ?? (write.operation.startsWith("threads.") ? str(answer.contactId) : null) ?? str(body.target?.contactId),
    messageId: str(write.params.messageId) ?? str(answer.message?.id),
  };
}
