import { z } from "zod";
import type { KnownErrorCode } from "../errors";

/**
 * Version 1 of the API (frozen), served under `/v1` beside `/v2` over the same data, tokens,
 * event log and rate-limit quota. This folder is its contract; where the spec
 * (api-v1-and-outreach.md) says "not shown", the choice is written beside the schema it shapes.
 * The ones that concern every endpoint:
 *
 * - Errors are `{ error: { code, message, status, details? } }`, `status` equal to the HTTP
 *   status. The spec's codes keep their meaning; a v2 rule that v1 also obeys answers the
 *   v1 code of `V1_CODE_OF_V2` (so the two versions cannot disagree on *when* something fails).
 *   Codes we add, for cases the v1 table has no row for: `NOT_FOUND` (no endpoint at the path),
 *   `METHOD_NOT_ALLOWED` (405), `MESSAGE_NOT_FOUND`, `ACCOUNT_LINK_DISCONNECTED` (409,
 *   `details.status`), `CAPABILITY_NOT_SUPPORTED`, `THREAD_RESTRICTED`, `MUTATION_WINDOW_CLOSED`,
 *   `MESSAGE_NOT_MUTABLE` (422, as in v2), `GONE` (410 after the sunset), `INTERNAL_ERROR` (500)
 *   and `SEND_UNCONFIRMED` (502, `details.messageId`).
 * - `VALIDATION_ERROR` always has `details.field` (a dotted path: `content`,
 *   `filters.tags.selectedIds`, `limit`; `body` for the body as a whole, `path` for the URL)
 *   and `details.issue` (zod's issue code, e.g. `invalid_type`, `too_big`, `unrecognized_keys`;
 *   or `required`, `malformed`, `too_long`, `repeated`).
 * - 403 `FORBIDDEN` stands for every v2 refusal of access: `details.reason` is the v2 code
 *   (`workspaceLocked`, `planRequired`, `platformNotAvailable`), beside the v2 details (the
 *   outreach `planRequired` keeps `addOn: "outreach"`).
 * - Outreach (served under `/v1` too, lib/api/outreach.ts): one not-found code per resource,
 *   named as the table names its own (`LIST_NOT_FOUND`, `LEAD_NOT_FOUND`,
 *   `IMPORT_JOB_NOT_FOUND`, `CAMPAIGN_NOT_FOUND`, `COLUMN_NOT_FOUND`, 404); the table has no
 *   state conflict, so `INVALID_TRANSITION` (409, `details.status` and for bulk-resume
 *   `details.jobId`, as in v2) is ours; a campaign that fails its checks is the table's
 *   "validation fails", `VALIDATION_ERROR` (400) with the first issue's `field`, `issue`
 *   `invalid` and every issue in `details.issues`; a bad outreach cursor is `INVALID_CURSOR`.
 * - Every response carries `Sunset` (RFC 8594) and a `Link` to the successor version; from the
 *   sunset on, every `/v1` request answers 410 `GONE`, before the token is looked at, and is
 *   not counted against the quota.
 */
export const V1_ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_CURSOR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  THREAD_NOT_FOUND: 404,
  MESSAGE_NOT_FOUND: 404,
  PROSPECT_NOT_FOUND: 404,
  ACCOUNT_LINK_NOT_FOUND: 404,
  TAG_NOT_FOUND: 404,
  STATUS_NOT_FOUND: 404,
  MEMBER_NOT_FOUND: 404,
  LIST_NOT_FOUND: 404,
  LEAD_NOT_FOUND: 404,
  IMPORT_JOB_NOT_FOUND: 404,
  CAMPAIGN_NOT_FOUND: 404,
  COLUMN_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  DUPLICATE_THREAD: 409,
  DUPLICATE_TAG: 409,
  DUPLICATE_STATUS: 409,
  ACCOUNT_LINK_DISCONNECTED: 409,
  INVALID_TRANSITION: 409,
  GONE: 410,
  CAPABILITY_NOT_SUPPORTED: 422,
  THREAD_RESTRICTED: 422,
  MUTATION_WINDOW_CLOSED: 422,
  MESSAGE_NOT_MUTABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SEND_UNCONFIRMED: 502,
} as const;
export type V1ErrorCode = keyof typeof V1_ERROR_STATUS;

/**
 * The v1 code a v2 error becomes. `messageTooLong` is the spec's "limit exceeded", a
 * `VALIDATION_ERROR` on `content`; the idempotency codes and the inbox's own codes never
 * arise under `/v1`.
 */
export const V1_CODE_OF_V2: Partial<Record<KnownErrorCode, V1ErrorCode>> = {
  invalidRequest: "VALIDATION_ERROR",
  invalidCursor: "INVALID_CURSOR",
  unauthorized: "UNAUTHORIZED",
  workspaceLocked: "FORBIDDEN",
  planRequired: "FORBIDDEN",
  platformNotAvailable: "FORBIDDEN",
  forbidden: "FORBIDDEN",
  notFound: "NOT_FOUND",
  memberNotFound: "MEMBER_NOT_FOUND",
  accountLinkNotFound: "ACCOUNT_LINK_NOT_FOUND",
  threadNotFound: "THREAD_NOT_FOUND",
  messageNotFound: "MESSAGE_NOT_FOUND",
  contactNotFound: "PROSPECT_NOT_FOUND",
  tagNotFound: "TAG_NOT_FOUND",
  statusNotFound: "STATUS_NOT_FOUND",
  listNotFound: "LIST_NOT_FOUND",
  leadNotFound: "LEAD_NOT_FOUND",
  importJobNotFound: "IMPORT_JOB_NOT_FOUND",
  campaignNotFound: "CAMPAIGN_NOT_FOUND",
  columnNotFound: "COLUMN_NOT_FOUND",
  methodNotAllowed: "METHOD_NOT_ALLOWED",
  accountLinkDisconnected: "ACCOUNT_LINK_DISCONNECTED",
  invalidTransition: "INVALID_TRANSITION",
  duplicateTag: "DUPLICATE_TAG",
  duplicateStatus: "DUPLICATE_STATUS",
  capabilityNotSupported: "CAPABILITY_NOT_SUPPORTED",
  threadRestricted: "THREAD_RESTRICTED",
  mutationWindowClosed: "MUTATION_WINDOW_CLOSED",
  messageTooLong: "VALIDATION_ERROR",
  campaignInvalid: "VALIDATION_ERROR",
  messageNotMutable: "MESSAGE_NOT_MUTABLE",
  rateLimited: "RATE_LIMITED",
  internalError: "INTERNAL_ERROR",
  sendUnconfirmed: "SEND_UNCONFIRMED",
};

export const v1ValidationDetails = z.looseObject({ field: z.string().min(1), issue: z.string().min(1) });
export type V1ValidationDetails = z.infer<typeof v1ValidationDetails>;

/** Every version 1 error response has this body. */
export const v1ErrorBody = z.strictObject({
  error: z.looseObject({
    code: z.string().min(1),
    message: z.string(),
    status: z.number().int().min(400).max(599),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type V1ErrorBody = z.infer<typeof v1ErrorBody>;

/** 3 December 2026, the day version 1 ends (midnight UTC, our reading of "dated"). */
export const V1_SUNSET = new Date("2026-12-03T00:00:00.000Z");
/** The `Sunset` header's value: an HTTP-date (RFC 8594 §3, RFC 9110 IMF-fixdate). */
export const V1_SUNSET_HTTP_DATE = V1_SUNSET.toUTCString();
/** Where clients go next: the `Link` header's successor-version (RFC 8594 §3). */
export const V1_SUCCESSOR_LINK = '</v2>; rel="successor-version"';
