import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as healthRoute from "@/app/api/health/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import { errorBody } from "@/lib/api/error-schemas";
import { loadConfig } from "../runtime/env";
import { createRuntime, installRuntime, type Runtime } from "../runtime/runtime";
import { session } from "../store/schema";
import { ORIGIN, call, startTestBff, type TestBff } from "../testing/bff";
import { CLIENT_ADDRESS_HEADER, PEER_ADDRESS_HEADER } from "./client-address";

/** A sign-in as the login form sends it, from the socket address `peer` (as scripts/server.mjs names it). */
function signInRequest(email: string, password: string, peer: string | null, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, ...(peer ? { [PEER_ADDRESS_HEADER]: peer } : {}), ...headers },
    body: JSON.stringify({ email, password }),
  });
}

/** The same sign-in as an HTML form would post it. */
function formSignInRequest(email: string, password: string, headers: Record<string, string>) {
  return new Request(`${ORIGIN}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...headers },
    body: new URLSearchParams({ email, password }).toString(),
  });
}

describe("logins", () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff({ INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "3" });
  }, 60_000);
  afterAll(() => bff.close());

  it("demo mode makes one user per sandbox member with the demo roles", async () => {
    const users = await bff.runtime.users.list();
    expect(users.map((u) => [u.email, u.role])).toEqual([
      ["aiko@acme.test", "member"],
      ["jonas@acme.test", "member"],
      ["marcus@acme.test", "manager"],
      ["olivia@acme.test", "admin"],
      ["priya@acme.test", "manager"],
      ["sam@acme.test", "member"],
    ]);
    expect(users.every((u) => u.memberId)).toBe(true);
  });

  it("signs in with email and password into an HttpOnly, SameSite=Lax cookie", async () => {
    const response = await authRoute.POST(signInRequest("sam@acme.test", "inbox-demo", "10.1.0.1"));
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^inbox\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Not production: served over plain http on this machine, so not Secure.
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("refuses a wrong password without saying which half was wrong", async () => {
    const response = await authRoute.POST(signInRequest("sam@acme.test", "wrong-password", "10.1.0.2"));
    expect(response.status).toBe(401);
    const unknown = await authRoute.POST(signInRequest("nobody@acme.test", "wrong-password", "10.1.0.2"));
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(await response.json());
  });

  it("limits sign-in attempts per socket address, whatever address headers the client writes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      // Each try claims another address in every header a client could use.
      const forged = `198.51.100.${i}`;
      const response = await authRoute.POST(signInRequest("jonas@acme.test", "wrong-password", "10.2.0.1", { "x-forwarded-for": forged, [CLIENT_ADDRESS_HEADER]: forged }));
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // Another address is not held back by this one.
    expect((await authRoute.POST(signInRequest("jonas@acme.test", "inbox-demo", "10.2.0.2"))).status).toBe(200);
  });

  it("behind a trusted proxy, counts the address the proxy forwarded", async () => {
    const proxied = await startTestBff({ INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "2", INBOX_TRUSTED_PROXIES: "10.9.0.0/16" });
    try {
      const attempt = (client: string) =>
        authRoute.POST(signInRequest("jonas@acme.test", "wrong-password", "10.9.0.1", { "x-forwarded-for": `203.0.113.200, ${client}` }));
      expect([(await attempt("203.0.113.1")).status, (await attempt("203.0.113.1")).status, (await attempt("203.0.113.1")).status]).toEqual([401, 401, 429]);
      expect((await attempt("203.0.113.2")).status).toBe(401);
    } finally {
      await proxied.close();
      installRuntime(bff.runtime);
    }
    // A second runtime starts here: on a busy machine that outlasts the default, and a timed-out
    // start would install itself after the test ended, under every later test of the file.
  }, 60_000);

  it("refuses every auth request without a peer address rather than count them all as one", async () => {
    const signIn = await authRoute.POST(signInRequest("sam@acme.test", "inbox-demo", null, { "x-forwarded-for": "10.1.0.9" }));
    expect(signIn.status).toBe(503);
    expect(await signIn.json()).toMatchObject({ code: "CLIENT_ADDRESS_UNKNOWN", message: expect.any(String) });
    expect(signIn.headers.get("set-cookie")).toBeNull();
    const cookie = await bff.signIn("sam");
    const sessionRead = await authRoute.GET(new Request(`${ORIGIN}/api/auth/get-session`, { headers: { cookie } }));
    expect(sessionRead.status).toBe(503);
  });

  it("limits attempts per account too, from however many addresses they come", async () => {
    const member = await bff.signIn("aiko");
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await authRoute.POST(signInRequest("aiko@acme.test", "wrong-password", `10.3.${i}.1`));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await response.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: "Too many sign-in attempts for this account." });
      }
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // The right password is refused too, and signs nobody in; the member's own session is untouched.
    const right = await authRoute.POST(signInRequest("aiko@acme.test", "inbox-demo", "10.3.99.1"));
    expect(right.status).toBe(429);
    expect(right.headers.get("set-cookie")).toBeNull();
    expect((await call(v2, "GET", "/api/v2/team", { cookie: member })).status).toBe(200);
  });

  it("takes sign-ins as JSON only: a form body is refused before better-auth, and signs nobody in", async () => {
    // The attack of the issue: guesses half as JSON, half as a form, then the right password as a form.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await authRoute.POST(signInRequest("priya@acme.test", "wrong-password", `10.4.${i}.1`))).status);
      statuses.push((await authRoute.POST(formSignInRequest("priya@acme.test", "wrong-password", { [PEER_ADDRESS_HEADER]: `10.4.${i}.2` }))).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(12);
    expect(statuses.filter((s) => s === 415)).toHaveLength(12);
    const form = await authRoute.POST(formSignInRequest("priya@acme.test", "inbox-demo", { [PEER_ADDRESS_HEADER]: "10.4.99.1" }));
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", message: expect.stringContaining("JSON") });
    expect(form.headers.get("set-cookie")).toBeNull();
    for (const type of ["text/plain", "multipart/form-data; boundary=x", ""]) {
      const response = await authRoute.POST(
        new Request(`${ORIGIN}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": type, origin: ORIGIN, [PEER_ADDRESS_HEADER]: "10.4.99.2" },
          body: JSON.stringify({ email: "priya@acme.test", password: "inbox-demo" }),
        }),
      );
      expect(response.status).toBe(415);
    }
  });

  it("counts per account whatever the body's encoding, for requests that reach better-auth by any way", async () => {
    for (let i = 0; i < 20; i++) {
      const response = await bff.runtime.auth.handler(formSignInRequest("marcus@acme.test", "wrong-password", { [CLIENT_ADDRESS_HEADER]: `10.5.${i}.1` }));
      expect(response.status).toBe(401);
    }
    const right = await authRoute.POST(signInRequest("marcus@acme.test", "inbox-demo", "10.5.99.1"));
    expect(right.status).toBe(429);
    // Unlocked again for the tests below.
    await bff.runtime.signInThrottle.succeeded("marcus@acme.test");
  });

  it("signs out: the session no longer opens anything", async () => {
    const cookie = await bff.signIn("priya");
    expect((await call(v2, "GET", "/api/v2/team", { cookie })).status).toBe(200);
    const out = await authRoute.POST(new Request(`${ORIGIN}/api/auth/sign-out`, { method: "POST", headers: { cookie, origin: ORIGIN, [PEER_ADDRESS_HEADER]: "10.6.0.1" } }));
    expect(out.status).toBe(200);
    expect((await call(v2, "GET", "/api/v2/team", { cookie })).status).toBe(401);
  });

  it("an expired session opens nothing", async () => {
    const cookie = await bff.signIn("marcus");
    expect((await call(v2, "GET", "/api/v2/team", { cookie })).status).toBe(200);
    await bff.runtime.database.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await call(v2, "GET", "/api/v2/team", { cookie });
    expect(response.status).toBe(401);
    expect(errorBody.parse(await response.json()).code).toBe("unauthorized");
  });

  it("a new password or a removal ends the user's sessions", async () => {
    await bff.runtime.users.add({ email: "temp@acme.test", name: "Temp", password: "first-password" });
    const cookie = await bff.signIn("temp", "first-password");
    await bff.runtime.users.resetPassword("temp@acme.test", "second-password");
    expect((await call(v2, "GET", "/api/v2/team", { cookie })).status).toBe(401);
    const again = await bff.signIn("temp", "second-password");
    await bff.runtime.users.remove("temp@acme.test");
    expect((await call(v2, "GET", "/api/v2/team", { cookie: again })).status).toBe(401);
  });

  it("health answers without a session, naming the mode and nothing secret", async () => {
    const response = await call(healthRoute, "GET", "/api/health", { cookie: null });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ status: "ok", mode: "demo", upstream: { reachable: true } });
    expect(text).not.toContain("sandbox-token");
  });
});

describe("an upstream that is down or slow", () => {
  let silent: Server;
  let runtimes: Runtime[] = [];

  beforeAll(async () => {
    // Accepts connections and never answers.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    for (const rt of runtimes) await rt.close();
    runtimes = [];
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  async function upstreamRuntime(baseUrl: string) {
    const config = loadConfig({
      INBOX_API_BASE_URL: baseUrl,
      INBOX_API_TOKEN: "tok_test_secret_value",
      INBOX_ADMIN_EMAIL: "admin@example.com",
      INBOX_ADMIN_PASSWORD: "admin-password-123",
      INBOX_UPSTREAM_TIMEOUT_MS: "300",
    });
    const rt = await createRuntime(config, { database: {} });
    runtimes.push(rt);
    installRuntime(rt);
    const response = await rt.auth.handler(signInRequest("admin@example.com", "admin-password-123", null));
    expect(response.status).toBe(200);
    return response.headers.get("set-cookie")!.split(";")[0]!;
  }

  it("a refused connection is 502 upstreamUnavailable with the spec body", async () => {
    const cookie = await upstreamRuntime("http://127.0.0.1:9/v2");
    const response = await call(v2, "GET", "/api/v2/threads", { cookie });
    expect(response.status).toBe(502);
    const body = errorBody.parse(await response.json());
    expect(body.code).toBe("upstreamUnavailable");
    expect(body.message).not.toContain("127.0.0.1");
  });

  it("no answer in time is 504 upstreamUnavailable", async () => {
    const cookie = await upstreamRuntime(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/v2`);
    const response = await call(v2, "GET", "/api/v2/threads", { cookie });
    expect(response.status).toBe(504);
    expect(errorBody.parse(await response.json()).code).toBe("upstreamUnavailable");
    const health = await (await call(healthRoute, "GET", "/api/health", { cookie: null })).json();
    expect(health).toMatchObject({ status: "degraded", mode: "upstream" });
  });
});
