import { z } from "zod";
import { NOTES_MAX_LENGTH } from "../contacts";
import { color, status, tag } from "../labels";
import { member } from "../team";
import { platformName, serviceId, timestamp } from "../primitives";
import { prospect } from "../outreach/leads";
import { v1Scalar } from "./query";

/**
 * Version 1 team, members, account links, labels and prospects. Members, tags and statuses
 * have the v2 shapes (the spec shows no v1 difference), but their collections are flat arrays.
 */

/** Team: the spec's fields; `image` is the v1 name of v2's `imageUrl`. */
export const v1Team = z.looseObject({
  id: serviceId,
  name: z.string(),
  slug: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp.nullable(),
  currency: z.string(),
  allowSupportAccess: z.boolean(),
  image: z.string().nullable(),
});
export type V1Team = z.infer<typeof v1Team>;

export const v1Member = member;
export const v1MemberList = z.array(member);

/**
 * Account link: v2's fields with the v1 name `image` for `avatarUrl`. Version 1 was written
 * for one platform; the sandbox shows every platform the team may use under both versions
 * (one set of data), so `platform` tells them apart.
 */
export const v1AccountLink = z.looseObject({
  id: serviceId,
  platform: platformName,
  platformId: z.string().nullable(),
  displayName: z.string(),
  username: z.string().nullable(),
  image: z.string().nullable(),
  capabilities: z.array(z.string()),
  status: z.string(),
  pauseReasons: z.array(z.string()).nullable(),
  createdAt: timestamp,
});
export type V1AccountLink = z.infer<typeof v1AccountLink>;
export const v1AccountLinkList = z.array(v1AccountLink);

export const v1Tag = tag;
export const v1TagList = z.array(tag);
export const v1Status = status;
export const v1StatusList = z.array(status);
/** GET /tags/colors and /statuses/colors: the one predefined palette (v2's GET /colors). */
export const v1ColorList = z.array(color);

export const VERIFIED_KINDS = ["none", "verified", "business", "government"] as const;

/**
 * Prospect: one person's profile on a platform joined with the team's context of them.
 * Ours:
 * - `id` is the v2 profile's ID (never a contact's, as the v2 spec requires). A profile is a
 *   prospect once the team has talked with the person (it has a contact); reads never make one.
 * - Fields the sandbox does not know are null: `externalId`, `location`, `websiteUrl`,
 *   `websiteDomain`, `postCount`, `engagementCount`, `listedCount`, `platformCreatedAt`.
 * - `documentId` is the profile ID too; `image` and `imageNormalized` are its avatar URL;
 *   `verified` is `none`, else `business` for organisations, else `verified`; `profileType`
 *   is `business` or `personal`; `isProtected` is the platform's private-account flag;
 *   `source` is `conversation`; `accountStatus` is `active`.
 * - Sync age: the profile is synced when the person writes (an inbound message carries fresh
 *   profile data) and when the contact is made, so `lastEnrichedAt` = `lastUpdatedAt` = the
 *   later of the two. `isFresh` while it is at most 24 hours old, `isStale` beyond 30 days,
 *   and `confidence` 1 when fresh, falling linearly to 0.2 at 90 days (two decimals).
 *   `lastActiveAt` is the person's latest message; `firstSeenAt` the contact's creation.
 * - GET /prospects/{id} and the lookup embed `context`, so one read shows the whole prospect.
 */
export const v1ProspectThread = z.looseObject({
  id: serviceId,
  accountLinkId: serviceId,
  lastMessageTimestamp: timestamp.nullable(),
  createdAt: timestamp,
});

/** Context: the spec's fields; `assigneeId` (ours) is the contact's assignee. */
export const v1ProspectContext = z.looseObject({
  tags: z.array(serviceId),
  statusId: serviceId.nullable(),
  valuation: z.number().nullable(),
  notes: z.string().nullable(),
  assigneeId: serviceId.nullable(),
  threads: z.array(v1ProspectThread),
});
export type V1ProspectContext = z.infer<typeof v1ProspectContext>;

/** The spec's one Prospect (lib/api/outreach/leads.ts, as embedded in a lead), with its service ID and context. */
export const v1Prospect = prospect.extend({ id: serviceId, context: v1ProspectContext });
export type V1Prospect = z.infer<typeof v1Prospect>;

/**
 * GET /prospects/lookup: `identifier` with `by` (`platformId`, the default, or `username`,
 * case-insensitive, `@` optional). `platform` (ours) narrows the search; without it every
 * platform the team may use is searched and the first match in platform order wins.
 * No prospect is 404 PROSPECT_NOT_FOUND.
 */
export const v1ProspectLookupQuery = z.strictObject({
  identifier: v1Scalar(z.string().trim().min(1).max(200)),
  by: v1Scalar(z.enum(["platformId", "username"])).optional(),
  platform: v1Scalar(platformName).optional(),
});

/**
 * PATCH /prospects/{id}/context: `addTags` and `removeTags` are tag IDs (an unknown one is
 * 404 TAG_NOT_FOUND; a tag both added and removed is a VALIDATION_ERROR); `statusId` null
 * clears the status. There is no `tagIds`: it is refused as an unknown field. Answers the
 * context; each change records its event, as v2's contact changes do.
 */
export const v1ContextPatch = z.strictObject({
  notes: z.string().max(NOTES_MAX_LENGTH).nullable().optional(),
  valuation: z.number().finite().nonnegative().nullable().optional(),
  statusId: serviceId.nullable().optional(),
  addTags: z.array(serviceId).max(100).optional(),
  removeTags: z.array(serviceId).max(100).optional(),
});
export type V1ContextPatch = z.infer<typeof v1ContextPatch>;
