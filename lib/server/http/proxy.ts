import "server-only";
import { ENDPOINTS, type Endpoint, type Operation } from "@/lib/api/endpoints";
import { ApiError } from "@/lib/api/errors";
import { errorBody } from "@/lib/api/error-schemas";
import { messageTarget, type MessageTarget } from "@/lib/api/messages";
import { SERVICE_ID_PATTERN } from "@/lib/api/primitives";
import { describeIssues, parseQuery } from "@/lib/api/query";
import { atLeast, permit, resolve, type PolicyRow } from "../access/policy";
import { canSee, filterVisible, type Viewer } from "../access/visibility";
import { errorField, log, noteRequest } from "../runtime/log";
import { apiError } from "./route";
import type { WriteRecord } from "../activity/activity";
import type { Gateway } from "../gateway/gateway";
import { hiddenLanding, landingOf } from "../gateway/send-target";

/**
 * The proxy behind `/api/v2/*`: the browser speaks API v2 to the BFF and the BFF speaks it
 * upstream with the server-held token. In order:
 *
 *  1. the path must name an endpoint of `lib/api/endpoints` (404 notFound, 405 methodNotAllowed);
 *  2. path IDs, the query string and the JSON body are checked against `lib/api`'s schemas
 *     (400 invalidRequest) — nothing malformed travels;
 *  3. the policy table decides for the viewer's role (403 forbidden with a sentence);
 *  4. under `memberVisibility: assignedAndUnassigned` a member reaches only what is assigned
 *     to them or to nobody: hidden threads, messages and contacts answer their own 404, and
 *     lists leave them out;
 *  5. reads are answered by the gateway (its index and shared cache; a miss goes upstream);
 *     writes go upstream through it with the original body (an `Idempotency-Key` replay
 *     compares bodies, so not even whitespace may change); the API's answer comes back as it
 *     was: status, body, `X-Request-Id`, `X-RateLimit-*` and `Retry-After`.
 *
 * Our choice: an upstream 401 means the inbox's own token is wrong or revoked, not that the
 * person's session ended, so it becomes 502 `upstreamUnauthorized` (the UI would otherwise
 * send a signed-in person back to the login page in a loop).
 */
export type ProxyRequest = {
  method: string;
  /** Relative to the version 2 root, still percent-encoded, e.g. `/tags/Hot%20lead`. */
  path: string;
  search: URLSearchParams;
  headers: Headers;
  bodyText: string | null;
};

export type ProxyContext = {
  gateway: Gateway;
  viewer: Viewer;
  /** Told of each write that succeeded, for the activity log; its failure never fails the write. */
  onWrite?: (write: WriteRecord) => Promise<void>;
};

/** Response headers of the API that reach the browser unchanged. */
const PASSED_HEADERS = ["content-type", "x-request-id", "x-cache", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after", "allow"];
/** Request headers that go upstream; the rest (cookies above all) stay at the BFF. */
const FORWARDED_HEADERS = ["content-type", "accept", "idempotency-key"];

export async function proxy(request: ProxyRequest, context: ProxyContext): Promise<Response> {
  const { gateway, viewer } = context;
  const resolution = resolve(request.method, request.path);
  if (!("found" in resolution)) {
    const details = resolution.status === 405 ? { allow: resolution.allow } : null;
    throw new ApiError({ status: resolution.status, code: resolution.code, message: resolution.message, details });
  }
  const { operation, params, row } = resolution;
  noteRequest({ route: `v2:${operation}` });
  checkParams(params);

  const query = parseQuery(ENDPOINTS[operation].query, request.search);
  if (!query.success) throw apiError("invalidRequest", query.message);
  const body = parseBody(operation, request.bodyText);

  const current = await currentAssignment(operation, params, body, context);
  const decision = permit(row, { role: viewer.role, memberId: viewer.memberId, body, current });
  if (!decision.allowed) throw new ApiError({ status: decision.status, code: decision.code, message: decision.message });

  const restricted = viewer.visibility === "assignedAndUnassigned" && !atLeast(viewer.role, "manager");
  if (restricted) await checkVisibility(row, params, body, context);

  if (request.method.toUpperCase() === "GET") {
    const answer = await gateway.read(operation, request.path, params, request.search, viewer);
    return relay(answer, restricted ? listFilter(row, viewer) : null);
  }
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const qs = request.search.size ? `?${request.search.toString()}` : "";
  const before = context.onWrite ? heldBefore(operation, params, body, gateway) : null;
  const answer = await gateway.write(operation, `${request.path}${qs}`, params, {
    method: request.method.toUpperCase(),
    headers,
    body: body === undefined ? null : request.bodyText,
  });
  if (answer.ok && context.onWrite) {
    const text = await answer.clone().text();
    await context
      // A DELETE says in its query what it does (how far an unsend goes, which reaction): the log keeps that as its body.
      .onWrite({ operation, params, body: body ?? (request.search.size ? query.data : null), answer: safeJson(text) ?? null, before, requestId: answer.headers.get("x-request-id") })
      .catch((error: unknown) => log.error({ operation, error: errorField(error) }, "recording activity failed"));
  }
  return relay(answer, null);
}

/** The fields a thread or contact update changes, as the inbox held them before (no request made). */
function heldBefore(operation: Operation, params: Record<string, string>, body: unknown, gateway: Gateway): Record<string, unknown> | null {
  if (typeof body !== "object" || body === null) return null;
  let held: Record<string, unknown> | undefined;
  if (operation === "threads.update") held = gateway.index.get(params.threadId!) as Record<string, unknown> | undefined;
  if (operation === "contacts.update") held = gateway.index.all().find((t) => t.contact?.id === params.contactId)?.contact as Record<string, unknown> | undefined;
  if (!held) return null;
  return Object.fromEntries(Object.keys(body).map((key) => [key, held[key] ?? null]));
}

/** Path parameters: service IDs where the spec says so, an index that is a number. */
function checkParams(params: Record<string, string>): void {
  for (const [name, value] of Object.entries(params)) {
    if (name === "tagRef" || name === "statusRef" || name === "identifier") {
      if (!value.trim()) throw apiError("invalidRequest", `${name} must not be empty.`);
      if (value.length > 200) throw apiError("invalidRequest", `${name} must be at most 200 characters.`);
    } else if (name === "index") {
      if (!/^\d{1,6}$/.test(value)) throw apiError("invalidRequest", "The attachment index must be a non-negative integer.");
    } else if (!SERVICE_ID_PATTERN.test(value)) {
      throw apiError("invalidRequest", `${name} must be a service ID (lowercase letters and digits).`);
    }
  }
}

function parseBody(operation: Operation, text: string | null): unknown {
  const endpoint: Endpoint = ENDPOINTS[operation];
  const schema = endpoint.body;
  if (!schema) return undefined;
  if (text === null || text.trim() === "") {
    if (endpoint.optionalBody) return undefined;
    throw apiError("invalidRequest", "A JSON request body is required.");
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw apiError("invalidRequest", "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw apiError("invalidRequest", describeIssues(parsed.error));
  return parsed.data;
}

/**
 * A member may unassign only what is assigned to them, so an unassignment needs the target's
 * current assignee; nothing else does, and managers skip the check, so nobody else pays the read.
 */
async function currentAssignment(
  operation: Operation,
  params: Record<string, string>,
  body: unknown,
  { gateway, viewer }: ProxyContext,
): Promise<{ assigneeId: string | null } | undefined> {
  if (atLeast(viewer.role, "manager")) return undefined;
  const unassigns = typeof body === "object" && body !== null && "assigneeId" in body && (body as { assigneeId: unknown }).assigneeId === null;
  if (!unassigns) return undefined;
  if (operation === "threads.update") return gateway.thread(params.threadId!);
  if (operation === "contacts.update") return gateway.contact(params.contactId!);
  return undefined;
}

/**
 * Under `assignedAndUnassigned`, whether a member may reach what the request names; hidden
 * resources answer their own 404. Reads go through the gateway, so a check costs no upstream
 * request when the resource is already held. Lists are filtered where they are answered.
 */
async function checkVisibility(row: PolicyRow, params: Record<string, string>, body: unknown, { gateway, viewer }: ProxyContext): Promise<void> {
  const threadVisible = async (threadId: string) => {
    if (!canSee(await gateway.thread(threadId), viewer)) throw apiError("threadNotFound", `No such thread: ${threadId}`);
  };
  const contactVisible = async (contactId: string) => {
    if (!canSee(await gateway.contact(contactId), viewer)) throw apiError("contactNotFound", `No such contact: ${contactId}`);
  };
  switch (row.visibleVia) {
    case "thread":
      return threadVisible(params.threadId!);
    case "message": {
      const message = await gateway.message(params.messageId!);
      if (!canSee(await gateway.thread(message.threadId), viewer)) throw apiError("messageNotFound", `No such message: ${params.messageId}`);
      return;
    }
    case "contact":
      return contactVisible(params.contactId!);
    case "messageTarget": {
      const target: MessageTarget = messageTarget.parse((body as { target: unknown }).target);
      if (target.type === "thread") return threadVisible(target.threadId);
      if (target.type === "contact") await contactVisible(target.contactId);
      // Checked against the thread the send lands in, which may be hidden though the contact is not.
      const hidden = hiddenLanding(await landingOf(target, gateway, viewer), viewer);
      if (hidden) throw apiError(hidden, "No such thread.");
      return;
    }
    default:
      // "none", and the lists, which are filtered where they are answered.
      return;
  }
}

type ListFilter = (items: unknown[]) => unknown[];

/**
 * What a restricted member may see of a list page: contacts by their assignee, leads by their
 * context's (the person's contact assignee). A page may come back shorter than its limit; its
 * cursor still leads on.
 */
function listFilter(row: PolicyRow, viewer: Viewer): ListFilter | null {
  if (row.visibleVia === "contactList") return (items) => filterVisible(items as { assigneeId: string | null }[], viewer);
  if (row.visibleVia === "leadList") {
    return (items) => (items as { context?: { assigneeId?: string | null } }[]).filter((lead) => canSee({ assigneeId: lead.context?.assigneeId ?? null }, viewer));
  }
  return null;
}

/** The upstream answer as the browser gets it; a list page is filtered to what the viewer may see. */
async function relay(answer: Response, filter: ListFilter | null): Promise<Response> {
  const headers = new Headers({ "cache-control": "no-store" });
  for (const name of PASSED_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (answer.status === 401) {
    const requestId = answer.headers.get("x-request-id") ?? "";
    return Response.json(
      { code: "upstreamUnauthorized", message: "The API refused the inbox's token. An admin must check INBOX_API_TOKEN.", details: null, requestId },
      { status: 502, headers },
    );
  }
  if (filter && answer.ok) {
    const page = (await answer.json()) as { data: unknown[]; nextCursor: string | null };
    headers.set("content-type", "application/json");
    return new Response(JSON.stringify({ ...page, data: filter(page.data) }), { status: answer.status, headers });
  }
  if (!answer.ok && !answer.headers.get("content-type")?.includes("json")) {
    // Keep the spec's body even when something between us and the API answered in HTML.
    const text = await answer.text();
    const parsed = safeJson(text);
    if (!errorBody.safeParse(parsed).success) {
      headers.set("content-type", "application/json");
      return Response.json(
        { code: answer.status >= 500 ? "upstreamUnavailable" : "unexpectedResponse", message: `The API answered ${answer.status} without an error body.`, details: null, requestId: answer.headers.get("x-request-id") ?? "" },
        { status: answer.status >= 500 ? 502 : answer.status, headers },
      );
    }
    return new Response(text, { status: answer.status, headers });
  }
  return new Response(answer.body, { status: answer.status, headers });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
