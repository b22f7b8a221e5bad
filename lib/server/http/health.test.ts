import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as liveRoute from "@/app/api/health/live/route";
import * as readyRoute from "@/app/api/health/ready/route";
import { ApiError } from "@/lib/api/errors";
import { pendingRuntime, type Runtime } from "../runtime/runtime";
import { call, startTestBff, type TestBff } from "../testing/bff";
import { readiness, type Readiness } from "./health";

/**
 * The load balancer's two questions: is the process alive (never anything but the process),
 * and should this instance get traffic (database, migrations, not stopping; the API's
 * reachability reported, never deciding).
 */
describe("GET /api/health/live and /api/health/ready", () => {
  let bff: TestBff;

  it("answers live before any runtime exists, without starting one", async () => {
    expect(pendingRuntime()).toBeNull();
    const response = await call(liveRoute, "GET", "/api/health/live", { cookie: null });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "live" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toMatch(/^inbox[0-9a-f]{32}$/);
    expect(pendingRuntime()).toBeNull();
  });

  it("reports a runtime that has not started as starting", async () => {
    expect(await readiness(null)).toEqual({ status: "starting", database: null, migrations: "pending", upstream: null });
  });

  describe("with a runtime", () => {
    beforeAll(async () => {
      bff = await startTestBff();
    }, 60_000);
    afterAll(() => bff.close());

    it("is ready without a session once the database answers and the migrations ran, with the API's reachability", async () => {
      const response = await call(readyRoute, "GET", "/api/health/ready", { cookie: null });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-request-id")).toMatch(/^inbox/);
      const body = (await response.json()) as Readiness;
      expect(body).toMatchObject({ status: "ready", database: { reachable: true, latencyMs: expect.any(Number) }, migrations: "applied" });
      expect(body.upstream).toMatchObject({ reachable: true, code: null });
    });

    it("stays ready when the API is unreachable, and says so", async () => {
      const down = new ApiError({ status: 503, code: "upstreamUnavailable", message: "The API did not answer." });
      const report = await readiness(withUpstreamTeamGet(bff.runtime, () => Promise.reject(down)));
      expect(report).toMatchObject({ status: "ready", database: { reachable: true } });
      expect(report.upstream).toMatchObject({ reachable: false, code: "upstreamUnavailable" });
    });

    it("counts an API failing with 5xx as unreachable, and one refusing with 4xx as reachable", async () => {
      const failing = new ApiError({ status: 500, code: "internalError", message: "Injected internal error" });
      const failed = await readiness(withUpstreamTeamGet(bff.runtime, () => Promise.reject(failing)));
      expect(failed.upstream).toMatchObject({ reachable: false, code: "internalError" });
      const locked = new ApiError({ status: 403, code: "workspaceLocked", message: "Billing paused" });
      const refused = await readiness(withUpstreamTeamGet(bff.runtime, () => Promise.reject(locked)));
      expect(refused.upstream).toMatchObject({ reachable: true, code: "workspaceLocked" });
    });

    it("answers without waiting for an API that is slow to answer", async () => {
      const started = performance.now();
      const report = await readiness(withUpstreamTeamGet(bff.runtime, () => new Promise(() => {})));
      expect(performance.now() - started).toBeLessThan(1_900);
      expect(report).toMatchObject({ status: "ready", upstream: null });
    });

    it("is unavailable when the database does not answer", async () => {
      const failing = { ...bff.runtime.database, db: { execute: () => Promise.reject(new Error("connection refused")) } };
      const report = await readiness({ ...bff.runtime, database: failing } as unknown as Runtime);
      expect(report).toMatchObject({ status: "unavailable", database: { reachable: false, latencyMs: null } });
    });

    // Last: a drained runtime stays drained.
    it("answers 503 stopping once the instance drains, while live still answers", async () => {
      bff.runtime.drain();
      const response = await call(readyRoute, "GET", "/api/health/ready", { cookie: null });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: "stopping", database: { reachable: true } });
      expect((await call(liveRoute, "GET", "/api/health/live", { cookie: null })).status).toBe(200);
    });
  });
});

/** A copy of the runtime whose API answers `GET /team` as told, and nothing else lately (a copy: the health check is kept per runtime). */
function withUpstreamTeamGet(runtime: Runtime, get: () => Promise<never>): Runtime {
  const client = { ...runtime.upstream.client, team: { ...runtime.upstream.client.team, get } };
  return { ...runtime, upstream: { ...runtime.upstream, client, lastAnswer: () => null } } as Runtime;
}
