import { z } from "zod";
import { contact, contactListQuery, contactPatch, type ContactListQuery, type ContactPatch } from "./contacts";
import { ApiError, errorBody, type ErrorCode } from "./errors";
import { eventListQuery, eventPage, type EventListQuery, type EventPage } from "./events";
import {
  colorList,
  status,
  statusCreate,
  statusPatch,
  tag,
  tagCreate,
  tagPatch,
  type StatusCreate,
  type StatusPatch,
  type TagCreate,
  type TagPatch,
} from "./labels";
import {
  attachmentUrl,
  message,
  messageDeleteQuery,
  messageHistory,
  messagePatch,
  reactionCreate,
  reactionDeleteQuery,
  reactionsResult,
  sendMessage,
  sendMessageResult,
  type DeleteScope,
  type MessagePatch,
  type ReactionCreate,
  type SendMessage,
} from "./messages";
import { accountLink, accountLinkListQuery, platformList, type AccountLinkListQuery } from "./platforms";
import { page, serviceId, type Page } from "./primitives";
import { pageQuery, parseQuery, toSearchParams, describeIssues, type PageQuery, type QueryDefinition, type QueryParams } from "./query";
import { outreachClient } from "./outreach/client";
import { member, team } from "./team";
import {
  thread,
  threadDeleteResult,
  threadGetQuery,
  threadListQuery,
  threadPatch,
  typingResult,
  type ThreadGetQuery,
  type ThreadListQuery,
  type ThreadPatch,
} from "./threads";

/**
 * The typed client of API v2, one method per endpoint. The BFF uses it upstream (base URL
 * and token) and the browser uses it against the BFF (`/api/v2`, no token).
 *
 * Requests are checked against the contract before they travel (an invalid query or body
 * throws `ApiError` 400 invalidRequest with no request made; a body field the contract does
 * not know is dropped, as the API would ignore it); responses are parsed with it. Every
 * result carries the rate-limit headers.
 *
 * Rate-limit headers (their meaning beyond the names is "not shown"; ours, kept by the sandbox
 * in lib/sandbox/rate-limit.ts): the quota's windows slide (the last minute, hour and day, on
 * real time). `X-RateLimit-Limit` and `X-RateLimit-Remaining` describe the window nearest to
 * running out; `X-RateLimit-Reset` is when that window is whole again (Unix seconds), and a
 * 429's `Retry-After` when the next request is allowed. A 401 carries them too: a request
 * without a valid token counts against its client address's quota (same limits), and over it
 * is answered 429 instead of 401.
 */

export type RateLimit = {
  limit: number | null;
  remaining: number | null;
  /** Unix seconds when the window resets. */
  reset: number | null;
  /** Seconds to wait, from `Retry-After` (sent with 429). */
  retryAfter: number | null;
};

export type ApiResult<T> = {
  body: T;
  status: number;
  requestId: string | null;
  rateLimit: RateLimit;
};

export type ApiClientOptions = {
  /** The version 2 root, e.g. `https://api.example.com/v2` or `/api/v2`. */
  baseUrl: string;
  /** Bearer token; omitted in the browser, where the BFF holds it. */
  token?: string;
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
};

export type RequestOptions = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export type SendOptions = RequestOptions & {
  /** Reuse the key of an earlier attempt to retry it safely; a new one is made otherwise. */
  idempotencyKey?: string;
};

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export type RequestSpec<Response extends z.ZodType | null> = {
  query?: { definition: QueryDefinition<z.ZodType>; params: QueryParams | undefined };
  body?: { schema: z.ZodType; value: unknown };
  response: Response;
  options?: RequestOptions;
  headers?: Record<string, string>;
};

export type Output<Response> = Response extends z.ZodType ? z.output<Response> : undefined;

/** One request of the client, checked against the contract both ways (see createApiClient). */
export type ApiRequest = <Response extends z.ZodType | null>(
  method: Method,
  pathOf: string | (() => string),
  spec: RequestSpec<Response>,
) => Promise<ApiResult<Output<Response>>>;

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient({ baseUrl, token, fetch: fetchImpl, headers: baseHeaders }: ApiClientOptions) {
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const root = baseUrl.replace(/\/+$/, "");

  async function request<Response extends z.ZodType | null>(
    method: Method,
    pathOf: string | (() => string),
    spec: RequestSpec<Response>,
  ): Promise<ApiResult<Output<Response>>> {
    // Built here, inside the promise, so an invalid ID rejects like every other error.
    const path = typeof pathOf === "string" ? pathOf : pathOf();
    let search = "";
    if (spec.query) {
      const params = toSearchParams(spec.query.params);
      const checked = parseQuery(spec.query.definition, params);
      if (!checked.success) throw invalidRequest(checked.message);
      search = params.size ? `?${params.toString()}` : "";
    }
    let payload: string | undefined;
    if (spec.body) {
      const checked = spec.body.schema.safeParse(spec.body.value);
      if (!checked.success) throw invalidRequest(describeIssues(checked.error));
      // What was validated is what is sent: names trimmed, defaults applied.
      payload = JSON.stringify(checked.data);
    }

    // Headers merge case-insensitively; later sources win.
    const headers = new Headers({ accept: "application/json" });
    for (const source of [baseHeaders, spec.headers, spec.options?.headers]) {
      for (const [name, value] of Object.entries(source ?? {})) headers.set(name, value);
    }
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (payload !== undefined) headers.set("content-type", "application/json");

    let response: Response_;
    try {
      response = await doFetch(`${root}${path}${search}`, { method, headers, body: payload, signal: spec.options?.signal });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError({ status: 0, code: "networkError" });
    }

    const meta = { status: response.status, requestId: response.headers.get("x-request-id"), rateLimit: readRateLimit(response.headers) };
    if (!response.ok) throw await toApiError(response, meta);

    if (spec.response === null || response.status === 204) {
      return { ...meta, body: undefined as Output<Response> };
    }
    const json = await readJson(response);
    const parsed = spec.response.safeParse(json);
    if (!parsed.success) {
      throw new ApiError({
        status: 502,
        code: "unexpectedResponse",
        details: { issues: describeIssues(parsed.error), path },
        requestId: meta.requestId,
      });
    }
    return { ...meta, body: parsed.data as Output<Response> };
  }

  const list = <Item extends z.ZodType>(item: Item) => page(item);
  const q = <Params extends QueryParams | undefined>(definition: QueryDefinition<z.ZodType>, params: Params) => ({ definition, params });
  const json = <Value>(schema: z.ZodType, value: Value) => ({ schema, value });

  const client = {
    ...outreachClient(request),
    platforms: {
      list: (options?: RequestOptions) => request("GET", "/platforms", { response: platformList, options }),
    },
    team: {
      get: (options?: RequestOptions) => request("GET", "/team", { response: team, options }),
    },
    members: {
      list: (query?: PageQuery, options?: RequestOptions) =>
        request("GET", "/members", { query: q(pageQuery, query), response: list(member), options }),
      get: (memberId: string, options?: RequestOptions) =>
        request("GET", () => `/members/${id(memberId)}`, { response: member, options }),
    },
    accountLinks: {
      list: (query?: AccountLinkListQuery, options?: RequestOptions) =>
        request("GET", "/account-links", { query: q(accountLinkListQuery, query), response: list(accountLink), options }),
      get: (accountLinkId: string, options?: RequestOptions) =>
        request("GET", () => `/account-links/${id(accountLinkId)}`, { response: accountLink, options }),
    },
    threads: {
      list: (query?: ThreadListQuery, options?: RequestOptions) =>
        request("GET", "/threads", { query: q(threadListQuery, query), response: list(thread), options }),
      get: (threadId: string, query?: ThreadGetQuery, options?: RequestOptions) =>
        request("GET", () => `/threads/${id(threadId)}`, { query: q(threadGetQuery, query), response: thread, options }),
      update: (threadId: string, patch: ThreadPatch, options?: RequestOptions) =>
        request("PATCH", () => `/threads/${id(threadId)}`, { body: json(threadPatch, patch), response: thread, options }),
      delete: (threadId: string, options?: RequestOptions) =>
        request("DELETE", () => `/threads/${id(threadId)}`, { response: threadDeleteResult, options }),
      typing: (threadId: string, options?: RequestOptions) =>
        request("POST", () => `/threads/${id(threadId)}/typing`, { response: typingResult, options }),
      messages: (threadId: string, query?: PageQuery, options?: RequestOptions) =>
        request("GET", () => `/threads/${id(threadId)}/messages`, { query: q(pageQuery, query), response: list(message), options }),
    },
    messages: {
      /** Every send carries an `Idempotency-Key`: a retry with the same key never sends twice. */
      send: (body: SendMessage, options?: SendOptions) =>
        request("POST", "/messages", {
          body: json(sendMessage, body),
          headers: { "idempotency-key": options?.idempotencyKey ?? crypto.randomUUID() },
          response: sendMessageResult,
          options,
        }),
      get: (messageId: string, options?: RequestOptions) =>
        request("GET", () => `/messages/${id(messageId)}`, { response: message, options }),
      update: (messageId: string, patch: MessagePatch, options?: RequestOptions) =>
        request("PATCH", () => `/messages/${id(messageId)}`, { body: json(messagePatch, patch), response: message, options }),
      delete: (messageId: string, scope: DeleteScope, options?: RequestOptions) =>
        request("DELETE", () => `/messages/${id(messageId)}`, { query: q(messageDeleteQuery, { scope }), response: message, options }),
      history: (messageId: string, options?: RequestOptions) =>
        request("GET", () => `/messages/${id(messageId)}/history`, { response: messageHistory, options }),
      react: (messageId: string, body: ReactionCreate, options?: RequestOptions) =>
        request("POST", () => `/messages/${id(messageId)}/reactions`, { body: json(reactionCreate, body), response: reactionsResult, options }),
      unreact: (messageId: string, emoji: string, options?: RequestOptions) =>
        request("DELETE", () => `/messages/${id(messageId)}/reactions`, { query: q(reactionDeleteQuery, { emoji }), response: reactionsResult, options }),
      attachmentUrl: (messageId: string, index: number, options?: RequestOptions) =>
        request("GET", () => `/messages/${id(messageId)}/attachments/${attachmentIndex(index)}`, { response: attachmentUrl, options }),
    },
    contacts: {
      list: (query: ContactListQuery, options?: RequestOptions) =>
        request("GET", "/contacts", { query: q(contactListQuery, query), response: list(contact), options }),
      get: (contactId: string, options?: RequestOptions) =>
        request("GET", () => `/contacts/${id(contactId)}`, { response: contact, options }),
      update: (contactId: string, patch: ContactPatch, options?: RequestOptions) =>
        request("PATCH", () => `/contacts/${id(contactId)}`, { body: json(contactPatch, patch), response: contact, options }),
      /** Adds a tag by ID or name; idempotent. Answers with the contact (our choice). */
      addTag: (contactId: string, tagRef: string, options?: RequestOptions) =>
        request("PUT", () => `/contacts/${id(contactId)}/tags/${ref(tagRef)}`, { response: contact, options }),
      removeTag: (contactId: string, tagRef: string, options?: RequestOptions) =>
        request("DELETE", () => `/contacts/${id(contactId)}/tags/${ref(tagRef)}`, { response: contact, options }),
    },
    tags: {
      list: (query?: PageQuery, options?: RequestOptions) =>
        request("GET", "/tags", { query: q(pageQuery, query), response: list(tag), options }),
      get: (tagRef: string, options?: RequestOptions) => request("GET", () => `/tags/${ref(tagRef)}`, { response: tag, options }),
      create: (body: TagCreate, options?: RequestOptions) =>
        request("POST", "/tags", { body: json(tagCreate, body), response: tag, options }),
      update: (tagRef: string, patch: TagPatch, options?: RequestOptions) =>
        request("PATCH", () => `/tags/${ref(tagRef)}`, { body: json(tagPatch, patch), response: tag, options }),
      delete: (tagRef: string, options?: RequestOptions) => request("DELETE", () => `/tags/${ref(tagRef)}`, { response: null, options }),
    },
    statuses: {
      list: (query?: PageQuery, options?: RequestOptions) =>
        request("GET", "/statuses", { query: q(pageQuery, query), response: list(status), options }),
      get: (statusRef: string, options?: RequestOptions) =>
        request("GET", () => `/statuses/${ref(statusRef)}`, { response: status, options }),
      create: (body: StatusCreate, options?: RequestOptions) =>
        request("POST", "/statuses", { body: json(statusCreate, body), response: status, options }),
      update: (statusRef: string, patch: StatusPatch, options?: RequestOptions) =>
        request("PATCH", () => `/statuses/${ref(statusRef)}`, { body: json(statusPatch, patch), response: status, options }),
      delete: (statusRef: string, options?: RequestOptions) =>
        request("DELETE", () => `/statuses/${ref(statusRef)}`, { response: null, options }),
    },
    colors: {
      list: (options?: RequestOptions) => request("GET", "/colors", { response: colorList, options }),
    },
    events: {
      list: (query?: EventListQuery, options?: RequestOptions) =>
        request("GET", "/events", { query: q(eventListQuery, query), response: eventPage, options }),
      /** Replays every event after `afterSeq`, page by page, following `hasMore` and `lastSeq`. */
      replay: (afterSeq: number, query?: Omit<EventListQuery, "afterSeq">, options?: RequestOptions) =>
        replayEvents((seq) => client.events.list({ ...query, afterSeq: seq }, options), afterSeq),
    },
  };
  return client;
}

/**
 * Every page of a cursor-paginated collection, in order, following `nextCursor` until it
 * is null. Pass the list method and its query without `cursor`.
 */
export async function* paginate<Item, Query extends { cursor?: string }>(
  list: (query: Query) => Promise<ApiResult<Page<Item>>>,
  query: Omit<Query, "cursor">,
): AsyncGenerator<Page<Item>, void, undefined> {
  let cursor: string | undefined;
  do {
    const { body } = await list({ ...query, cursor } as Query);
    yield body;
    // A server that hands back the cursor it was given would otherwise loop forever.
    if (body.nextCursor !== null && body.nextCursor === cursor) return;
    cursor = body.nextCursor ?? undefined;
  } while (cursor);
}

/** Every item of a cursor-paginated collection. */
export async function* paginateItems<Item, Query extends { cursor?: string }>(
  list: (query: Query) => Promise<ApiResult<Page<Item>>>,
  query: Omit<Query, "cursor">,
): AsyncGenerator<Item, void, undefined> {
  for await (const pageOfItems of paginate(list, query)) yield* pageOfItems.data;
}

async function* replayEvents(
  list: (afterSeq: number) => Promise<ApiResult<EventPage>>,
  afterSeq: number,
): AsyncGenerator<EventPage, void, undefined> {
  let seq = afterSeq;
  for (;;) {
    const { body } = await list(seq);
    yield body;
    if (!body.hasMore || body.lastSeq <= seq) return;
    seq = body.lastSeq;
  }
}

type Response_ = Awaited<ReturnType<typeof fetch>>;

/** Path IDs are service IDs; anything else would be a 404 or worse, a different path. */
export function id(value: string): string {
  if (!serviceId.safeParse(value).success) throw invalidRequest(`"${value}" is not a service ID`);
  return value;
}

/** Tag and status references may be names, so they are encoded; `.` and `..` would change the path. */
function ref(value: string): string {
  if (!value.trim()) throw invalidRequest("A tag or status reference is required");
  if (value === "." || value === "..") throw invalidRequest(`"${value}" is not a tag or status reference`);
  return encodeURIComponent(value);
}

function attachmentIndex(index: number): number {
  if (!Number.isInteger(index) || index < 0) throw invalidRequest("Attachment index is a non-negative integer");
  return index;
}

function invalidRequest(message: string): ApiError {
  return new ApiError({ status: 400, code: "invalidRequest", message });
}

/** The body as JSON, or undefined when it is not JSON; an abort while reading still aborts. */
async function readJson(response: Response_): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    if (isAbort(error)) throw error;
    return undefined;
  }
}

/** The caller's own cancellation or timeout: passed through, never reported as being offline. */
function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

export function readRateLimit(headers: Headers): RateLimit {
  return {
    limit: readInt(headers.get("x-ratelimit-limit")),
    remaining: readInt(headers.get("x-ratelimit-remaining")),
    reset: readInt(headers.get("x-ratelimit-reset")),
    retryAfter: parseRetryAfter(headers.get("retry-after")),
  };
}

/** `Retry-After` is either delay-seconds or an HTTP date (RFC 9110). */
export function parseRetryAfter(value: string | null, now: Date = new Date()): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  // Only an HTTP date ("Sun, 06 Nov 1994 08:49:37 GMT"); Date.parse would take "1.5" as a date.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value.trim())) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

function readInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

async function toApiError(
  response: Response_,
  meta: { status: number; requestId: string | null; rateLimit: RateLimit },
): Promise<ApiError> {
  const json = await readJson(response);
  const parsed = errorBody.safeParse(json);
  if (parsed.success) {
    return new ApiError({
      status: meta.status,
      code: parsed.data.code,
      message: parsed.data.message,
      details: parsed.data.details,
      requestId: parsed.data.requestId || meta.requestId,
      retryAfter: meta.rateLimit.retryAfter,
    });
  }
  return new ApiError({ status: meta.status, code: codeForStatus(meta.status), requestId: meta.requestId, retryAfter: meta.rateLimit.retryAfter });
}

/**
 * A code for an error whose body is not the spec's (a proxy's HTML page, an empty body).
 * Statuses without a code of their own get `httpError`, whose sentence follows the status.
 */
export function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: "invalidRequest",
    401: "unauthorized",
    403: "forbidden",
    404: "notFound",
    405: "methodNotAllowed",
    429: "rateLimited",
    502: "upstreamUnavailable",
    503: "upstreamUnavailable",
    504: "upstreamUnavailable",
  };
  return byStatus[status] ?? (status >= 500 ? "internalError" : "httpError");
}
