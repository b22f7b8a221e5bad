import "server-only";
import { and, asc, eq, gt, inArray, isNotNull } from "drizzle-orm";
import type { ApiEvent } from "@/lib/api/events";
import type { AvailabilityStatus, LinkRouting, MemberAvailability } from "@/lib/api/routing";
import type { Database } from "@/lib/db/connection";
import { routingAssignments, routingLinks, routingMembers, routingQueue, session, user } from "../store/schema";

/**
 * What routing keeps in the inbox's database (tables in lib/server/store/schema): each member's
 * availability and capacity, each link's rule, and the queue of conversations waiting.
 */
export type RoutingStore = ReturnType<typeof createRoutingStore>;

export type MemberRow = typeof routingMembers.$inferSelect;
export type QueueRow = typeof routingQueue.$inferSelect;

export function createRoutingStore(db: Database) {
  const upsertMember = (memberId: string, set: Partial<Omit<MemberRow, "memberId">>, at: Date) =>
    db
      .insert(routingMembers)
      .values({ memberId, ...set, updatedAt: at })
      .onConflictDoUpdate({ target: routingMembers.memberId, set: { ...set, updatedAt: at } });

  return {
    members: () => db.select().from(routingMembers),

    setStatus: (memberId: string, status: AvailabilityStatus, at: Date) => upsertMember(memberId, { status, lastSeenAt: at }, at),
    setCapacity: (memberId: string, capacity: number | null, at: Date) => upsertMember(memberId, { capacity }, at),
    assigned: (memberId: string, at: Date) => upsertMember(memberId, { lastAssignedAt: at }, at),

    /** Notes the member was seen; answers when they were seen before (null: never). */
    async seen(memberId: string, at: Date): Promise<Date | null> {
      const [before] = await db.select({ lastSeenAt: routingMembers.lastSeenAt }).from(routingMembers).where(eq(routingMembers.memberId, memberId));
      await upsertMember(memberId, { lastSeenAt: at }, at);
      return before?.lastSeenAt ?? null;
    },

    /** The members with a session that has not expired: the others are signed out. */
    async signedIn(at: Date): Promise<Set<string>> {
      const rows = await db
        .selectDistinct({ memberId: user.memberId })
        .from(session)
        .innerJoin(user, eq(session.userId, user.id))
        .where(and(gt(session.expiresAt, at), isNotNull(user.memberId)));
      return new Set(rows.map((r) => r.memberId!));
    },

    async links(): Promise<LinkRouting[]> {
      const rows = await db.select().from(routingLinks);
      return rows.map(({ accountLinkId, mode, memberIds, routeRequests }) => ({ accountLinkId, mode: mode as LinkRouting["mode"], memberIds, routeRequests }));
    },
    linkRows: () => db.select().from(routingLinks),

    async setLink(rule: LinkRouting, at: Date): Promise<void> {
      const set = { mode: rule.mode, memberIds: rule.memberIds, routeRequests: rule.routeRequests, updatedAt: at };
      await db
        .insert(routingLinks)
        .values({ accountLinkId: rule.accountLinkId, ...set })
        .onConflictDoUpdate({ target: routingLinks.accountLinkId, set });
    },
    setPlace: (accountLinkId: string, memberId: string) => db.update(routingLinks).set({ lastMemberId: memberId }).where(eq(routingLinks.accountLinkId, accountLinkId)),

    /** Remembers that routing gave the thread to the member (their capacity counts it while it is open and theirs). */
    assignedThread: (threadId: string, memberId: string, at: Date) =>
      db
        .insert(routingAssignments)
        .values({ threadId, memberId, assignedAt: at })
        .onConflictDoUpdate({ target: routingAssignments.threadId, set: { memberId, assignedAt: at } }),
    routedThreads: () => db.select().from(routingAssignments),
    /** Forgets routed threads that are no longer open and theirs. */
    async forgetRouted(threadIds: readonly string[]): Promise<void> {
      if (threadIds.length) await db.delete(routingAssignments).where(inArray(routingAssignments.threadId, [...threadIds]));
    },

    /** Oldest first. */
    queue: () => db.select().from(routingQueue).orderBy(asc(routingQueue.arrivedAt), asc(routingQueue.threadId)),

    /** Removes threads from the queue; answers those that were there. */
    async dequeue(threadIds: readonly string[]): Promise<string[]> {
      if (threadIds.length === 0) return [];
      const rows = await db.delete(routingQueue).where(inArray(routingQueue.threadId, [...threadIds])).returning({ threadId: routingQueue.threadId });
      return rows.map((r) => r.threadId);
    },
  };
}

/**
 * Queues the new conversations among claimed events: inside the transaction that claims them
 * (lib/server/events/event-cursor), so a conversation is queued exactly once, by whichever
 * instance claimed its event, or not at all when that instance died first (replay claims it again).
 */
export async function queueArrivals(tx: Database, events: readonly ApiEvent[]): Promise<void> {
  const rows = events.flatMap((e) => {
    const data = (e.data ?? {}) as { accountLinkId?: unknown };
    if (e.type !== "thread.created" || typeof data.accountLinkId !== "string") return [];
    const at = Date.parse(e.createdAt);
    return [{ threadId: e.object.id, accountLinkId: data.accountLinkId, eventId: e.id, arrivedAt: new Date(Number.isFinite(at) ? at : Date.now()) }];
  });
  if (rows.length) await tx.insert(routingQueue).values(rows).onConflictDoNothing();
}

/** Whether routing may give a member conversations now, and why not. */
export function availabilityOf(
  memberId: string,
  row: MemberRow | undefined,
  signedIn: boolean,
  load: { open: number; routed: number },
  now: number,
  awayAfterMs: number,
): MemberAvailability {
  const status = (row?.status === "away" ? "away" : "available") as AvailabilityStatus;
  const lastSeen = row?.lastSeenAt?.getTime() ?? null;
  const away = status === "away" ? "set" : !signedIn ? "signedOut" : lastSeen === null || now - lastSeen > awayAfterMs ? "idle" : null;
  return { memberId, status, available: away === null, away, capacity: row?.capacity ?? null, open: load.open, routed: load.routed, lastSeenAt: lastSeen === null ? null : new Date(lastSeen).toISOString() };
}
