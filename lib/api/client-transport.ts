import { ApiError, readErrorBody, type ErrorCode } from "./errors";
import type { Page } from "./primitives";
import { SERVICE_ID_PATTERN } from "./service-id";

/**
 * What API v2's typed clients share and what needs no schema: the request as it travels, the
 * answer's rate-limit headers, the error an answer that is not OK becomes, and pagination.
 * Two clients are built on it with the same methods (lib/api/client-methods): `createApiClient`
 * (lib/api/client), which checks requests and answers against the contract's schemas, for the
 * BFF's calls upstream; and `createBffClient` (lib/api/bff-client), which does not, for the
 * browser: its answers come from the BFF, which checked them, and zod would be a tenth of the
 * page's JavaScript (issue 18).
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
  /** Lets the request outlive the page (a change made just before a reload or a closed tab). */
  keepalive?: boolean;
};

export type SendOptions = RequestOptions & {
  /** Reuse the key of an earlier attempt to retry it safely; a new one is made otherwise. */
  idempotencyKey?: string;
};

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** One request as it travels: the query already as search params, the body already as JSON text. */
export type Outgoing = {
  search?: URLSearchParams;
  payload?: string;
  headers?: Record<string, string>;
  options?: RequestOptions;
};

type Meta = { status: number; requestId: string | null; rateLimit: RateLimit };

/**
 * The transport of a client: sends one request and gives back the answer's JSON (undefined for
 * a 204 or a body that is not JSON) with its status and rate limit; an answer that is not OK
 * throws `ApiError` with the spec's body, and no answer at all `networkError` (status 0). The
 * caller's own abort passes through as it is.
 */
export function transport({ baseUrl, token, fetch: fetchImpl, headers: baseHeaders }: ApiClientOptions) {
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const root = baseUrl.replace(/\/+$/, "");
  return async function send(method: Method, path: string, outgoing: Outgoing): Promise<Meta & { json: unknown }> {
    const search = outgoing.search?.size ? `?${outgoing.search.toString()}` : "";
    // Headers merge case-insensitively; later sources win.
    const headers = new Headers({ accept: "application/json" });
    for (const source of [baseHeaders, outgoing.headers, outgoing.options?.headers]) {
      for (const [name, value] of Object.entries(source ?? {})) headers.set(name, value);
    }
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (outgoing.payload !== undefined) headers.set("content-type", "application/json");

    let response: Response_;
    try {
      response = await doFetch(`${root}${path}${search}`, {
        method,
        headers,
        body: outgoing.payload,
        signal: outgoing.options?.signal,
        ...(outgoing.options?.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError({ status: 0, code: "networkError" });
    }

    const meta = { status: response.status, requestId: response.headers.get("x-request-id"), rateLimit: readRateLimit(response.headers) };
    if (!response.ok) throw await toApiError(response, meta);
    const json = response.status === 204 ? undefined : await readJson(response);
    return { ...meta, json };
  };
}

export type Send = ReturnType<typeof transport>;

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

type Response_ = Awaited<ReturnType<typeof fetch>>;

/** Path IDs are service IDs; anything else would be a 404 or worse, a different path. */
export function id(value: string): string {
  if (!SERVICE_ID_PATTERN.test(value)) throw invalidRequest(`"${value}" is not a service ID`);
  return value;
}

/** Tag and status references may be names, so they are encoded; `.` and `..` would change the path. */
export function ref(value: string): string {
  if (!value.trim()) throw invalidRequest("A tag or status reference is required");
  if (value === "." || value === "..") throw invalidRequest(`"${value}" is not a tag or status reference`);
  return encodeURIComponent(value);
}

export function attachmentIndex(index: number): number {
  if (!Number.isInteger(index) || index < 0) throw invalidRequest("Attachment index is a non-negative integer");
  return index;
}

export function invalidRequest(message: string): ApiError {
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

async function toApiError(response: Response_, meta: Meta): Promise<ApiError> {
  const body = readErrorBody(await readJson(response));
  if (body) {
    return new ApiError({
      status: meta.status,
      code: body.code,
      message: body.message,
      details: body.details,
      requestId: body.requestId || meta.requestId,
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
