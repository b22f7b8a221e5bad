import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, inject } from "vitest";
import * as settingsRoute from "@/app/api/settings/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/server/accounts/client-address";
import { loadConfig } from "@/lib/server/runtime/env";
import { DEMO_PASSWORD, createRuntime, installRuntime, type Runtime } from "@/lib/server/runtime/runtime";

/**
 * A whole BFF for tests: demo mode on in-memory databases (inbox and sandbox), installed as
 * the process's runtime so route handlers imported from `app/api` use it, with helpers to
 * sign in and to call handlers as the browser would.
 */
export const ORIGIN = "http://inbox.test";

let addresses = 0;

export type TestBff = {
  runtime: Runtime;
  /** The session cookie of a demo user (`olivia` admin, `marcus` manager, `sam` member …). */
  signIn(firstName: string, password?: string): Promise<string>;
  close(): Promise<void>;
};

export async function startTestBff(env: Record<string, string> = {}): Promise<TestBff> {
  // A secret of its own, so tests may name any public URL (the development one only guards loopback).
  const config = loadConfig({ INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "1000", INBOX_SECRET: "test-bff-secret-".padEnd(48, "x"), ...env });
  // Both databases copied from the ones the run made once (lib/sandbox/testing/global-setup):
  // the inbox's migrated, the demo's sandbox seeded. Opening a copy takes half the time.
  const seeded = config.mode === "demo" && config.demoScale === null ? inject("demoSandboxSnapshot") : undefined;
  const runtime = await createRuntime(config, { database: await snapshotOf(inject("inboxSnapshot")), sandboxDatabase: await snapshotOf(seeded) });
  installRuntime(runtime);
  return {
    runtime,
    async signIn(firstName, password = DEMO_PASSWORD) {
      const response = await runtime.auth.handler(
        new Request(`${ORIGIN}/api/auth/sign-in/email`, {
          method: "POST",
          // Each sign-in from its own address, so tests of the address limit do not hold these back.
          headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_ADDRESS_HEADER]: `10.255.${(addresses = (addresses + 1) % 250)}.1` },
          body: JSON.stringify({ email: `${firstName}@acme.test`, password }),
        }),
      );
      if (!response.ok) throw new Error(`Sign-in as ${firstName} failed with ${response.status}`);
      const cookie = response.headers.get("set-cookie")?.split(";")[0];
      if (!cookie) throw new Error("No session cookie");
      return cookie;
    },
    close: () => runtime.close(),
  };
}

async function snapshotOf(file: string | undefined): Promise<{ snapshot?: Blob }> {
  return file ? { snapshot: new Blob([await readFile(file)]) } : {};
}

// `never`: any route's own params type accepts what `call` hands in.
type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
type RouteModule = Partial<Record<"GET" | "POST" | "PATCH" | "PUT" | "DELETE", Handler>>;

/** Calls a route module's handler for `method` as the inbox's own page would: same-origin, with the cookie given. */
export function call(
  module: RouteModule,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  init: { cookie?: string | null; body?: unknown; headers?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<Response> {
  const handler = module[method];
  if (!handler) throw new Error(`The route has no ${method} handler`);
  const headers = new Headers({ "sec-fetch-site": "same-origin", ...init.headers });
  if (init.cookie) headers.set("cookie", init.cookie);
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers.set("content-type", "application/json");
  }
  // Next hands dynamic segments in as `params`; handlers without them get none.
  return handler(new Request(`${ORIGIN}${path}`, { method, headers, body }), { params: Promise.resolve(init.params ?? {}) as Promise<never> });
}

/** Calls the demo sandbox in-process (its API under /v2, its controls under /_sandbox), expecting success; a 204 answers null. */
export function sandboxCaller(runtime: Runtime) {
  return async (path: string, init?: { method?: string; body?: unknown }): Promise<unknown> => {
    const response = await runtime.upstream.sandboxFetch!(path, {
      method: init?.method ?? "GET",
      headers: { "content-type": "application/json" },
      body: init?.body === undefined ? undefined : JSON.stringify(init.body),
    });
    expect(response.ok, `${path}: ${response.status}`).toBe(true);
    return response.status === 204 ? null : response.json();
  };
}

/**
 * For the enclosing `describe`: members see only what is assigned to them or to nobody, set by
 * an admin through the settings route as the settings page does, and everything again after.
 */
export function underAssignedAndUnassigned(adminCookie: () => string): void {
  beforeAll(async () => {
    expect((await call(settingsRoute, "PATCH", "/api/settings", { cookie: adminCookie(), body: { memberVisibility: "assignedAndUnassigned" } })).status).toBe(200);
  });
  afterAll(async () => {
    await call(settingsRoute, "PATCH", "/api/settings", { cookie: adminCookie(), body: { memberVisibility: "all" } });
  });
}
