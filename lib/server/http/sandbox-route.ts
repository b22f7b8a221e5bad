import "server-only";
import { viewerFrom, type SessionViewer } from "./session";
import { apiError } from "./route";
import type { Runtime } from "../runtime/runtime";
import { SANDBOX_PUBLIC_PATH } from "../gateway/upstream";

/**
 * The demo sandbox beyond its API, through the BFF: `/api/sandbox/media/…` for the media URLs
 * the sandbox signs (open, as a platform's CDN is), `/api/sandbox/_sandbox/…` for the
 * simulator's control API (signed-in users only). With a real upstream there is no sandbox
 * and every such path is 404.
 */
export async function relaySandbox(request: Request, runtime: Runtime, viewer: SessionViewer | null): Promise<Response> {
  const sandboxFetch = runtime.upstream.sandboxFetch;
  if (!sandboxFetch) throw apiError("notFound", "There is no sandbox: the inbox is connected to a real API.");
  const url = new URL(request.url);
  const path = url.pathname.slice(SANDBOX_PUBLIC_PATH.length);
  const isMedia = path.startsWith("/media/");
  if (!isMedia && !path.startsWith("/_sandbox/")) throw apiError("notFound", `No endpoint at ${url.pathname}.`);
  if (!isMedia && !(viewer ?? (await viewerFrom(request.headers, runtime)))) {
    throw apiError("unauthorized", "Sign in to use the sandbox's simulator.");
  }
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
  const headers = new Headers();
  const contentType = request.headers.get("content-type");
  if (contentType) headers.set("content-type", contentType);
  const answer = await sandboxFetch(`${path}${url.search}`, { method: request.method, headers, body });
  const out = new Headers();
  for (const name of ["content-type", "cache-control", "x-request-id", "retry-after"]) {
    const value = answer.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  return new Response(answer.body, { status: answer.status, headers: out });
}
