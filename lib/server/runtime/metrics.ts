import "server-only";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The inbox's metrics (prom-client), served in the Prometheus text format by /api/metrics
 * (lib/server/http/metrics-route). One registry per process, kept on `globalThis`: Next's
 * bundles and dev reloads each evaluate this module again, and each must count into the same
 * series. Besides Node's own (`process_*`, `nodejs_*`), every series is the inbox's:
 *
 * - `inbox_upstream_requests_total{endpoint,status}`: API v2 requests by operation
 *   (lib/api/endpoints, `other` outside it) and the API's status, or `timeout`,
 *   `unreachable`, `aborted` when it did not answer; `inbox_upstream_request_duration_seconds{endpoint}`.
 * - `inbox_budget_remaining`, `inbox_budget_limit`, `inbox_budget_reset_timestamp_seconds`:
 *   the team's request budget as the API's last `X-RateLimit-*` said (NaN before its first
 *   answer); `inbox_budget_queue_wait_seconds{priority}`: how long requests waited for it;
 *   `inbox_budget_queue_length{priority}`: how many wait now.
 * - `inbox_read_cache_requests_total{result}`: the shared read cache's `hit`, `miss`, `shared`
 *   (joined a read in flight: no request of its own) and `stale` (the API failed; the last good
 *   answer was served).
 * - `inbox_events_applied_total{source}` and `inbox_event_lag_seconds{source}` (from the
 *   event's `createdAt` to its application here): `webhook`, `replay`, or `instance` (applied
 *   by another instance, told through the bus); `inbox_webhook_deliveries_total{result}`:
 *   `accepted` or `rejected`.
 * - `inbox_event_streams_open`: browsers' event streams open on this instance.
 * - `inbox_sign_in_failures_total` (wrong email or password) and
 *   `inbox_sign_in_throttled_total{scope}` (`address` or `account`).
 */
export type Metrics = ReturnType<typeof createMetrics>;

const SHARED = Symbol.for("team-inbox.metrics");

export const metrics: Metrics = ((globalThis as { [SHARED]?: Metrics })[SHARED] ??= createMetrics());

/** The registry's text, and its content type. */
export async function exposition(): Promise<{ text: string; contentType: string }> {
  return { text: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
}

/** Seconds between two `performance.now()` readings. */
export function secondsSince(startedMs: number): number {
  return (performance.now() - startedMs) / 1000;
}

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const metrics = {
    registry,
    upstreamRequests: new Counter({
      name: "inbox_upstream_requests_total",
      help: "API v2 requests by operation and status (or timeout, unreachable, aborted).",
      labelNames: ["endpoint", "status"] as const,
      registers,
    }),
    upstreamDuration: new Histogram({
      name: "inbox_upstream_request_duration_seconds",
      help: "How long API v2 requests took, answer read, by operation.",
      labelNames: ["endpoint"] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    budgetRemaining: new Gauge({ name: "inbox_budget_remaining", help: "Requests left in the team's rate-limit window, as the API last said.", registers }),
    budgetLimit: new Gauge({ name: "inbox_budget_limit", help: "The team's rate-limit window size, as the API last said.", registers }),
    budgetReset: new Gauge({ name: "inbox_budget_reset_timestamp_seconds", help: "When the team's rate-limit window resets (Unix time), as the API last said.", registers }),
    queueWait: new Histogram({
      name: "inbox_budget_queue_wait_seconds",
      help: "How long upstream requests waited for the team's request budget, by priority.",
      labelNames: ["priority"] as const,
      buckets: [0.001, 0.01, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    queueLength: new Gauge({ name: "inbox_budget_queue_length", help: "Upstream requests waiting for the team's request budget, by priority.", labelNames: ["priority"] as const, registers }),
    readCache: new Counter({
      name: "inbox_read_cache_requests_total",
      help: "Reads of the shared read cache: hit, miss, shared (joined a read in flight) or stale (the API failed, the last good answer served).",
      labelNames: ["result"] as const,
      registers,
    }),
    eventsApplied: new Counter({ name: "inbox_events_applied_total", help: "API events applied here, by how they came: webhook, replay or instance (another instance).", labelNames: ["source"] as const, registers }),
    eventLag: new Histogram({
      name: "inbox_event_lag_seconds",
      help: "From an API event's createdAt to its application here, by how it came.",
      labelNames: ["source"] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers,
    }),
    webhookDeliveries: new Counter({ name: "inbox_webhook_deliveries_total", help: "Webhook deliveries: accepted (signed events) or rejected.", labelNames: ["result"] as const, registers }),
    eventStreams: new Gauge({ name: "inbox_event_streams_open", help: "Browsers' event streams open on this instance.", registers }),
    signInFailures: new Counter({ name: "inbox_sign_in_failures_total", help: "Sign-ins refused for a wrong email or password.", registers }),
    signInThrottled: new Counter({ name: "inbox_sign_in_throttled_total", help: "Sign-ins refused for too many attempts, per client address or per account.", labelNames: ["scope"] as const, registers }),
  };
  // Unknown until the API's first answer, which a 0 would misstate.
  for (const gauge of [metrics.budgetRemaining, metrics.budgetLimit, metrics.budgetReset]) gauge.set(Number.NaN);
  return metrics;
}
