import { z } from "zod";
import { capabilityName } from "./capability-names";
import { defineQuery, queryInt } from "./query";
import { openEnum, PAGE_LIMIT, platformName, serviceId, timestamp } from "./primitives";

/**
 * Platform info (GET /platforms, an array, not paginated). The spec leaves its structure
 * "not shown"; our choice:
 *
 * - `platform`: the identifier other resources carry in their `platform` field. Not `id`,
 *   because rule 7 reserves `id` for service IDs.
 * - `name`: a display name.
 * - `capabilities`: the most any account on the platform can do.
 * - `limits.messageLength`: maximum characters in a message, `null` for no limit. Further
 *   limits may be added, so `limits` keeps unknown keys.
 * - `limits.attachments`: what one send may carry with `message:attach` (lib/api/messages:
 *   the send body): `maxCount` files, each at most `maxBytes`, of `mimeTypes` (exact types
 *   or `type/*`; `null` for any type). `null` or absent where the platform takes no files.
 * - `mutationWindows`: keyed by a windowed capability (`message:edit`, `message:unsend`),
 *   the seconds after sending during which it is allowed. A missing key or `null` means no
 *   time limit. A capability absent from `capabilities` is not allowed at all, whatever
 *   its window says.
 */
export const attachmentLimits = z.looseObject({
  maxCount: z.number().int().positive(),
  maxBytes: z.number().int().positive(),
  mimeTypes: z.array(z.string()).nullable(),
});
export type AttachmentLimits = z.infer<typeof attachmentLimits>;

export const platformLimits = z.looseObject({
  messageLength: z.number().int().positive().nullable(),
  attachments: attachmentLimits.nullable().optional(),
});

export const mutationWindows = z.record(z.string(), z.number().int().nonnegative().nullable());
export type MutationWindows = z.infer<typeof mutationWindows>;

export const platformInfo = z.looseObject({
  platform: platformName,
  name: z.string(),
  capabilities: z.array(capabilityName),
  limits: platformLimits,
  mutationWindows,
});
export type PlatformInfo = z.infer<typeof platformInfo>;
export const platformList = z.array(platformInfo);

/**
 * Account link status. `offline` must be reconnected by the team in its dashboard;
 * `paused` comes with `pauseReasons`.
 */
export const ACCOUNT_LINK_STATUSES = ["active", "offline", "paused"] as const;
export const accountLinkStatus = openEnum(ACCOUNT_LINK_STATUSES);

/**
 * Pause reasons are an open vocabulary; the ones we name: the platform limited the account
 * (`platformLimited`), the team paused it (`pausedByTeam`), the platform asks for a
 * verification (`verificationRequired`), the plan's seats ran out (`billing`).
 * `pauseReasons` is `null` unless the status is `paused` (a value that does not apply is null).
 */
export const PAUSE_REASONS = ["platformLimited", "pausedByTeam", "verificationRequired", "billing"] as const;

/**
 * Account link. Beyond the spec's fields we add `username` (the account's handle without
 * `@`, null where the platform has none), `platformId` (the platform's ID of the account)
 * and `createdAt`.
 */
export const accountLink = z.looseObject({
  id: serviceId,
  platform: platformName,
  platformId: z.string().nullable(),
  displayName: z.string(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  capabilities: z.array(capabilityName),
  status: accountLinkStatus,
  pauseReasons: z.array(openEnum(PAUSE_REASONS)).nullable(),
  createdAt: timestamp,
});
export type AccountLink = z.infer<typeof accountLink>;

/**
 * GET /account-links filters: `platform` (repeatable) and `status`. Further filters are
 * "not shown"; we add none.
 */
export const accountLinkListQuery = defineQuery({
  platform: z.array(platformName).optional(),
  status: z.enum(ACCOUNT_LINK_STATUSES).optional(),
  limit: queryInt(PAGE_LIMIT.min, PAGE_LIMIT.max).optional(),
  cursor: z.string().min(1).optional(),
});
export type AccountLinkListQuery = z.input<typeof accountLinkListQuery.schema>;
