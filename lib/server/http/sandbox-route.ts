import "server-only";
import { viewerFrom, type SessionViewer } from "./session";
import { apiError } from "./route";
import { errorField, log } from "../runtime/log";
import type { Runtime } from "../runtime/runtime";
import { SANDBOX_PUBLIC_PATH } from "../gateway/upstream";
import { permitSandboxRelay, sandboxRelayRow } from "../access/policy";

/** How long a reset's answer waits for the inbox to rebuild; the rebuild goes on after. */
const RESET_REBUILD_WAIT_MS = 10_000;

/**
 * The demo sandbox beyond its API, through the BFF: `/api/sandbox/media/…` for the media URLs
 * the sandbox signs, `/api/sandbox/_sandbox/…` for the simulator's control API. Who may use
 * which is the policy's (`SANDBOX_RELAY_POLICY`: media open, control for admins). With a real
 * upstream there is no sandbox and every such path is 404.
 */
export async function relaySandbox(request: Request, runtime: Runtime, viewer: SessionViewer | null): Promise<Response> {
  const sandboxFetch = runtime.upstream.sandboxFetch;
  if (!sandboxFetch) throw apiError("notFound", "There is no sandbox: the inbox is connected to a real API.");
  const url = new URL(request.url);
  const path = url.pathname.slice(SANDBOX_PUBLIC_PATH.length);
  const row = sandboxRelayRow(path);
  if (!row) throw apiError("notFound", `No endpoint at ${url.pathname}.`);
  // Media answers without a session lookup: it is fetched by every <img> on the page.
  const caller = row.who === "anyone" ? null : (viewer ?? (await viewerFrom(request.headers, runtime)));
  const permission = permitSandboxRelay(row, caller?.role ?? null);
  if (!permission.allowed) throw apiError(permission.code, permission.message);
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
  const headers = new Headers();
  const contentType = request.headers.get("content-type");
  if (contentType) headers.set("content-type", contentType);
  const answer = await sandboxFetch(`${path}${url.search}`, { method: request.method, headers, body });
  if (answer.ok && request.method === "POST" && path === "/_sandbox/reset") {
    // The sandbox's world and event history started over: the inbox rebuilds before answering,
    // rather than whenever its replay would notice; but never waits long on a slow API for it.
    const rebuilt = runtime.events.restarted().catch((error: unknown) => log.error({ error: errorField(error) }, "rebuilding after the sandbox's reset failed"));
    await Promise.race([rebuilt, new Promise((resolve) => setTimeout(resolve, RESET_REBUILD_WAIT_MS).unref())]);
  }
  // The sandbox's clock is the scheduler's in demo mode: what its move made due runs now.
  if (answer.ok && request.method === "POST" && path.startsWith("/_sandbox/clock")) runtime.scheduler.wake();
  const out = new Headers();
  for (const name of ["content-type", "content-disposition", "x-content-type-options", "cache-control", "x-request-id", "retry-after"]) {
    const value = answer.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  return new Response(answer.body, { status: answer.status, headers: out });
}
