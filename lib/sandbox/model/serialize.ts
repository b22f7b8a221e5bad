import type { Contact, Profile } from "@/lib/api/contacts";
import type { Status, Tag } from "@/lib/api/labels";
import type { Attachment, Message } from "@/lib/api/messages";
import type { AccountLink, PlatformInfo } from "@/lib/api/platforms";
import type { Member, Team } from "@/lib/api/team";
import type { Thread } from "@/lib/api/threads";
import type { accountLinks, contacts, members, messages, platforms, profiles, statuses, tags, teams, threads } from "../schema";

/**
 * Rows to API resources: the one place that decides how stored state is shown, so every
 * endpoint returns every documented field, with `null` where it does not apply.
 */

type Row<T extends { $inferSelect: unknown }> = T["$inferSelect"];

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export function toTeam(row: Row<typeof teams>): Team {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    createdAt: iso(row.createdAt),
    updatedAt: isoOrNull(row.updatedAt),
    currency: row.currency,
    allowSupportAccess: row.allowSupportAccess,
    imageUrl: row.imageUrl,
    plan: row.plan,
    addOns: row.addOns,
  };
}

export function toMember(row: Row<typeof members>): Member {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatarUrl: row.avatarUrl,
    role: row.role,
    createdAt: iso(row.createdAt),
  };
}

export function toPlatform(row: Row<typeof platforms>): PlatformInfo {
  return {
    platform: row.platform,
    name: row.name,
    capabilities: row.capabilities,
    limits: row.limits,
    mutationWindows: row.mutationWindows,
  };
}

export function toAccountLink(row: Row<typeof accountLinks>): AccountLink {
  return {
    id: row.id,
    platform: row.platform,
    platformId: row.platformId,
    displayName: row.displayName,
    username: row.username,
    avatarUrl: row.avatarUrl,
    capabilities: row.capabilities,
    status: row.status,
    pauseReasons: row.status === "paused" ? (row.pauseReasons ?? []) : null,
    createdAt: iso(row.createdAt),
  };
}

export function toProfile(row: Row<typeof profiles>): Profile {
  return {
    id: row.id,
    platform: row.platform,
    platformId: row.platformId,
    username: row.username,
    handle: row.handle,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    followerCount: row.followerCount,
    followingCount: row.followingCount,
    verified: row.verified,
    isOrganization: row.isOrganization,
    profileUrl: row.profileUrl,
    platformData: row.platformData ?? null,
  };
}

export function toContact(row: Row<typeof contacts>, contactProfiles: Row<typeof profiles>[], tagIds: string[]): Contact {
  return {
    id: row.id,
    profiles: contactProfiles.map(toProfile),
    statusId: row.statusId,
    tagIds,
    notes: row.notes,
    valuation: row.valuation,
    assigneeId: row.assigneeId,
    createdAt: iso(row.createdAt),
    updatedAt: isoOrNull(row.updatedAt),
  };
}

export function toTag(row: Row<typeof tags>): Tag {
  return { id: row.id, name: row.name, color: row.color };
}

export function toStatus(row: Row<typeof statuses>): Status {
  return { id: row.id, name: row.name, color: row.color, position: row.position };
}

/** `contactAssigneeId` is the thread's contact's assignee, the fallback for `assigneeId`. */
export function toThread(row: Row<typeof threads>, contactAssigneeId: string | null): Thread {
  const assigneeId = row.ownAssigneeId ?? contactAssigneeId;
  return {
    id: row.id,
    accountLinkId: row.accountLinkId,
    profileId: row.profileId,
    contactId: row.contactId,
    platformId: row.platformId,
    archived: row.archived,
    unread: row.unread,
    syncing: row.syncing,
    activity: { at: iso(row.activityAt), preview: row.activityPreview },
    lastMessage:
      row.lastMessageId && row.lastDirection && row.lastSentAt
        ? { id: row.lastMessageId, direction: row.lastDirection, sentAt: iso(row.lastSentAt), preview: row.lastPreview }
        : null,
    assigneeId,
    assigneeSource: row.ownAssigneeId ? "thread" : contactAssigneeId ? "contact" : null,
    acceptanceState: row.acceptanceState,
    isRequest: row.acceptanceState === "pending",
    restrictions: row.restrictions,
    typingIndicators: row.typingIndicators,
    campaignId: row.campaignId,
    createdAt: iso(row.createdAt),
  };
}

/**
 * A stored media attachment keeps its media key and the expiry of the URL last handed out;
 * once that passes it shows as `expired` until GET …/attachments/{index} issues a fresh one.
 */
export type StoredAttachment = Record<string, unknown> & { kind: string };
export type MediaUrlSigner = (mediaKey: string, expiresAt: Date) => string;

export function toAttachment(stored: StoredAttachment, now: Date, sign: MediaUrlSigner): Attachment {
  if (typeof stored.mediaKey !== "string" || typeof stored.expiresAt !== "string") {
    const { mediaKey: _key, ...rest } = stored;
    return rest as Attachment;
  }
  const { mediaKey, expiresAt, status, ...rest } = stored;
  const expiry = new Date(expiresAt);
  const expired = expiry.getTime() <= now.getTime();
  return {
    ...rest,
    kind: stored.kind,
    status: status === "processing" || status === "unavailable" ? status : expired ? "expired" : "available",
    url: status === "processing" || status === "unavailable" ? null : sign(mediaKey, expiry),
    expiresAt: status === "processing" || status === "unavailable" ? null : expiresAt,
  } as Attachment;
}

export function toMessage(row: Row<typeof messages>, now: Date, sign: MediaUrlSigner): Message {
  return {
    id: row.id,
    threadId: row.threadId,
    platformId: row.platformId,
    content: row.deletedAt ? null : row.content,
    direction: row.direction,
    accountLinkId: row.accountLinkId,
    sentBy: (row.sentBy as Message["sentBy"]) ?? null,
    sentAt: iso(row.sentAt),
    editedAt: isoOrNull(row.editedAt),
    deletedAt: isoOrNull(row.deletedAt),
    attachments: row.deletedAt ? [] : row.attachments.map((a) => toAttachment(a as StoredAttachment, now, sign)),
    entities: row.deletedAt ? { postShares: [] } : (row.entities as Message["entities"]),
    reactions: row.reactions as Message["reactions"],
    platformData: row.platformData,
    delivery: row.direction === "outbound" ? (row.unsettled ?? "sent") : null,
  };
}
