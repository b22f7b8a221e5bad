import "server-only";
import { z } from "zod";
import { ApiError, ERROR_STATUS, type ErrorBody, type KnownErrorCode } from "@/lib/api/errors";
import { INBOX_ENDPOINTS } from "@/lib/api/inbox-endpoints";
import { INBOX_OPERATIONS, inboxRoute } from "@/lib/api/inbox-routes";
import { pathProblem } from "@/lib/api/paths";
import { describeIssues } from "@/lib/api/query";
import { errorField, log, noteRequest, requestId as currentRequestId } from "../runtime/log";
import { runtime, type Runtime } from "../runtime/runtime";
import { isSameOrigin } from "./origin";
import { viewerFrom, type SessionViewer } from "./session";

/**
 * The one wrapper around the inbox's route handlers, so every answer that is not a success
 * has the spec's error body and an `X-Request-Id`:
 * - a path whose percent-encoding is malformed, or that holds a control character, is 400
 *   invalidRequest before anything else (lib/api/paths; the root proxy.ts answers the same
 *   before Next decodes the path);
 * - a `ZodError` → 400 invalidRequest; an `ApiError` → its status and body (Retry-After kept);
 *   anything else → 500 internalError, logged with its request ID, never a stack to the browser;
 * - the request ID is the one scripts/server.mjs gave the request (lib/server/runtime/log), and
 *   the request's log line is told its route: the row of lib/api/inbox-endpoints it runs;
 * - writes (anything but GET, HEAD, OPTIONS) come only from the inbox's own pages: the
 *   browser's `Sec-Fetch-Site` must say same-origin, or, where it is not sent, `Origin` must
 *   be the inbox's own (CSRF). A request with neither is refused;
 * - with `session: true` (the default) a request without a session is 401 unauthorized; one
 *   with a session notes its member as seen (routing counts idle members away).
 */
export type RouteContext<Params> = {
  params: Promise<Params>;
  requestId: string;
  runtime: Runtime;
  viewer: SessionViewer;
};

type Handler<Params> = (request: Request, context: RouteContext<Params>) => Promise<Response>;
type PublicHandler<Params> = (request: Request, context: Omit<RouteContext<Params>, "viewer">) => Promise<Response>;

export function route<Params = Record<string, never>>(handler: Handler<Params>) {
  return wrap<Params>(async (request, context) => {
    const viewer = await viewerFrom(request.headers, context.runtime);
    if (!viewer) throw new ApiError({ status: 401, code: "unauthorized", message: "Sign in to continue." });
    // Any request says its member is at the inbox (routing counts idle members away); never in the request's way.
    context.runtime.routing.seen(viewer.memberId).catch((error: unknown) => log.warn({ error: errorField(error) }, "noting a member as seen failed"));
    return handler(request, { ...context, viewer });
  });
}

/** A handler open without a session (health, webhooks); the CSRF rule still applies to writes unless `crossOrigin`. */
export function publicRoute<Params = Record<string, never>>(handler: PublicHandler<Params>, options: { crossOrigin?: boolean } = {}) {
  return wrap<Params>(handler, options);
}

function wrap<Params>(handler: PublicHandler<Params>, options: { crossOrigin?: boolean } = {}) {
  return async (request: Request, next: { params: Promise<Params> }): Promise<Response> => {
    const requestId = currentRequestId();
    noteRoute(request);
    try {
      const problem = pathProblem(new URL(request.url).pathname);
      if (problem) throw apiError("invalidRequest", problem);
      const rt = await runtime();
      if (!options.crossOrigin && isWrite(request.method) && !isSameOrigin(request, rt.config.publicUrl)) {
        throw new ApiError({
          status: 403,
          code: "forbidden",
          message: "Changes are accepted only from the inbox's own pages.",
        });
      }
      const response = await handler(request, { params: next.params, requestId, runtime: rt });
      if (!response.headers.has("x-request-id")) response.headers.set("x-request-id", requestId);
      return response;
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}

/** The spec's error body for anything thrown, with its status. */
export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ApiError) {
    const headers = new Headers({ "x-request-id": error.requestId || requestId, "cache-control": "no-store" });
    if (error.retryAfter !== null) headers.set("retry-after", String(error.retryAfter));
    return Response.json({ ...error.toBody(), requestId: error.requestId || requestId }, { status: error.status, headers });
  }
  if (error instanceof z.ZodError) return errorJson(400, "invalidRequest", describeIssues(error), requestId);
  log.error({ requestId, error: errorField(error) }, "the inbox failed to handle a request");
  return errorJson(500, "internalError", "The inbox failed to handle this request.", requestId);
}

export function errorJson(status: number, code: KnownErrorCode | string, message: string, requestId: string, details: Record<string, unknown> | null = null): Response {
  const body: ErrorBody = { code, message, details, requestId };
  return Response.json(body, { status, headers: { "x-request-id": requestId, "cache-control": "no-store" } });
}

/** An `ApiError` of a known code, with the code's status. */
export function apiError(code: KnownErrorCode, message: string, details: Record<string, unknown> | null = null): ApiError {
  return new ApiError({ status: ERROR_STATUS[code], code, message, details });
}

/** Names the request's row of lib/api/inbox-endpoints (`users.update`) on its log line. */
export function noteRoute(request: Request): void {
  const found = inboxRoute(new URL(request.url).pathname);
  if (!found) return;
  const method = request.method.toUpperCase();
  noteRequest({ route: INBOX_OPERATIONS.find((operation) => INBOX_ENDPOINTS[operation].path === found.path && INBOX_ENDPOINTS[operation].method === method) ?? found.path });
}

function isWrite(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}
