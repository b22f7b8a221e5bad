import type { Context } from "hono";
import type { z } from "zod";
import { ApiError, isKnownErrorCode } from "@/lib/api/errors";
import { errorDetails } from "@/lib/api/error-schemas";
import {
  V1_CODE_OF_V2,
  V1_ERROR_STATUS,
  V1_SUCCESSOR_LINK,
  V1_SUNSET,
  V1_SUNSET_HTTP_DATE,
  type V1ErrorBody,
  type V1ErrorCode,
} from "@/lib/api/v1/errors";
import { parseV1Query, v1Problem } from "@/lib/api/v1/query";
import type { V1Cursor } from "@/lib/api/v1/threads";
import { serviceId } from "@/lib/api/primitives";
import type { SandboxContext } from "../context";

/**
 * The version 1 face of the sandbox's errors and input: v1 routes raise v1 codes with
 * `failV1`, while the v2 domain code they reuse raises v2 codes; `v1ErrorResponse` writes
 * either as the v1 body (lib/api/v1/errors.ts has the mapping), for every `/v1` path —
 * auth failures, rate limits, injected faults and malformed paths included.
 */
export function failV1(code: V1ErrorCode, message: string, details?: Record<string, unknown>): never {
  throw new ApiError({ status: V1_ERROR_STATUS[code], code, message, details: details ?? null });
}

export function validationError(field: string, issue: string, message: string): never {
  failV1("VALIDATION_ERROR", message, { field, issue });
}

export function isV1Path(c: Context): boolean {
  const path = new URL(c.req.url).pathname;
  return path === "/v1" || path.startsWith("/v1/");
}

export function isSunset(ctx: SandboxContext): boolean {
  return ctx.store.clock.now().getTime() >= V1_SUNSET.getTime();
}

export function setSunsetHeaders(c: Context): void {
  c.header("Sunset", V1_SUNSET_HTTP_DATE);
  c.header("Link", V1_SUCCESSOR_LINK);
}

/** Any error on a `/v1` path as the v1 body; past the sunset, whatever it was, 410 GONE. */
export function v1ErrorResponse(ctx: SandboxContext, c: Context, error: unknown): Response {
  setSunsetHeaders(c);
  const body = isSunset(ctx) ? goneBody() : bodyOf(error, c);
  if (!isSunset(ctx) && error instanceof ApiError && error.retryAfter !== null) c.header("Retry-After", String(error.retryAfter));
  return c.json(body, body.error.status as 400);
}

function goneBody(): V1ErrorBody {
  const sunset = V1_SUNSET.toISOString();
  return { error: { code: "GONE", message: `Version 1 ended on ${V1_SUNSET_HTTP_DATE}; use version 2`, status: 410, details: { sunset, successor: "/v2" } } };
}

function bodyOf(error: unknown, c: Context): V1ErrorBody {
  if (!(error instanceof ApiError)) {
    console.error(`[sandbox] ${c.get("requestId")} ${c.req.method} ${c.req.url}`, error);
    return { error: { code: "INTERNAL_ERROR", message: "The sandbox failed to handle this request", status: 500 } };
  }
  const v1 = Object.hasOwn(V1_ERROR_STATUS, error.code) ? (error.code as V1ErrorCode) : null;
  const mapped = v1 ?? (isKnownErrorCode(error.code) ? V1_CODE_OF_V2[error.code] : undefined);
  const code = mapped ?? error.code.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
  const status = mapped ? V1_ERROR_STATUS[mapped] : error.status;
  const details = v1 ? error.details : translateDetails(error, code);
  return { error: { code, message: error.message, status, ...(details ? { details } : {}) } };
}

/** v2 details in v1 terms: validation gets its `field` and `issue`, a refusal its `reason`. */
function translateDetails(error: ApiError, code: string): Record<string, unknown> | null {
  if (error.code === "messageTooLong") return { field: "content", issue: "too_long", ...error.details };
  if (error.code === "campaignInvalid") return { field: firstIssueField(error.details), issue: "invalid", ...error.details };
  if (code === "VALIDATION_ERROR") return { field: "request", issue: "invalid", ...error.details };
  if (code === "FORBIDDEN") return { reason: error.code, ...error.details };
  return error.details;
}

/** The query against a v1 schema: brackets nested, arrays in any encoding. */
export function readV1Query<Schema extends z.ZodType>(c: Context, schema: Schema): z.output<Schema> {
  const search = new URL(c.req.url).searchParams;
  for (const [key, value] of search) {
    if (key.includes("\u0000") || value.includes("\u0000")) validationError(key, "malformed", "Text may not hold the NUL character");
  }
  const result = parseV1Query(schema, search);
  if (!result.success) validationError(result.problem.field, result.problem.issue, result.problem.message);
  return result.data;
}

export async function readV1Body<Schema extends z.ZodType>(c: Context, schema: Schema, options: { optional?: boolean } = {}): Promise<z.output<Schema>> {
  const text = await c.req.text();
  let json: unknown;
  try {
    json = text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    validationError("body", "malformed", "The request body is not valid JSON");
  }
  if (json === undefined) {
    if (!options.optional) validationError("body", "required", "A JSON request body is required");
    json = {};
  }
  if (holdsNul(json)) validationError("body", "malformed", "Text may not hold the NUL character");
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problem = v1Problem(parsed.error);
    validationError(problem.field, problem.issue, problem.message);
  }
  return parsed.data;
}

/** A v1 path ID, or the resource's not-found error (an ID that cannot exist names nothing). */
export function v1PathId(c: Context, name: string, notFound: V1ErrorCode): string {
  const value = c.req.param(name) ?? "";
  if (!serviceId.safeParse(value).success) failV1(notFound, `No ${name.replace(/Id$/, "")} ${value}`);
  return value;
}

/**
 * The cursor of a v1 list from either form; INVALID_CURSOR when half given, malformed, or
 * given in both forms.
 */
export function readCursor(query: { cursorId?: string; cursorTimestamp?: string; cursor?: { id?: string; timestamp?: string } }): V1Cursor | null {
  const modern = query.cursorId !== undefined || query.cursorTimestamp !== undefined;
  const legacy = query.cursor !== undefined;
  if (modern && legacy) failV1("INVALID_CURSOR", "Give the cursor as cursorId and cursorTimestamp, or as the deprecated cursor[id] and cursor[timestamp], not both");
  const id = modern ? query.cursorId : query.cursor?.id;
  const at = modern ? query.cursorTimestamp : query.cursor?.timestamp;
  if (id === undefined && at === undefined) return null;
  if (id === undefined || at === undefined) failV1("INVALID_CURSOR", "A cursor has both an ID and a timestamp");
  if (!serviceId.safeParse(id).success || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(at) || Number.isNaN(Date.parse(at))) {
    failV1("INVALID_CURSOR", "The cursor is malformed");
  }
  return { id, timestamp: new Date(at).toISOString() };
}

/** The campaign field the first check names; `campaign` when the details name none. */
function firstIssueField(details: Record<string, unknown> | null): string {
  const parsed = errorDetails.campaignInvalid.safeParse(details);
  return (parsed.success && parsed.data.issues[0]?.field) || "campaign";
}

/** A NUL anywhere in parsed input, keys included: the store's text cannot hold one. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([key, v]) => key.includes("\u0000") || holdsNul(v));
  return false;
}
