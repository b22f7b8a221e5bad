import { brandedError } from "./branded-error";

/**
 * Error codes: the contract. Clients branch on `code`; unknown codes are handled by HTTP
 * status. Where the spec leaves a code "not shown" the choice is ours and written here:
 *
 * - 401 `unauthorized`: missing, malformed, expired or revoked token (or, at the inbox's
 *   BFF, no session). It knows no team, yet carries `X-RateLimit-*` like every answer: such
 *   requests count against a quota per client address (the team's limits), and over it they
 *   are 429 rateLimited instead (lib/sandbox/authenticate.ts).
 * - 404 `<resource>NotFound` per resource (`memberNotFound` for the spec's "member not
 *   found"), and `notFound` for a path that names no endpoint. Another team's IDs are
 *   unknown IDs.
 * - 500 `internalError`.
 * - 409 `duplicateTag` / `duplicateStatus`: a name already used on the team.
 * - 409 `idempotencyKeyInUse`: the first request with this key is still running.
 * - 422 `idempotencyKeyReused`: the key was used with a different body.
 * - 422 `messageTooLong`: content over the platform's `limits.messageLength`;
 *   `details.maxLength`.
 * - 422 `messageNotMutable`: edit, unsend or react on a message that cannot take it
 *   (`details.reason`: `inbound` for edit/unsend of a received message, `deleted`,
 *   `unsettled` for a send answered 502 sendUnconfirmed that is pending or was not delivered).
 * - 422 `tooManyAttachments` (`details.maxCount`), `attachmentTypeNotAllowed`
 *   (`details.fileName`, `mimeType`, `allowed`) and `attachmentTooLarge` (`details.fileName`,
 *   `size`, `maxBytes`): a send's files against the platform's `limits.attachments`
 *   (lib/api/attachment-rules).
 * - 405 `methodNotAllowed`: a known path with a method it does not take.
 * - 413 `payloadTooLarge` (`details.maxBytes`): a request body larger than any endpoint takes
 *   (lib/api/messages' SEND_BODY_MAX_BYTES, a send with the most files a platform allows).
 * - Outreach (lists, leads, import jobs, campaigns): 404 `listNotFound`, `leadNotFound`,
 *   `importJobNotFound`, `campaignNotFound`, `columnNotFound`; 409 `invalidTransition` for
 *   a state change the resource's state does not allow (`details.status`, the current one);
 *   422 `campaignInvalid` when sync or start finds the campaign unusable
 *   (`details.issues`: `[{ field, issue }]`); 403 `planRequired` with `details.addOn`
 *   `outreach` on a plan without it.
 *
 * The inbox's BFF speaks the same body and adds: 403 `forbidden` (the member's role may not
 * do this), `upstreamUnavailable` (502 when the API could not be reached, 504 when it did
 * not answer in time), the user-management refusals of lib/api/users (`userExists`,
 * `memberTaken`, `lastAdmin`, `userNotFound`), the saved replies' (`savedReplyNotFound`; 409
 * `duplicateShortcut`, a shortcut already used in the same library), the scheduled sends'
 * (`scheduledSendNotFound`; 409 `invalidTransition` for one already being sent), the rules'
 * (`ruleNotFound`), the comments' (lib/api/comments: `commentNotFound`; 422
 * `mentionNotVisible`, a mentioned teammate who may not see the thread, `details.userIds`), and,
 * in the browser
 * only, `networkError` (status 0) when the BFF itself could not be reached. A client that
 * receives a body breaking this contract raises 502 `unexpectedResponse`.
 */
export const ERROR_STATUS = {
  invalidRequest: 400,
  invalidCursor: 400,
  unauthorized: 401,
  workspaceLocked: 403,
  planRequired: 403,
  platformNotAvailable: 403,
  forbidden: 403,
  notFound: 404,
  memberNotFound: 404,
  accountLinkNotFound: 404,
  threadNotFound: 404,
  messageNotFound: 404,
  contactNotFound: 404,
  tagNotFound: 404,
  statusNotFound: 404,
  attachmentNotFound: 404,
  userNotFound: 404,
  savedReplyNotFound: 404,
  scheduledSendNotFound: 404,
  ruleNotFound: 404,
  commentNotFound: 404,
  listNotFound: 404,
  leadNotFound: 404,
  importJobNotFound: 404,
  campaignNotFound: 404,
  columnNotFound: 404,
  methodNotAllowed: 405,
  payloadTooLarge: 413,
  accountLinkDisconnected: 409,
  duplicateTag: 409,
  duplicateStatus: 409,
  idempotencyKeyInUse: 409,
  userExists: 409,
  duplicateShortcut: 409,
  memberTaken: 409,
  lastAdmin: 409,
  invalidTransition: 409,
  capabilityNotSupported: 422,
  threadRestricted: 422,
  mutationWindowClosed: 422,
  messageTooLong: 422,
  messageNotMutable: 422,
  idempotencyKeyReused: 422,
  campaignInvalid: 422,
  mentionNotVisible: 422,
  tooManyAttachments: 422,
  attachmentTypeNotAllowed: 422,
  attachmentTooLarge: 422,
  rateLimited: 429,
  internalError: 500,
  sendUnconfirmed: 502,
  upstreamUnavailable: 502,
  unexpectedResponse: 502,
  networkError: 0,
} as const;

export type KnownErrorCode = keyof typeof ERROR_STATUS;
export type ErrorCode = KnownErrorCode | (string & {});
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [KnownErrorCode, ...KnownErrorCode[]];

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}

/** Every error response has this body; `requestId` is also the `X-Request-Id` header. */
export type ErrorBody = {
  code: string;
  message: string;
  details: Record<string, unknown> | null;
  requestId: string;
  [extra: string]: unknown;
};

/**
 * The body of an error answer, or null when it is not the spec's (a proxy's HTML page, an empty
 * body). Checked by hand rather than by lib/api/error-schemas' `errorBody`, which says the same
 * in zod, so the browser's clients need no zod (issue 18: its ~25 kB were a tenth of the page);
 * error-schemas.test holds the two to the same answers.
 */
export function readErrorBody(json: unknown): ErrorBody | null {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return null;
  const body = json as Record<string, unknown>;
  const details = body.details;
  const detailsOk = details === null || (typeof details === "object" && details !== undefined && !Array.isArray(details));
  if (typeof body.code !== "string" || body.code === "" || typeof body.message !== "string" || typeof body.requestId !== "string" || !detailsOk) return null;
  return body as ErrorBody;
}

/**
 * One plain-English sentence per code, for people. The UI shows these, never `message`
 * (which may change) nor a raw body. Unknown codes fall back to their status's sentence.
 */
export const ERROR_SENTENCES: Record<KnownErrorCode, string> = {
  invalidRequest: "Something in that request wasn't valid. Check it and try again.",
  invalidCursor: "This list changed while you were paging through it. Reload to start again.",
  unauthorized: "Your session has ended. Sign in again to continue.",
  workspaceLocked: "This workspace is locked because of billing. An owner can resolve it in the dashboard.",
  planRequired: "Your plan doesn't include this. An owner can add it in the dashboard.",
  platformNotAvailable: "Your team can't use this platform on its current plan.",
  forbidden: "Your role doesn't allow this. Ask a manager.",
  notFound: "We couldn't find that.",
  memberNotFound: "That team member no longer exists.",
  accountLinkNotFound: "That account is no longer connected to your team.",
  threadNotFound: "This conversation no longer exists.",
  messageNotFound: "This message no longer exists.",
  contactNotFound: "This contact no longer exists.",
  tagNotFound: "That tag no longer exists.",
  statusNotFound: "That status no longer exists.",
  attachmentNotFound: "That attachment is no longer available.",
  userNotFound: "That user no longer exists. Reload the list.",
  savedReplyNotFound: "That saved reply no longer exists. Reload the list.",
  scheduledSendNotFound: "That scheduled message no longer exists: it was sent or cancelled.",
  ruleNotFound: "That rule no longer exists. Reload the list.",
  commentNotFound: "That comment no longer exists.",
  listNotFound: "That list no longer exists.",
  leadNotFound: "That lead isn't in this campaign.",
  importJobNotFound: "That import no longer exists.",
  campaignNotFound: "That campaign no longer exists.",
  columnNotFound: "That column no longer exists.",
  methodNotAllowed: "That action isn't available here.",
  payloadTooLarge: "That's too much to send at once. Send fewer or smaller files.",
  accountLinkDisconnected: "This account is disconnected. Reconnect it in the dashboard to send.",
  duplicateTag: "A tag with that name already exists.",
  duplicateStatus: "A status with that name already exists.",
  idempotencyKeyInUse: "This message is still being sent. Wait a moment.",
  userExists: "A user with that email already exists.",
  duplicateShortcut: "Another saved reply in the same library already has that shortcut.",
  memberTaken: "Another user already acts as that member. Unlink them first.",
  lastAdmin: "The team needs at least one admin: make someone else an admin first.",
  invalidTransition: "That can't be done in its current state. Reload to see where it stands.",
  capabilityNotSupported: "This account can't do that on its platform.",
  threadRestricted: "That's turned off in this conversation.",
  mutationWindowClosed: "It's too late to change this message: the platform's time limit has passed.",
  messageTooLong: "This message is too long for the platform.",
  messageNotMutable: "This message can't be changed.",
  idempotencyKeyReused: "This send was already made with different content. Start a new message.",
  campaignInvalid: "This campaign has problems to fix before it can run.",
  mentionNotVisible: "Someone you mentioned can't see this conversation. Remove the mention, or assign the conversation to them first.",
  tooManyAttachments: "That's more files than the platform takes in one message.",
  attachmentTypeNotAllowed: "The platform doesn't take that type of file.",
  attachmentTooLarge: "That file is too big for the platform.",
  rateLimited: "Your team is sending too many requests. We'll retry in a moment.",
  internalError: "Something went wrong on our side. Try again.",
  sendUnconfirmed: "We couldn't confirm this message was delivered. Don't resend it: we'll check on it.",
  upstreamUnavailable: "The messaging service can't be reached right now. Try again shortly.",
  unexpectedResponse: "The messaging service answered in a way we didn't expect. Try again, and tell us if it keeps happening.",
  networkError: "You appear to be offline. Check your connection.",
};

const STATUS_SENTENCES: Record<number, string> = {
  400: ERROR_SENTENCES.invalidRequest,
  401: ERROR_SENTENCES.unauthorized,
  403: "You don't have access to this.",
  404: ERROR_SENTENCES.notFound,
  409: "That conflicts with a recent change. Reload and try again.",
  422: "That can't be done right now.",
  429: ERROR_SENTENCES.rateLimited,
  502: "The messaging platform didn't answer. Try again shortly.",
  503: ERROR_SENTENCES.upstreamUnavailable,
};

/** The sentence for a code, or for its HTTP status when the code is unknown. */
export function errorSentence(code: string, status: number): string {
  if (isKnownErrorCode(code)) return ERROR_SENTENCES[code];
  return STATUS_SENTENCES[status] ?? (status >= 500 ? ERROR_SENTENCES.internalError : "That didn't work. Try again.");
}

/** An API error as thrown by the client: the spec body plus status and `Retry-After`. */
export class ApiError extends brandedError("ApiError") {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | null;
  readonly requestId: string | null;
  /** Seconds to wait before retrying, from `Retry-After`; null when absent. */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message?: string;
    details?: Record<string, unknown> | null;
    requestId?: string | null;
    retryAfter?: number | null;
  }) {
    super(init.message ?? errorSentence(init.code, init.status));
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? null;
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }

  /** The plain sentence a person should read. */
  get sentence(): string {
    return errorSentence(this.code, this.status);
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, requestId: this.requestId ?? "" };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
