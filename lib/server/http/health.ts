import "server-only";
import { sql } from "drizzle-orm";
import { isApiError } from "@/lib/api/errors";
import { runtime as startRuntime, startedRuntime, type Runtime } from "../runtime/runtime";
import { requestId as currentRequestId } from "../runtime/log";
import { errorResponse, noteRoute } from "./route";

/**
 * The inbox's health, three ways; nothing secret in any (no URL, token, version or error text):
 * - GET /api/health, for the UI's banner: whether the API answers, and the mode. A check costs
 *   one upstream request from the team's shared quota, so none is sent while the API's latest
 *   answer (to any request: the event feed replays at least every 15 s while anyone watches)
 *   was a recent success, and a check's result is kept for a few seconds however often it is asked.
 * - GET /api/health/live, for a load balancer or supervisor: the process answers. Nothing else
 *   is touched (no database, no upstream), so a slow dependency never gets a live process killed.
 * - GET /api/health/ready, for a load balancer: 200 when this instance should get traffic (the
 *   runtime has started, which means both databases are migrated; the database answers
 *   `select 1` within `DATABASE_CHECK_MS`; it is not stopping), else 503. The API's
 *   reachability is in the body but never fails readiness: during an API outage every
 *   instance would fail at once, and the inbox still shows what it has and says so.
 * Neither probe waits for a runtime that is starting (load balancers time out); both are open
 * without a session and answer `cache-control: no-store`.
 */
export type HealthReport = {
  status: "ok" | "degraded";
  mode: "demo" | "upstream";
  upstream: { reachable: boolean; code: string | null; latencyMs: number | null; checkedAt: string };
};

const TTL_MS = 15_000;
/** How recent a successful answer must be to stand for a check. */
const EVIDENCE_MS = 30_000;
const cache = new WeakMap<Runtime, { at: number; report: Promise<HealthReport> }>();

export function health(runtime: Runtime, now = Date.now()): Promise<HealthReport> {
  const last = runtime.upstream.lastAnswer();
  if (last?.ok && now - last.at <= EVIDENCE_MS) {
    const upstream = { reachable: true, code: null, latencyMs: last.durationMs, checkedAt: new Date(last.at).toISOString() };
    return Promise.resolve({ status: "ok", mode: runtime.config.mode, upstream });
  }
  let cached = cache.get(runtime);
  if (!cached || now - cached.at > TTL_MS) {
    cached = { at: now, report: check(runtime) };
    cache.set(runtime, cached);
  }
  return cached.report;
}

async function check(runtime: Runtime): Promise<HealthReport> {
  const started = performance.now();
  const checkedAt = new Date().toISOString();
  let reachable = true;
  let code: string | null = null;
  try {
    await runtime.upstream.client.team.get();
  } catch (error) {
    code = isApiError(error) ? String(error.code) : "internalError";
    // The API answered, just not with a success (locked workspace, rate limit): it is reachable.
    // A 5xx is the API failing: what the inbox shows is its last good copy, so not reachable.
    reachable = isApiError(error) && error.status > 0 && error.status < 500 && error.code !== "upstreamUnavailable";
  }
  const latencyMs = Math.round(performance.now() - started);
  return {
    status: reachable && code === null ? "ok" : "degraded",
    mode: runtime.config.mode,
    upstream: { reachable, code, latencyMs: reachable ? latencyMs : null, checkedAt },
  };
}

export type Readiness = {
  status: "ready" | "starting" | "stopping" | "unavailable";
  database: { reachable: boolean; latencyMs: number | null } | null;
  migrations: "applied" | "pending";
  /** The last `/api/health` check; null while the first one is still waiting for the API. */
  upstream: HealthReport["upstream"] | null;
};

export const DATABASE_CHECK_MS = 2_000;
/** How long readiness waits for the API check before answering without it. */
export const UPSTREAM_REPORT_MS = 1_000;

export async function readiness(runtime: Runtime | null): Promise<Readiness> {
  if (!runtime) return { status: "starting", database: null, migrations: "pending", upstream: null };
  const [database, upstream] = await Promise.all([databaseCheck(runtime), within(health(runtime).then((report) => report.upstream), UPSTREAM_REPORT_MS)]);
  const status = runtime.draining() ? "stopping" : database.reachable ? "ready" : "unavailable";
  return { status, database, migrations: "applied", upstream };
}

/** GET /api/health/live. */
export const liveRoute = probe(async () => Response.json({ status: "live" }, { headers: NO_STORE }));

/** GET /api/health/ready. */
export const readyRoute = probe(async () => {
  const runtime = startedRuntime();
  // A process no request has woken yet starts its runtime now, as the first request would.
  if (!runtime) startRuntime().catch(() => {});
  const report = await readiness(runtime);
  return Response.json(report, { status: report.status === "ready" ? 200 : 503, headers: NO_STORE });
});

const NO_STORE = { "cache-control": "no-store" };

/** A probe's handler: the route wrapper's request ID and error body, without its wait for the runtime. */
function probe(handler: () => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const requestId = currentRequestId();
    noteRoute(request);
    try {
      const response = await handler();
      response.headers.set("x-request-id", requestId);
      return response;
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}

async function databaseCheck(runtime: Runtime): Promise<NonNullable<Readiness["database"]>> {
  const started = performance.now();
  const answered = await within(
    runtime.database.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ),
    DATABASE_CHECK_MS,
  );
  return answered ? { reachable: true, latencyMs: Math.round(performance.now() - started) } : { reachable: false, latencyMs: null };
}

/** The promise's value, or null when it has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
