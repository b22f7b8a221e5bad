import { afterEach, describe, expect, it, vi } from "vitest";
import { errorDetails } from "@/lib/api/error-schemas";
import { accountLink, platformList } from "@/lib/api/platforms";
import { page } from "@/lib/api/primitives";
import { member, team } from "@/lib/api/team";
import { DEFAULT_RATE_LIMITS } from "./rate-limit";
import { TOKENS, expectError, expectOk, sandboxForFile, type RawResponse, type TestSandbox } from "./testing/harness";

/**
 * The cross-cutting rules of the spec that every endpoint follows: the token decides the
 * team, 401/403 before anything else, the shared rate-limit quota and its headers, the
 * error body, unknown paths and methods, query encoding, pagination and cursors.
 */
const t = sandboxForFile();
afterEach(async () => {
  t.sandbox.context.faults.clear();
  t.sandbox.context.config.rateLimits = { ...DEFAULT_RATE_LIMITS };
  t.sandbox.context.rateLimiter.reset();
});

const control = (method: string, path: string, body?: unknown) => t.request(method, `//_sandbox${path}`, { body });

function expectRateLimitHeaders(response: RawResponse) {
  for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) {
    expect(response.headers.get(name), `${name} on ${response.status}`).toMatch(/^\d+$/);
  }
}

describe("authentication", () => {
  it("the token decides the team; tokens of one team share it", async () => {
    const acme = expectOk(await t.request("GET", "/team"), team);
    const acme2 = expectOk(await t.request("GET", "/team", { token: TOKENS.acme2 }), team);
    const globex = expectOk(await t.request("GET", "/team", { token: TOKENS.globex }), team);
    expect(acme.name).toBe("Acme Growth");
    expect(acme2).toEqual(acme);
    expect(globex.name).toBe("Globex");
    expect(globex.id).not.toBe(acme.id);
  });

  it("answers 401 unauthorized with the spec body for a missing, malformed, unknown or revoked token", async () => {
    const cases: Parameters<TestSandbox["request"]>[2][] = [
      { token: null },
      { token: null, headers: { authorization: "Basic eDp5" } },
      { token: null, headers: { authorization: "Bearer" } },
      { token: null, headers: { authorization: "Bearer " } },
      { token: "sandbox-token-unknown" },
      { token: TOKENS.revoked },
    ];
    for (const init of cases) {
      const response = await t.request("GET", "/team", init);
      const body = expectError(response, 401, "unauthorized");
      expect(body.details).toBeNull();
      expect(body.requestId).toMatch(/^[0-9a-z]+$/);
      expect(response.headers.get("x-request-id")).toBe(body.requestId);
    }
  });

  it("answers 403 workspaceLocked for a locked team, on reads and writes", async () => {
    for (const [method, path, body] of [
      ["GET", "/team", undefined],
      ["GET", "/threads", undefined],
      ["POST", "/tags", { name: "Locked" }],
      ["PATCH", "/threads/thr0001", { archived: true }],
    ] as const) {
      const response = await t.request(method, path, { token: TOKENS.locked, body });
      expectError(response, 403, "workspaceLocked");
      expectRateLimitHeaders(response);
    }
  });

  it("every request gets a fresh request ID", async () => {
    const a = await t.request("GET", "/team");
    const b = await t.request("GET", "/team");
    expect(a.headers.get("x-request-id")).toBeTruthy();
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });
});

describe("rate limits", () => {
  it("every authenticated response carries the X-RateLimit headers, 2xx and 4xx alike", async () => {
    const responses = [
      await t.request("GET", "/team"),
      await t.request("GET", "/members/mem0zzzz"),
      await t.request("GET", "/account-links?limit=0"),
      await t.request("GET", "/nowhere"),
      await t.request("GET", "/account-links?platform=telegram", { token: TOKENS.globex }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 404, 400, 404, 403]);
    for (const response of responses) expectRateLimitHeaders(response);
    const first = responses[0]!;
    expect(first.headers.get("x-ratelimit-limit")).toBe("300");
    // Real time, whatever the sandbox clock says: whole again a minute after the newest request.
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 59);
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
  });

  it("one quota per team, shared by its tokens: 429 rateLimited with Retry-After, until the window passes", async () => {
    expect((await control("PUT", "/rate-limits", { minute: 5, hour: 1000, day: 10000 })).status).toBe(200);
    expect((await control("POST", "/rate-limits/reset")).status).toBe(200);

    const statuses: number[] = [];
    for (const token of [TOKENS.acme, TOKENS.acme2, TOKENS.acme, TOKENS.acme2, TOKENS.acme]) {
      const response = await t.request("GET", "/team", { token });
      statuses.push(response.status);
      expectRateLimitHeaders(response);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);

    for (const token of [TOKENS.acme, TOKENS.acme2]) {
      const refused = await t.request("GET", "/members", { token });
      const body = expectError(refused, 429, "rateLimited");
      const details = errorDetails.rateLimited.parse(body.details);
      expect(details.window).toBe("minute");
      expect(details.retryAfter).toBeGreaterThanOrEqual(1);
      expect(details.retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers.get("retry-after")).toBe(String(details.retryAfter));
      expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(refused.headers.get("x-ratelimit-limit")).toBe("5");
    }

    // Another team has its own quota.
    expect((await t.request("GET", "/team", { token: TOKENS.globex })).status).toBe(200);

    // The typed client sees the refusal as an ApiError with retryAfter.
    await expect(t.client().team.get()).rejects.toMatchObject({ status: 429, code: "rateLimited", retryAfter: expect.any(Number) });

    // The quota runs on real time: advancing the sandbox's clock neither refills it nor resets it.
    expect((await control("POST", "/clock/advance", { seconds: 3600 })).status).toBe(200);
    expectError(await t.request("GET", "/team"), 429, "rateLimited");
    expect((await control("POST", "/rate-limits/reset")).status).toBe(200);
    expect((await t.request("GET", "/team")).status).toBe(200);
    expect((await t.request("GET", "/team", { token: TOKENS.acme2 })).status).toBe(200);
  });

  it("a request without a valid token counts against its address: its 401 carries the headers, and over the quota it is 429", async () => {
    await control("PUT", "/rate-limits", { minute: 3, hour: 1000, day: 10000 });
    await control("POST", "/rate-limits/reset");
    const unauthorized = [];
    for (const init of [{ token: null }, { token: "sandbox-token-unknown" }, { token: TOKENS.revoked }] as const) {
      const response = await t.request("GET", "/team", init);
      expectError(response, 401, "unauthorized");
      expectRateLimitHeaders(response);
      unauthorized.push(response);
    }
    expect(unauthorized.map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["2", "1", "0"]);
    expect(unauthorized[0]!.headers.get("x-ratelimit-limit")).toBe("3");

    // The address's quota is used up: guessing on is refused without looking at the token.
    const refused = await t.request("GET", "/team", { token: "sandbox-token-guess" });
    const body = expectError(refused, 429, "rateLimited");
    expect(errorDetails.rateLimited.parse(body.details).window).toBe("minute");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expectRateLimitHeaders(refused);

    // A valid token answers from its team's quota, untouched by the address's.
    const ok = await t.request("GET", "/team");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-ratelimit-remaining")).toBe("2");
  });

  it("keys the unauthenticated quota by the socket's address when served on a port", async () => {
    await control("PUT", "/rate-limits", { minute: 1, hour: 1000, day: 10000 });
    await control("POST", "/rate-limits/reset");
    const from = (address: string) =>
      t.sandbox.fetch(new Request("http://sandbox.test/v2/team"), { incoming: { socket: { remoteAddress: address } } });
    expect((await from("192.0.2.1")).status).toBe(401);
    expect((await from("192.0.2.1")).status).toBe(429);
    // Another address has its own; a forwarding header changes nothing.
    expect((await from("192.0.2.2")).status).toBe(401);
    const forwarded = await t.sandbox.fetch(new Request("http://sandbox.test/v2/team", { headers: { "x-forwarded-for": "192.0.2.9" } }), {
      incoming: { socket: { remoteAddress: "192.0.2.1" } },
    });
    expect(forwarded.status).toBe(429);
  });

  it("a malformed path's 400 carries the headers of whoever would have paid for it", async () => {
    await control("POST", "/rate-limits/reset");
    const withToken = await t.request("GET", "/threads/%FF");
    expectError(withToken, 400, "invalidRequest");
    expect(withToken.headers.get("x-ratelimit-remaining")).toBe("299");
    const anonymous = await t.request("GET", "/threads/%FF", { token: null });
    expectError(anonymous, 400, "invalidRequest");
    expectRateLimitHeaders(anonymous);
  });

  it("an hour quota reports the hour window", async () => {
    await control("PUT", "/rate-limits", { minute: 100, hour: 2, day: 10000 });
    await control("POST", "/rate-limits/reset");
    await t.request("GET", "/team");
    await t.request("GET", "/team");
    const refused = await t.request("GET", "/team");
    const details = errorDetails.rateLimited.parse(expectError(refused, 429, "rateLimited").details);
    expect(details.window).toBe("hour");
    expect(Number(refused.headers.get("retry-after"))).toBe(details.retryAfter);
  });
});

describe("errors for paths and methods", () => {
  it("answers 404 notFound for an unknown path", async () => {
    expectError(await t.request("GET", "/nowhere"), 404, "notFound");
    expectError(await t.request("GET", "/team/extra/parts"), 404, "notFound");
    expectError(await t.request("GET", "//v3/team"), 404, "notFound");
  });

  it("answers 405 methodNotAllowed for a known path with another method", async () => {
    expectError(await t.request("PUT", "/team"), 405, "methodNotAllowed");
    expectError(await t.request("DELETE", "/platforms"), 405, "methodNotAllowed");
    expectError(await t.request("POST", "/members/mem0001"), 405, "methodNotAllowed");
  });

  it("answers 400 invalidRequest for a path that does not decode or holds a control character, on every root, before the token is read", async () => {
    const paths = ["/threads/%FF", "/contacts/%/tags/vip", "/contacts/con1/tags/%E0%A4%A", "/contacts/con1/tags/%00", "/statuses/Won%0D%0A", "/messages/msg1/attachments/%7F", "/nowhere/%C0"];
    for (const path of paths) {
      for (const token of [TOKENS.acme, null]) expectError(await t.request("GET", path, { token }), 400, "invalidRequest");
    }
    expectError(await t.request("PUT", "/contacts/con1/tags/%00"), 400, "invalidRequest");
    expectError(await t.request("POST", "//_sandbox/threads/%FF/typing"), 400, "invalidRequest");
    expectError(await t.request("GET", "//media/%E0%A4%A"), 400, "invalidRequest");
    // Encoded, a name may hold anything printable, and an unknown one is still 404.
    expectError(await t.request("GET", `/tags/${encodeURIComponent("100% sure / ü")}`), 404, "tagNotFound");
  });
});

describe("injected faults", () => {
  it("429 rateLimited with Retry-After for the next N requests, then normal answers", async () => {
    expect((await control("POST", "/faults", { kind: "rateLimited", count: 2, retryAfter: 7 })).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const response = await t.request("GET", "/team");
      const body = expectError(response, 429, "rateLimited");
      expect(response.headers.get("retry-after")).toBe("7");
      expect(errorDetails.rateLimited.parse(body.details).retryAfter).toBe(7);
    }
    expect((await t.request("GET", "/team")).status).toBe(200);
  });

  it("500 internalError with the spec body, never a stack", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await control("POST", "/faults", { kind: "internalError", count: 1 });
      const response = await t.request("GET", "/members");
      const body = expectError(response, 500, "internalError");
      expect(body.details).toBeNull();
      expect(Object.keys(response.json as object).sort()).toEqual(["code", "details", "message", "requestId"]);
      expect(response.text).not.toMatch(/\bat .+\.(ts|js)|Error:|stack/i);
      expect(logged).toHaveBeenCalled();
      expect((await t.request("GET", "/members")).status).toBe(200);
    } finally {
      logged.mockRestore();
    }
  });

  it("latency delays the answer, which is otherwise normal", async () => {
    await control("POST", "/faults", { kind: "latency", count: 1, ms: 300 });
    const started = Date.now();
    expectOk(await t.request("GET", "/team"), team);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    const next = Date.now();
    await t.request("GET", "/team");
    expect(Date.now() - next).toBeLessThan(280);
  });
});

describe("GET /platforms and GET /team", () => {
  it("lists only the team's platforms", async () => {
    const acme = expectOk(await t.request("GET", "/platforms"), platformList);
    const globex = expectOk(await t.request("GET", "/platforms", { token: TOKENS.globex }), platformList);
    expect(acme.map((p) => p.platform)).toContain("telegram");
    expect(globex.map((p) => p.platform)).not.toContain("telegram");
    expect(globex.length).toBe(acme.length - 1);
    for (const p of acme) expect(p.capabilities.length).toBeGreaterThan(0);
  });

  it("answers the token's team with every documented field", async () => {
    const acme = expectOk(await t.request("GET", "/team"), team);
    for (const key of ["id", "name", "slug", "createdAt", "updatedAt", "currency", "allowSupportAccess", "imageUrl"]) expect(acme).toHaveProperty(key);
  });
});

describe("members", () => {
  it("pages with limit and nextCursor", async () => {
    const first = expectOk(await t.request("GET", "/members?limit=4"), page(member));
    expect(first.data).toHaveLength(4);
    expect(first.nextCursor).toBeTruthy();
    const second = expectOk(await t.request("GET", `/members?limit=4&cursor=${encodeURIComponent(first.nextCursor!)}`), page(member));
    expect(second.data).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const all = expectOk(await t.request("GET", "/members"), page(member));
    expect([...first.data, ...second.data]).toEqual(all.data);
    expect(new Set(all.data.map((m) => m.id)).size).toBe(6);
  });

  it("answers 400 invalidCursor for a tampered cursor", async () => {
    const first = expectOk(await t.request("GET", "/members?limit=4"), page(member));
    expectError(await t.request("GET", `/members?cursor=x${first.nextCursor}`), 400, "invalidCursor");
    expectError(await t.request("GET", "/members?cursor=not-a-cursor"), 400, "invalidCursor");
  });

  it("GET /members/{id}: the member, or 404 memberNotFound for unknown and other teams' IDs", async () => {
    const all = expectOk(await t.request("GET", "/members"), page(member));
    expect(expectOk(await t.request("GET", `/members/${all.data[0]!.id}`), member)).toEqual(all.data[0]);

    expectError(await t.request("GET", "/members/mem0zzzz"), 404, "memberNotFound");
    expectError(await t.request("GET", "/members/NOT-AN-ID"), 404, "memberNotFound");
    const globex = expectOk(await t.request("GET", "/members", { token: TOKENS.globex }), page(member));
    expectError(await t.request("GET", `/members/${globex.data[0]!.id}`), 404, "memberNotFound");
  });
});

describe("account links", () => {
  it("filters by repeatable platform and by status", async () => {
    const all = expectOk(await t.request("GET", "/account-links"), page(accountLink)).data;
    const two = expectOk(await t.request("GET", "/account-links?platform=instagram&platform=x"), page(accountLink)).data;
    expect(two.length).toBe(all.filter((l) => l.platform === "instagram" || l.platform === "x").length);
    expect(new Set(two.map((l) => l.platform))).toEqual(new Set(["instagram", "x"]));

    const offline = expectOk(await t.request("GET", "/account-links?status=offline"), page(accountLink)).data;
    expect(offline.length).toBeGreaterThan(0);
    expect(offline.every((l) => l.status === "offline")).toBe(true);
    const paused = expectOk(await t.request("GET", "/account-links?status=paused"), page(accountLink)).data;
    expect(paused.every((l) => l.status === "paused" && Array.isArray(l.pauseReasons))).toBe(true);
  });

  it("answers 403 platformNotAvailable for a platform the team cannot use", async () => {
    const body = expectError(await t.request("GET", "/account-links?platform=telegram", { token: TOKENS.globex }), 403, "platformNotAvailable");
    expect(errorDetails.platformNotAvailable.parse(body.details).platform).toBe("telegram");
    expectOk(await t.request("GET", "/account-links?platform=telegram"), page(accountLink));
  });

  it("answers 400 invalidCursor for a cursor used with other filters", async () => {
    const first = expectOk(await t.request("GET", "/account-links?limit=2"), page(accountLink));
    expect(first.nextCursor).toBeTruthy();
    const cursor = encodeURIComponent(first.nextCursor!);
    expectOk(await t.request("GET", `/account-links?limit=2&cursor=${cursor}`), page(accountLink));
    expectError(await t.request("GET", `/account-links?limit=2&status=active&cursor=${cursor}`), 400, "invalidCursor");
    expectError(await t.request("GET", `/account-links?limit=2&platform=instagram&cursor=${cursor}`), 400, "invalidCursor");
  });
});

describe("query rules", () => {
  it("rejects brackets, comma-separated values and bad limits with 400 invalidRequest", async () => {
    for (const query of [
      "platform[]=x",
      "platform=x,instagram",
      "limit=0",
      "limit=101",
      "limit=abc",
      "limit=1&limit=2",
      "status=broken",
      "unknownFilter[]=1",
    ]) {
      const response = await t.request("GET", `/account-links?${query}`);
      expectError(response, 400, "invalidRequest");
      expectRateLimitHeaders(response);
    }
    for (const query of ["limit=0", "limit=101", "limit=abc"]) expectError(await t.request("GET", `/members?${query}`), 400, "invalidRequest");
    expectOk(await t.request("GET", "/account-links?limit=1"), page(accountLink));
    expectOk(await t.request("GET", "/account-links?limit=100"), page(accountLink));
  });

  it("ignores query keys an endpoint does not take (parameters can be added within version 2), once or repeated", async () => {
    const all = expectOk(await t.request("GET", "/account-links"), page(accountLink));
    expect(expectOk(await t.request("GET", "/account-links?unknownFilter=1&unknownFilter=2&sort=name"), page(accountLink))).toEqual(all);
    expectOk(await t.request("GET", "/team?verbose=true"), team);
    // Still refused on a known key: a bad value, a repeat, a comma.
    expectError(await t.request("GET", "/account-links?status=broken&unknownFilter=1"), 400, "invalidRequest");
  });

  it("ignores body fields it does not take, and applies none of them", async () => {
    const created = await t.request("POST", "/tags", { body: { name: "Forward compatible", icon: "star", id: "tagmine" } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Forward compatible" });
    expect((created.json as { id: string }).id).not.toBe("tagmine");
    expect(created.json).not.toHaveProperty("icon");
    // Still refused: what is malformed.
    expectError(await t.request("POST", "/tags", { body: { name: "", icon: "star" } }), 400, "invalidRequest");
    expect((await t.request("DELETE", `/tags/${(created.json as { id: string }).id}`)).status).toBe(204);
  });

  it("rejects a NUL anywhere in a query or a JSON body with 400 invalidRequest: the store's text cannot hold one", async () => {
    const refusals = [
      await t.request("GET", "/contacts?platform=instagram&platformId=%00"),
      await t.request("GET", "/threads?q%00=1"),
      await t.request("POST", "/tags", { body: { name: "a\u0000b" } }),
      await t.request("POST", "/statuses", { body: { name: "Won", color: ["x\u0000"] } }),
      await t.request("POST", "/tags", { rawBody: '{"name":"ok","\\u0000":1}', headers: { "content-type": "application/json" } }),
    ];
    for (const response of refusals) expect(expectError(response, 400, "invalidRequest").message).toMatch(/NUL/);
    // Other control characters are text like any other.
    const tab = await t.request("POST", "/tags", { body: { name: "tab\there" } });
    expect(tab.status).toBe(201);
  });
});
