import { z } from "zod";
import { member } from "./team";
import { status, tag } from "./labels";
import { defineQuery, queryInt } from "./query";
import { MAX_EXPAND, PAGE_LIMIT, platformData, platformName, serviceId, timestamp } from "./primitives";

/**
 * Profile: what the platform says about a person. "Follower counts" are
 * `followerCount` and `followingCount`, null where the platform does not say.
 * We add `profileUrl` (the person's page on the platform, null when unknown).
 */
export const profile = z.looseObject({
  id: serviceId,
  platform: platformName,
  platformId: z.string(),
  username: z.string().nullable(),
  handle: z.string().nullable(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  followerCount: z.number().int().nonnegative().nullable(),
  followingCount: z.number().int().nonnegative().nullable(),
  verified: z.boolean(),
  isOrganization: z.boolean(),
  profileUrl: z.string().nullable(),
  platformData: platformData.nullable(),
});
export type Profile = z.infer<typeof profile>;

/**
 * Contact: what the team says about a person. We add `createdAt` and `updatedAt`.
 * `expand` on GET /contacts embeds `status` beside `statusId`, `tags` beside `tagIds` and
 * `assignee` beside `assigneeId` (our choice of expand values for contacts).
 */
export const CONTACT_EXPANDS = ["status", "tags", "assignee"] as const;
export const contact = z.looseObject({
  id: serviceId,
  profiles: z.array(profile),
  statusId: serviceId.nullable(),
  tagIds: z.array(serviceId),
  notes: z.string().nullable(),
  valuation: z.number().nullable(),
  assigneeId: serviceId.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp.nullable(),
  status: status.nullable().optional(),
  tags: z.array(tag).optional(),
  assignee: member.nullable().optional(),
});
export type Contact = z.infer<typeof contact>;

/** Notes are free text; this bound keeps one contact from carrying a book. */
export const NOTES_MAX_LENGTH = 10_000;

/**
 * PATCH /contacts/{contactId}. `status` takes a status ID or name (null clears it; one that
 * names no status is 404 statusNotFound). Each changed field records its own `contact.*`
 * event. Tags are added and removed one at a time with PUT/DELETE …/tags/{tagRef}, which
 * answer the contact (our choice) and record `contact.tagsChanged` only when something changed.
 * `assigneeId` is our addition: the spec lists `contact.*` events for assignee changes,
 * so the contact's assignee must be writable; null unassigns. Unknown fields are ignored, as
 * in every v2 body (lib/api/strict-body.ts).
 */
export const contactPatch = z.object({
  status: z.string().trim().min(1).nullable().optional(),
  notes: z.string().max(NOTES_MAX_LENGTH).nullable().optional(),
  valuation: z.number().finite().nonnegative().nullable().optional(),
  assigneeId: serviceId.nullable().optional(),
});
export type ContactPatch = z.infer<typeof contactPatch>;

/**
 * GET /contacts: `platform` is required, with `platformId` (repeatable) or `username`
 * (without `@`). Both or neither is a 400 invalidRequest: our reading of "with … or …".
 */
const contactListBase = defineQuery({
  platform: platformName,
  platformId: z.array(z.string().min(1)).optional(),
  username: z
    .string()
    .min(1)
    .refine((u) => !u.startsWith("@"), "username is given without @")
    .optional(),
  expand: z.array(z.enum(CONTACT_EXPANDS)).max(MAX_EXPAND).optional(),
  limit: queryInt(PAGE_LIMIT.min, PAGE_LIMIT.max).optional(),
  cursor: z.string().min(1).optional(),
});
export const contactListQuery = {
  ...contactListBase,
  schema: contactListBase.schema.refine(
    (q) => (q.platformId?.length ? 1 : 0) + (q.username ? 1 : 0) === 1,
    "Give either platformId or username with platform",
  ),
};
export type ContactListQuery = z.input<typeof contactListQuery.schema>;
