import type { Lead, List } from "@/lib/api/outreach/leads";
import { customDataKey } from "@/lib/api/outreach/leads";
import type { outreachColumns, outreachLeads, outreachLists } from "../schema";

/**
 * Outreach rows as the API shows them. `isFresh` and `isStale` are ours: profile data
 * updated in the last 7 days is fresh; not updated for 30 days (or never) is stale.
 */
export type LeadRow = typeof outreachLeads.$inferSelect;
type ListRow = typeof outreachLists.$inferSelect;
type ColumnRow = typeof outreachColumns.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
export const FRESH_DAYS = 7;
export const STALE_DAYS = 30;

export function toList(row: ListRow, columns: ColumnRow[], reachableEstimate: number): List {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    icon: row.icon,
    color: row.color,
    description: row.description,
    profilesCount: row.profilesCount,
    reachableEstimate,
    reachableCount: row.reachableCount,
    columns: Object.fromEntries(
      [...columns].sort((a, b) => a.position - b.position).map((c) => [customDataKey(c.id), { id: c.id, name: c.name, type: c.type }]),
    ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

export function toLead(row: LeadRow, now: Date): Lead {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const age = row.lastUpdatedAt ? now.getTime() - row.lastUpdatedAt.getTime() : Number.POSITIVE_INFINITY;
  return {
    id: row.id,
    prospect: {
      platform: row.platform,
      platformId: row.platformId,
      externalId: row.externalId,
      documentId: row.documentId,
      displayName: row.displayName,
      username: row.username,
      handle: row.handle,
      image: row.image,
      imageNormalized: row.image,
      bio: row.bio,
      location: row.location,
      profileUrl: row.profileUrl,
      websiteUrl: row.websiteUrl,
      websiteDomain: row.websiteDomain,
      verified: row.verified,
      profileType: row.profileType,
      isProtected: row.isProtected,
      followerCount: row.followerCount,
      followingCount: row.followingCount,
      postCount: row.postCount,
      engagementCount: row.engagementCount,
      listedCount: row.listedCount,
      platformCreatedAt: iso(row.platformCreatedAt),
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastUpdatedAt: iso(row.lastUpdatedAt),
      lastEnrichedAt: iso(row.lastEnrichedAt),
      lastActiveAt: iso(row.lastActiveAt),
      source: row.source,
      isFresh: age <= FRESH_DAYS * DAY_MS,
      isStale: age > STALE_DAYS * DAY_MS,
      confidence: row.confidence,
      accountStatus: row.accountStatus,
      platformData: row.platformData,
    },
    context: {
      tags: row.tagIds,
      statusId: row.statusId,
      valuation: row.valuation,
      notes: row.notes,
      threads: row.threads,
      assigneeId: row.assigneeId,
    },
    data: row.data,
    stage: row.stage,
    accountLinkId: row.accountLinkId,
    threadId: row.threadId,
    reachable: row.reachable,
    lastContactedAt: iso(row.lastContactedAt),
    lastRepliedAt: iso(row.lastRepliedAt),
    createdAt: row.createdAt.toISOString(),
  };
}
