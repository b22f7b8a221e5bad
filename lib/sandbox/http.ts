import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { z } from "zod";
import { ApiError, ERROR_STATUS, type KnownErrorCode } from "@/lib/api/errors";
import { describeIssues, parseQuery, type QueryDefinition } from "@/lib/api/query";
import { serviceId } from "@/lib/api/primitives";

/**
 * Request and response helpers every sandbox resource uses, so the error body, the
 * validation messages and the cursor format are the same on every endpoint.
 */

/** Raises the spec error for a code; the app's error handler writes the body. */
export function fail(code: KnownErrorCode, message: string, details: Record<string, unknown> | null = null): never {
  throw new ApiError({ status: ERROR_STATUS[code], code, message, details });
}

/** A path ID: a service ID of this team, or the resource's not-found error. */
export function pathId(c: Context, name: string, notFound: KnownErrorCode): string {
  const value = c.req.param(name) ?? "";
  if (!serviceId.safeParse(value).success) fail(notFound, `No such ${name.replace(/Id$/, "")}: ${value}`);
  return value;
}

export function readQuery<Schema extends z.ZodType>(c: Context, definition: QueryDefinition<Schema>): z.output<Schema> {
  const search = new URL(c.req.url).searchParams;
  if (holdsNul([...search])) fail("invalidRequest", NUL_REFUSED);
  const result = parseQuery(definition, search);
  if (!result.success) fail("invalidRequest", result.message);
  return result.data;
}

export async function readBody<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.output<Schema>> {
  const text = await c.req.text();
  let json: unknown;
  try {
    json = text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    fail("invalidRequest", "The request body is not valid JSON");
  }
  if (json === undefined) fail("invalidRequest", "A JSON request body is required");
  if (holdsNul(json)) fail("invalidRequest", NUL_REFUSED);
  const parsed = schema.safeParse(json);
  if (!parsed.success) fail("invalidRequest", describeIssues(parsed.error));
  return parsed.data;
}

/** A body that may be left out entirely, read as `{}` (`POST /_sandbox/reset`, the outreach actions whose body is `{}`). */
export async function readOptionalBody<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.output<Schema>> {
  const text = await c.req.raw.clone().text();
  if (text.trim() === "") {
    const parsed = schema.safeParse({});
    if (!parsed.success) fail("invalidRequest", "A JSON request body is required");
    return parsed.data;
  }
  return readBody(c, schema);
}

/**
 * Cursors are opaque to clients: base64url JSON of the sort key of the last item and a
 * digest of the filters they were made with. Used with other filters, or tampered with,
 * they answer 400 invalidCursor.
 */
export function encodeCursor(filters: unknown, position: (string | number)[]): string {
  return Buffer.from(JSON.stringify({ f: filterDigest(filters), p: position })).toString("base64url");
}

export function decodeCursor(cursor: string | undefined, filters: unknown): (string | number)[] | null {
  if (cursor === undefined) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    fail("invalidCursor", "The cursor is malformed");
  }
  if (
    typeof decoded !== "object" ||
    decoded === null ||
    !("f" in decoded) ||
    !("p" in decoded) ||
    !Array.isArray(decoded.p) ||
    !decoded.p.every((v: unknown) => typeof v === "string" || typeof v === "number")
  ) {
    fail("invalidCursor", "The cursor is malformed");
  }
  if (decoded.f !== filterDigest(filters)) fail("invalidCursor", "The cursor was made with other filters");
  return decoded.p as (string | number)[];
}

/** A stable digest of a filter object: keys sorted, array order kept. */
export function filterDigest(filters: unknown): string {
  return createHash("sha256").update(stableJson(filters)).digest("base64url").slice(0, 16);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export { describeIssues };

/**
 * A page of a collection ordered by ID: fetches `limit + 1` rows after the cursor's ID to
 * know whether another page follows.
 */
export async function pageById<Row extends { id: string }, Item>(options: {
  filters: unknown;
  limit: number | undefined;
  cursor: string | undefined;
  fetch: (afterId: string | null, take: number) => Promise<Row[]>;
  toItem: (row: Row) => Item;
}): Promise<{ data: Item[]; nextCursor: string | null }> {
  const limit = options.limit ?? DEFAULT_PAGE_LIMIT;
  const position = decodeCursor(options.cursor, options.filters);
  const afterId = position ? String(position[0]) : null;
  const rows = await options.fetch(afterId, limit + 1);
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    data: pageRows.map(options.toItem),
    nextCursor: rows.length > limit && last ? encodeCursor(options.filters, [last.id]) : null,
  };
}

export const DEFAULT_PAGE_LIMIT = 50;

const NUL_REFUSED = "Text may not hold the NUL character (U+0000)";

/** Whether a NUL is anywhere in parsed input, keys included: the store's text cannot hold one, so it is refused as input. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([key, v]) => key.includes("\u0000") || holdsNul(v));
  return false;
}
