import "server-only";
import { createApiClient, type ApiClient } from "@/lib/api/client";
import { matchEndpoints } from "@/lib/api/endpoints";
import { ApiError, type ErrorBody } from "@/lib/api/errors";
import type { DatabaseConfig } from "@/lib/db/connection";
import type { Sandbox } from "@/lib/sandbox/app";
import type { InboxConfig, InboxMode } from "../runtime/env";
import { log, noteUpstream, type UpstreamCall } from "../runtime/log";
import { metrics, secondsSince } from "../runtime/metrics";

/**
 * The way to API v2, and the only module that sees the token.
 *
 * - Demo mode: the sandbox in-process, called through its fetch handler (no network). It is
 *   opened on the first request, once per process, through a `globalThis` singleton, so Next's
 *   hot reload never opens the database twice and `next build` (which imports modules but
 *   sends no requests) never opens it at all. The sandbox module is imported dynamically so
 *   upstream mode never loads it.
 * - Upstream mode: `INBOX_API_BASE_URL` over the network.
 *
 * Either way every request runs under `INBOX_UPSTREAM_TIMEOUT_MS`, with the body read inside
 * the timeout. A timeout throws `ApiError` 504 upstreamUnavailable, a connection failure 502
 * upstreamUnavailable, each with the spec body and a plain message naming no URL. The typed
 * client gets those as responses (lib/api's client would otherwise report any thrown fetch
 * error as the browser's `networkError`), so they reach its callers as the same ApiError.
 * `content-encoding` and `content-length` are dropped because the body is already decoded.
 *
 * Each API request is counted and timed by operation and status (lib/server/runtime/metrics),
 * listed on the line of the request it served (lib/server/runtime/log), and logged when it
 * failed: no answer, a 5xx, or a 401 (the inbox's token refused).
 */

/** `fetch(path, init)`: `path` is relative to the version 2 root, with its query string. */
export type UpstreamFetch = (path: string, init?: RequestInit) => Promise<Response>;

export type Upstream = {
  client: ApiClient;
  fetch: UpstreamFetch;
  /**
   * Demo mode only: the sandbox beyond its API (`/media/…`, `/_sandbox/…`), addressed from its
   * root and authenticated with the team's token; null with a real upstream.
   */
  sandboxFetch: UpstreamFetch | null;
  mode: InboxMode;
  /** API requests sent since start (the API's own, not the sandbox's control or media): what the quota counts. */
  requestCount(): number;
  /** The API's answer to the latest request that got one (or failed to): when, whether a success, how long it took. */
  lastAnswer(): LastAnswer | null;
  close(): Promise<void>;
};

export type LastAnswer = { at: number; ok: boolean; durationMs: number };

/** Where the browser reaches the demo sandbox's media and control API, through the BFF. */
export const SANDBOX_PUBLIC_PATH = "/api/sandbox";

export type UpstreamOptions = {
  /** Demo mode only: a private sandbox on this database instead of the process's shared one (tests use `{}`, memory). */
  sandboxDatabase?: DatabaseConfig;
};

/**
 * Demo mode: the inbox's own webhook receiver, where the sandbox delivers its events. The
 * sandbox is told it (`webhookUrls`) as the one target allowed besides loopback.
 */
export function demoWebhookUrl(config: Pick<InboxConfig, "publicUrl" | "port">): string {
  return `${config.publicUrl ?? `http://127.0.0.1:${config.port}`}/api/webhooks`;
}

/** The origin the in-process sandbox is addressed by; never resolved on a network. */
const SANDBOX_ROOT = "http://sandbox.internal/v2";

export function createUpstream(config: InboxConfig, options: UpstreamOptions = {}): Upstream {
  const timeoutMs = config.upstreamTimeoutMs;
  let root: string;
  let send: (request: Request) => Promise<Response>;
  let close: () => Promise<void>;
  let sandboxSend: ((request: Request) => Promise<Response>) | null = null;
  // Demo mode: opening the in-process sandbox (seeding a fresh one, on a busy machine) is not the
  // API being slow, so the timeout starts once it is open. A failed open fails the send as before.
  let opened: () => Promise<unknown> = () => Promise.resolve();

  if (config.mode === "demo") {
    root = SANDBOX_ROOT;
    const owned = options.sandboxDatabase !== undefined;
    const database = options.sandboxDatabase ?? (config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/sandbox` });
    let privateSandbox: Promise<Sandbox> | null = null;
    const webhookUrls = [demoWebhookUrl(config)];
    const sandbox = () => {
      if (!owned) return sharedSandbox(database, config.demoScale, webhookUrls);
      privateSandbox ??= openSandbox(database, config.demoScale, webhookUrls);
      return privateSandbox;
    };
    send = async (request) => (await sandbox()).fetch(request);
    sandboxSend = send;
    opened = () => sandbox().catch(() => undefined);
    close = async () => {
      if (owned) {
        if (privateSandbox) await (await privateSandbox).close();
        privateSandbox = null;
      } else {
        await closeSharedSandbox();
      }
    };
  } else {
    root = config.apiBaseUrl!.replace(/\/+$/, "");
    send = (request) => globalThis.fetch(request);
    close = async () => {};
  }

  const token = config.apiToken;
  const rootPath = new URL(root).pathname.replace(/\/+$/, "");
  let requests = 0;
  let last: LastAnswer | null = null;
  const guarded = async (request: Request) => {
    requests += 1;
    const started = performance.now();
    const endpoint = operationOf(request.method, new URL(request.url).pathname.slice(rootPath.length));
    try {
      await opened();
      const response = await withTimeout(send, request, timeoutMs);
      observe({ endpoint, status: response.status, durationMs: elapsed(started), requestId: response.headers.get("x-request-id") }, started);
      last = { at: Date.now(), ok: response.status >= 200 && response.status < 300, durationMs: elapsed(started) };
      return response;
    } catch (error) {
      const status = request.signal.aborted ? "aborted" : error instanceof ApiError && error.status === 504 ? "timeout" : "unreachable";
      observe({ endpoint, status, durationMs: elapsed(started), requestId: null }, started);
      if (status !== "aborted") last = { at: Date.now(), ok: false, durationMs: elapsed(started) };
      throw error;
    }
  };

  const upstreamFetch: UpstreamFetch = (path, init) => {
    if (!path.startsWith("/")) return Promise.reject(new TypeError("An upstream path starts with /"));
    const headers = new Headers(init?.headers);
    // The browser's credentials stay at the BFF; the team's token goes upstream instead.
    headers.delete("cookie");
    headers.set("authorization", `Bearer ${token}`);
    return guarded(new Request(`${root}${path}`, { ...init, headers }));
  };

  // The client adds the token itself; its transport turns our ApiErrors back into responses.
  const clientFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    try {
      return await guarded(new Request(input, init));
    } catch (error) {
      if (error instanceof ApiError) return Response.json(error.toBody(), { status: error.status, headers: { "x-request-id": error.requestId ?? "" } });
      throw error;
    }
  };

  const sandboxFetch: UpstreamFetch | null = sandboxSend
    ? (path, init) => {
        const headers = new Headers(init?.headers);
        headers.delete("cookie");
        headers.set("authorization", `Bearer ${token}`);
        return withTimeout(sandboxSend!, new Request(`${new URL(SANDBOX_ROOT).origin}${path}`, { ...init, headers }), timeoutMs);
      }
    : null;

  return {
    client: createApiClient({ baseUrl: root, token, fetch: clientFetch }),
    fetch: upstreamFetch,
    sandboxFetch,
    mode: config.mode,
    requestCount: () => requests,
    lastAnswer: () => last,
    close,
  };
}

/** The API v2 operation a request is for, by method and path (relative to the version 2 root). */
function operationOf(method: string, path: string): string {
  return matchEndpoints(path).find((match) => match.endpoint.method === method.toUpperCase())?.operation ?? "other";
}

function observe(call: UpstreamCall, started: number): void {
  metrics.upstreamRequests.inc({ endpoint: call.endpoint, status: String(call.status) });
  metrics.upstreamDuration.observe({ endpoint: call.endpoint }, secondsSince(started));
  noteUpstream(call);
  if (call.status === "aborted") return;
  if (typeof call.status === "string" || call.status >= 500) log.warn({ upstream: call }, `the API failed: ${call.endpoint} ${call.status}`);
  else if (call.status === 401) log.error({ upstream: call }, "the API refused the inbox's token (401): check INBOX_API_TOKEN");
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}

async function withTimeout(send: (request: Request) => Promise<Response>, request: Request, timeoutMs: number): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const callerSignal = request.signal;
  const signal = AbortSignal.any([callerSignal, timeout]);
  const timedOut = () =>
    unavailable(504, `The API did not answer within ${formatMs(timeoutMs)}.`);

  // An in-process handler does not watch the signal, so the race is what enforces the timeout.
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  aborted.catch(() => {});

  try {
    const response = await Promise.race([send(new Request(request, { signal })), aborted]);
    const body = isNullBodyStatus(response.status) ? null : await Promise.race([response.arrayBuffer(), aborted]);
    const headers = new Headers(response.headers);
    headers.delete("content-encoding");
    headers.delete("content-length");
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  } catch (error) {
    if (callerSignal.aborted) throw error;
    if (timeout.aborted) throw timedOut();
    throw unavailable(502, "The API could not be reached.");
  }
}

function unavailable(status: 502 | 504, message: string): ApiError {
  const body: ErrorBody = { code: "upstreamUnavailable", message, details: null, requestId: `inbox${crypto.randomUUID().replaceAll("-", "")}` };
  return new ApiError({ status, ...body });
}

function isNullBodyStatus(status: number): boolean {
  return status === 101 || status === 204 || status === 205 || status === 304;
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} seconds` : `${ms} ms`;
}

async function openSandbox(database: DatabaseConfig, scale: number | null, webhookUrls: readonly string[]): Promise<Sandbox> {
  const { createSandbox } = await import("@/lib/sandbox/app");
  // Media URLs point at the BFF's route to the sandbox, since the browser cannot reach it in-process.
  // The scale applies when the world is first seeded; an existing one is kept.
  // Campaigns move only when asked (POST /_sandbox/campaigns/run): a demo and its journeys see
  // the same inbox whatever the hour on the sandbox's clock.
  return createSandbox({ database, publicBaseUrl: SANDBOX_PUBLIC_PATH, seed: scale === null ? undefined : { scale }, webhookUrls, campaignsOnClockAdvance: false });
}

// One sandbox per process, kept on globalThis so that modules re-evaluated by hot reload find it.
const SHARED = Symbol.for("team-inbox.demo-sandbox");
type Shared = { [SHARED]?: Promise<Sandbox> };

function sharedSandbox(database: DatabaseConfig, scale: number | null, webhookUrls: readonly string[]): Promise<Sandbox> {
  const holder = globalThis as Shared;
  if (!holder[SHARED]) {
    const opening = openSandbox(database, scale, webhookUrls);
    holder[SHARED] = opening;
    // A failed open is forgotten, so the next request tries again.
    opening.catch(() => {
      if (holder[SHARED] === opening) delete holder[SHARED];
    });
  }
  return holder[SHARED];
}

async function closeSharedSandbox(): Promise<void> {
  const holder = globalThis as Shared;
  const opening = holder[SHARED];
  if (!opening) return;
  delete holder[SHARED];
  await (await opening).close();
}
