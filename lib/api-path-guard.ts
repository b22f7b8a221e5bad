import { inboxRoute } from "@/lib/api/inbox-routes";
import { pathProblem } from "@/lib/api/paths";

/**
 * For the root proxy.ts: the 400 invalidRequest, with the spec's error body, for an `/api` path
 * whose percent-encoding is malformed or that holds a control character; null for any other
 * path. Next decodes a route's dynamic segments before its handler runs and answers a bare 500
 * when one does not decode, so such a path must be refused before Next routes it. The route
 * wrapper (lib/server/http/route) applies the same rule, for whatever reaches a handler.
 */
export function malformedApiPath(pathname: string): Response | null {
  if (pathname !== "/api" && !pathname.startsWith("/api/")) return null;
  const problem = pathProblem(pathname);
  if (!problem) return null;
  return refusal(400, "invalidRequest", problem);
}

/**
 * For the root proxy.ts, after `malformedApiPath`: the spec's answer for an `/api` request that
 * no route of lib/api/inbox-endpoints takes, where Next would answer with an empty body (405 for
 * a method the route file does not export, 400 for a method Next does not know, e.g. TRACE) or
 * its HTML not-found page; null for a request a route takes, and for any path outside `/api`.
 * - A path no route serves is 404 notFound: every `/api` path is the API's, and the table is
 *   held to the route files, so no route can be shadowed.
 * - A method the route does not take is 405 methodNotAllowed, with the methods it takes in
 *   `Allow` and in `details.allow`, as the v2 proxy answers.
 * - HEAD goes wherever GET does (Next runs GET and drops the body). OPTIONS goes through to
 *   Next, which answers every route with 204 and the same `Allow`, running no handler: it is
 *   not an error, and a cross-origin preflight gets no CORS grant from it.
 */
export function unroutableApiRequest(method: string, pathname: string): Response | null {
  if (pathname !== "/api" && !pathname.startsWith("/api/")) return null;
  const route = inboxRoute(pathname);
  if (!route) return refusal(404, "notFound", `No endpoint at ${pathname}.`);
  const allow = [...route.methods, ...(route.methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort();
  if (allow.includes(method)) return null;
  const response = refusal(405, "methodNotAllowed", `${method} is not allowed on ${pathname}.`, { allow });
  response.headers.set("allow", allow.join(", "));
  return response;
}

function refusal(status: number, code: string, message: string, details: Record<string, unknown> | null = null): Response {
  // The form of the BFF's request IDs (lib/server/http/route, which is server-only).
  const requestId = `inbox${crypto.randomUUID().replaceAll("-", "")}`;
  return Response.json({ code, message, details, requestId }, { status, headers: { "x-request-id": requestId, "cache-control": "no-store" } });
}
