import { expect, test } from "@playwright/test";

// A load balancer's probes against the served build (the standalone folder, as `npm start` runs it), without a session.
test.describe("health for load balancers", () => {
  test("live answers 200 and touches nothing", async ({ request }) => {
    const response = await request.get("/api/health/live");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "live" });
    expect(response.headers()["cache-control"]).toBe("no-store");
  });

  test("ready answers 200 with the database and the API's reachability", async ({ request }) => {
    const response = await request.get("/api/health/ready");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ready", database: { reachable: true }, migrations: "applied" });
  });
});
