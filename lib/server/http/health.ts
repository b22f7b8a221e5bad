import "server-only";
import { isApiError } from "@/lib/api/errors";
import type { Runtime } from "../runtime/runtime";

/**
 * GET /api/health: whether the API answers, and the mode. Nothing secret: no URL, token or
 * version. A check costs one upstream request from the team's shared quota, so its result is
 * kept for a few seconds however often load balancers ask.
 */
export type HealthReport = {
  status: "ok" | "degraded";
  mode: "demo" | "upstream";
  upstream: { reachable: boolean; code: string | null; latencyMs: number | null; checkedAt: string };
};

const TTL_MS = 15_000;
const cache = new WeakMap<Runtime, { at: number; report: Promise<HealthReport> }>();

export function health(runtime: Runtime, now = Date.now()): Promise<HealthReport> {
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
    reachable = isApiError(error) && error.status > 0 && error.code !== "upstreamUnavailable";
  }
  const latencyMs = Math.round(performance.now() - started);
  return {
    status: reachable && code === null ? "ok" : "degraded",
    mode: runtime.config.mode,
    upstream: { reachable, code, latencyMs: reachable ? latencyMs : null, checkedAt },
  };
}
