import type { Metric } from "prom-client";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as metricsRouteFile from "@/app/api/metrics/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import * as webhooksRoute from "@/app/api/webhooks/route";
import { errorBody } from "@/lib/api/error-schemas";
import { eventPage } from "@/lib/api/events";
import { PEER_ADDRESS_HEADER } from "../accounts/client-address";
import { metrics } from "../runtime/metrics";
import { ORIGIN, call, startTestBff, type TestBff } from "../testing/bff";
import { metricsHandler } from "./metrics-route";

/**
 * GET /api/metrics as Prometheus scrapes it: the text format with the inbox's series, counting
 * what the inbox did; a bearer token when one is set, else this machine only.
 */
const SECRET = `whsec_${Buffer.from("the-metrics-test-secret-32-bytes").toString("base64")}`;
const TOKEN = "metrics-token-of-the-test-0123456789";
let bff: TestBff;
let member: string;

beforeAll(async () => {
  bff = await startTestBff({ INBOX_WEBHOOK_SECRET: SECRET, INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "2" });
  await bff.runtime.gateway.index.ready();
  member = await bff.signIn("sam");
}, 60_000);
afterAll(() => bff.close());

function scrape(headers: Record<string, string>, token: string | null = null): Promise<Response> {
  return metricsHandler(() => ({ metricsToken: token }))(new Request(`${ORIGIN}/api/metrics`, { headers }));
}

/** A counter's or gauge's value now, summed over the series matching `labels`. */
async function valueOf(metric: Metric, labels: Record<string, string> = {}): Promise<number> {
  const { values } = await metric.get();
  return values.filter((value) => Object.entries(labels).every(([name, wanted]) => String(value.labels[name]) === wanted)).reduce((sum, value) => sum + value.value, 0);
}

/** How many observations a histogram holds, over every series. */
async function countOf(histogram: Metric): Promise<number> {
  const { values } = await histogram.get();
  return values.filter((value) => (value as { metricName?: string }).metricName?.endsWith("_count")).reduce((sum, value) => sum + value.value, 0);
}

describe("GET /api/metrics", () => {
  it("answers the Prometheus text format with the upstream, budget, cache, event, stream and sign-in series", async () => {
    const unsubscribe = bff.runtime.hub.subscribe({ accepts: () => true, send: () => {} }, null);
    try {
      expect((await call(v2, "GET", "/api/v2/team", { cookie: member })).status).toBe(200);
      const response = await call(metricsRouteFile, "GET", "/api/metrics", { headers: { [PEER_ADDRESS_HEADER]: "127.0.0.1" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = await response.text();
      for (const series of [
        /^inbox_upstream_requests_total\{endpoint="team\.get",status="200"\} [1-9]\d*$/m,
        /^inbox_upstream_request_duration_seconds_bucket\{le="0\.01",endpoint="team\.get"\} \d+$/m,
        /^inbox_budget_remaining \d+$/m,
        /^inbox_budget_limit \d+$/m,
        /^inbox_budget_queue_wait_seconds_count\{priority="read"\} [1-9]\d*$/m,
        /^inbox_read_cache_requests_total\{result="miss"\} [1-9]\d*$/m,
        /^inbox_event_streams_open 1$/m,
        /^# TYPE inbox_events_applied_total counter$/m,
        /^# TYPE inbox_event_lag_seconds histogram$/m,
        /^# TYPE inbox_webhook_deliveries_total counter$/m,
        /^inbox_sign_in_failures_total \d+$/m,
        /^# TYPE inbox_sign_in_throttled_total counter$/m,
        /^process_resident_memory_bytes \d+$/m,
      ]) {
        expect(text).toMatch(series);
      }
    } finally {
      unsubscribe();
    }
    expect(await valueOf(metrics.eventStreams)).toBe(0);
  });

  it("counts reads the shared cache answers apart from those that go upstream", async () => {
    const [hits, misses] = [await valueOf(metrics.readCache, { result: "hit" }), await valueOf(metrics.readCache, { result: "miss" })];
    const upstream = await valueOf(metrics.upstreamRequests, { endpoint: "colors.list" });
    for (let i = 0; i < 3; i++) expect((await call(v2, "GET", "/api/v2/colors", { cookie: member })).status).toBe(200);
    const upstreamNow = await valueOf(metrics.upstreamRequests, { endpoint: "colors.list" });
    const [hitsNow, missesNow] = [await valueOf(metrics.readCache, { result: "hit" }), await valueOf(metrics.readCache, { result: "miss" })];
    // One upstream read, whatever a first read found already held, and every other read a hit.
    expect(missesNow - misses).toBe(upstreamNow - upstream);
    expect(hitsNow - hits + (missesNow - misses)).toBe(3);
    expect(hitsNow - hits).toBeGreaterThanOrEqual(2);
  });

  it("counts events applied by how they came, webhook or replay, with their lag", async () => {
    const webhooks = await valueOf(metrics.eventsApplied, { source: "webhook" });
    const replayed = await valueOf(metrics.eventsApplied, { source: "replay" });
    const lagged = await countOf(metrics.eventLag);
    const threadId = bff.runtime.gateway.index.all()[0]!.id;
    const after = bff.runtime.events.status().lastSeq ?? 0;

    // Two changes upstream: the first arrives by webhook, the second by replay.
    for (const archived of [true, false]) expect((await call(v2, "PATCH", `/api/v2/threads/${threadId}`, { cookie: member, body: { archived } })).ok).toBe(true);
    const page = eventPage.parse(await (await bff.runtime.upstream.fetch(`/events?afterSeq=${after}&limit=1`)).json());
    const body = JSON.stringify(page.data[0]);
    const at = new Date();
    const signature = new Webhook(SECRET).sign("msg_metrics", at, body);
    const delivered = await webhooksRoute.POST(
      new Request(`${ORIGIN}/api/webhooks`, {
        method: "POST",
        headers: { "content-type": "application/json", "webhook-id": "msg_metrics", "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature },
        body,
      }),
      { params: Promise.resolve({}) },
    );
    expect(delivered.status).toBe(204);
    await expect.poll(() => valueOf(metrics.eventsApplied, { source: "webhook" })).toBe(webhooks + 1);
    await bff.runtime.events.replayNow();
    expect(await valueOf(metrics.eventsApplied, { source: "replay" })).toBeGreaterThan(replayed);
    expect(await countOf(metrics.eventLag)).toBeGreaterThanOrEqual(lagged + 2);
    expect(await valueOf(metrics.webhookDeliveries, { result: "accepted" })).toBeGreaterThanOrEqual(1);
  });

  it("counts wrong passwords and the sign-ins refused for too many attempts", async () => {
    const failures = await valueOf(metrics.signInFailures);
    const throttled = await valueOf(metrics.signInThrottled, { scope: "address" });
    const attempt = () =>
      authRoute.POST(
        new Request(`${ORIGIN}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: ORIGIN, [PEER_ADDRESS_HEADER]: "203.0.113.77" },
          body: JSON.stringify({ email: "sam@acme.test", password: "not-the-password" }),
        }),
      );
    expect([(await attempt()).status, (await attempt()).status, (await attempt()).status]).toEqual([401, 401, 429]);
    expect(await valueOf(metrics.signInFailures)).toBe(failures + 2);
    expect(await valueOf(metrics.signInThrottled, { scope: "address" })).toBe(throttled + 1);
  });

  describe("with INBOX_METRICS_TOKEN set", () => {
    it("refuses a scrape without the token, or with another, as 401 in the spec's error body", async () => {
      const cases: Record<string, string>[] = [{}, { authorization: "Bearer wrong-token-of-the-same-size!!" }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }];
      for (const headers of cases) {
        // Loopback makes no difference once a token is set.
        const response = await scrape({ [PEER_ADDRESS_HEADER]: "127.0.0.1", ...headers }, TOKEN);
        expect(response.status).toBe(401);
        expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
        const body = errorBody.parse(await response.json());
        expect(body).toMatchObject({ code: "unauthorized", details: null });
        expect(body.message).toContain("INBOX_METRICS_TOKEN");
        expect(response.headers.get("x-request-id")).toBe(body.requestId);
      }
    });

    it("answers the token from anywhere", async () => {
      const response = await scrape({ [PEER_ADDRESS_HEADER]: "198.51.100.20", authorization: `Bearer ${TOKEN}` }, TOKEN);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("inbox_upstream_requests_total");
    });
  });

  describe("without a token", () => {
    it("answers this machine: a loopback connection no proxy forwarded", async () => {
      for (const peer of ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"]) {
        expect((await scrape({ [PEER_ADDRESS_HEADER]: peer })).status, peer).toBe(200);
        // What Next adds to a request that came without one: the connection's own address.
        expect((await scrape({ [PEER_ADDRESS_HEADER]: peer, "x-forwarded-for": peer })).status, peer).toBe(200);
      }
    });

    it("refuses anyone else with 403, a proxy on this machine forwarding someone included", async () => {
      const cases: Record<string, string>[] = [
        {},
        { [PEER_ADDRESS_HEADER]: "10.0.0.5" },
        { [PEER_ADDRESS_HEADER]: "2001:db8::1" },
        { [PEER_ADDRESS_HEADER]: "127.0.0.1", "x-forwarded-for": "203.0.113.9" },
        { [PEER_ADDRESS_HEADER]: "127.0.0.1", "x-forwarded-for": "203.0.113.9, 127.0.0.1" },
        { [PEER_ADDRESS_HEADER]: "127.0.0.1", forwarded: "for=203.0.113.9" },
        { [PEER_ADDRESS_HEADER]: "::1", "x-real-ip": "203.0.113.9" },
        // A client's own peer header is overwritten by scripts/server.mjs; a bearer token is no help when none is set.
        { [PEER_ADDRESS_HEADER]: "10.0.0.5", authorization: `Bearer ${TOKEN}` },
      ];
      for (const headers of cases) {
        const response = await scrape(headers);
        expect(response.status, JSON.stringify(headers)).toBe(403);
        expect(errorBody.parse(await response.json())).toMatchObject({ code: "forbidden", details: null });
      }
    });
  });
});
