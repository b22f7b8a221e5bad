import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { V1Prospect, V1ProspectContext } from "@/lib/api/v1/resources";
import type { V1Message, V1Thread } from "@/lib/api/v1/threads";
import type { Database } from "@/lib/db/connection";
import type { LoadedThread, MessageRow, ProfileRow } from "../model/conversations";
import { contacts, contactTags, messages, tags, threads } from "../schema";

/**
 * Stored rows as version 1 shows them: the one place that decides the v1 face of threads,
 * messages and prospects (lib/api/v1 documents each choice).
 */

const iso = (d: Date) => d.toISOString();

/** Threads as v1 shows them, the last message's text loaded once for the whole page. */
export async function toV1Threads(db: Database, teamId: string, loaded: LoadedThread[]): Promise<V1Thread[]> {
  const lastIds = loaded.map((l) => l.row.lastMessageId).filter((id): id is string => id !== null);
  const lastById = new Map(
    lastIds.length
      ? (await db.select().from(messages).where(and(eq(messages.teamId, teamId), inArray(messages.id, lastIds)))).map((m) => [m.id, m])
      : [],
  );
  return loaded.map(({ row, contactAssigneeId }) => {
    const last = row.lastMessageId ? lastById.get(row.lastMessageId) : undefined;
    return {
      id: row.id,
      accountLinkId: row.accountLinkId,
      prospectId: row.profileId,
      platform: row.platform,
      platformId: row.platformId,
      done: row.archived,
      unread: row.unread,
      isSyncing: row.syncing,
      isRequest: row.acceptanceState === "pending",
      assigneeId: row.ownAssigneeId ?? contactAssigneeId,
      campaignId: row.campaignId,
      lastMessage: last
        ? { id: last.id, authorId: authorOf(last, row.profileId), content: last.deletedAt ? null : last.content, timestamp: iso(last.sentAt) }
        : null,
      lastMessageTimestamp: iso(row.activityAt),
      settings: { typingIndicatorsEnabled: row.typingIndicators !== "disabled" },
      createdAt: iso(row.createdAt),
    };
  });
}

export function toV1Message(row: MessageRow, profileId: string): V1Message {
  return {
    id: row.id,
    threadId: row.threadId,
    authorId: authorOf(row, profileId),
    content: row.deletedAt ? null : row.content,
    timestamp: iso(row.sentAt),
    editedAt: row.editedAt ? iso(row.editedAt) : null,
    deletedAt: row.deletedAt ? iso(row.deletedAt) : null,
    reactions: row.reactions.map((r) => {
      const author = r.author as { type?: unknown; accountLinkId?: unknown; profileId?: unknown } | undefined;
      const authorId =
        author?.type === "accountLink" && typeof author.accountLinkId === "string"
          ? author.accountLinkId
          : author?.type === "profile" && typeof author.profileId === "string"
            ? author.profileId
            : null;
      return { emoji: String(r.emoji), authorId };
    }),
  };
}

/** Rule 7 of v1: what the team sent is authored by its account link, the rest by the prospect. */
function authorOf(message: Pick<MessageRow, "direction" | "accountLinkId">, profileId: string): string {
  return message.direction === "outbound" ? message.accountLinkId : profileId;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Sync quality from the profile's sync age (lib/api/v1/resources.ts has the rule). */
export function syncQuality(syncedAt: Date, now: Date): { isFresh: boolean; isStale: boolean; confidence: number } {
  const age = Math.max(0, now.getTime() - syncedAt.getTime());
  const isFresh = age <= DAY;
  const confidence = isFresh ? 1 : Math.max(0.2, 1 - (0.8 * age) / (90 * DAY));
  return { isFresh, isStale: age > 30 * DAY, confidence: Math.round(confidence * 100) / 100 };
}

/** Prospects for profiles that have a contact (the caller found them), with their context. */
export async function toV1Prospects(db: Database, teamId: string, rows: ProfileRow[], now: Date): Promise<V1Prospect[]> {
  const withContact = rows.filter((r): r is ProfileRow & { contactId: string } => r.contactId !== null);
  if (withContact.length === 0) return [];
  const contexts = await loadContexts(db, teamId, withContact.map((r) => r.contactId));
  const profileIds = withContact.map((r) => r.id);
  const lastInbound = new Map(
    (
      await db
        .select({ profileId: threads.profileId, at: sql<string>`max(${messages.sentAt})` })
        .from(messages)
        .innerJoin(threads, eq(threads.id, messages.threadId))
        .where(and(eq(threads.teamId, teamId), inArray(threads.profileId, profileIds), eq(messages.direction, "inbound")))
        .groupBy(threads.profileId)
    ).map((r) => [r.profileId, new Date(r.at)]),
  );
  return withContact.map((p) => {
    const { contextOf, createdAt } = contexts.get(p.contactId)!;
    const lastActive = lastInbound.get(p.id) ?? null;
    const synced = lastActive && lastActive > createdAt ? lastActive : createdAt;
    const platformData = p.platformData ?? null;
    return {
      id: p.id,
      platform: p.platform,
      platformId: p.platformId,
      externalId: null,
      documentId: p.id,
      displayName: p.displayName,
      username: p.username,
      handle: p.handle,
      image: p.avatarUrl,
      imageNormalized: p.avatarUrl,
      bio: p.bio,
      location: null,
      profileUrl: p.profileUrl,
      websiteUrl: null,
      websiteDomain: null,
      verified: !p.verified ? "none" : p.isOrganization ? "business" : "verified",
      profileType: p.isOrganization ? "business" : "personal",
      isProtected: platformData?.isPrivate === true,
      followerCount: p.followerCount,
      followingCount: p.followingCount,
      postCount: null,
      engagementCount: null,
      listedCount: null,
      platformCreatedAt: null,
      firstSeenAt: iso(createdAt),
      lastUpdatedAt: iso(synced),
      lastEnrichedAt: iso(synced),
      lastActiveAt: lastActive ? iso(lastActive) : null,
      source: "conversation",
      ...syncQuality(synced, now),
      accountStatus: "active",
      // The spec's prospect always has an object here, if only an empty one.
      platformData: platformData ?? {},
      context: contextOf(p.id),
    };
  });
}

/** Each contact's context; a prospect's lists the threads of its own profile. */
async function loadContexts(db: Database, teamId: string, contactIds: string[]) {
  const ids = [...new Set(contactIds)];
  const rows = await db.select().from(contacts).where(and(eq(contacts.teamId, teamId), inArray(contacts.id, ids)));
  const tagRows = await db
    .select({ contactId: contactTags.contactId, tagId: contactTags.tagId })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(and(eq(tags.teamId, teamId), inArray(contactTags.contactId, ids)))
    .orderBy(asc(contactTags.addedAt), asc(contactTags.tagId));
  const threadRows = await db
    .select()
    .from(threads)
    .where(and(eq(threads.teamId, teamId), isNotNull(threads.contactId), inArray(threads.contactId, ids)))
    .orderBy(asc(threads.createdAt), asc(threads.id));
  const out = new Map<string, { createdAt: Date; contextOf: (profileId: string) => V1ProspectContext }>();
  for (const row of rows) {
    const tagIds = tagRows.filter((t) => t.contactId === row.id).map((t) => t.tagId);
    const own = threadRows.filter((t) => t.contactId === row.id);
    out.set(row.id, {
      createdAt: row.createdAt,
      contextOf: (profileId) => ({
        tags: tagIds,
        statusId: row.statusId,
        valuation: row.valuation,
        notes: row.notes,
        assigneeId: row.assigneeId,
        threads: own
          .filter((t) => t.profileId === profileId)
          .map((t) => ({
            id: t.id,
            accountLinkId: t.accountLinkId,
            lastMessageTimestamp: t.lastSentAt ? iso(t.lastSentAt) : null,
            createdAt: iso(t.createdAt),
          })),
      }),
    });
  }
  return out;
}
