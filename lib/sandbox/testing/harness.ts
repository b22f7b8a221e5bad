import { eq } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { z } from "zod";
import { createApiClient, type ApiClient } from "@/lib/api/client";
import type { ErrorBody } from "@/lib/api/errors";
import { errorBody } from "@/lib/api/error-schemas";
import { eventDataSchema, eventPage, isKnownEventType, type ApiEvent } from "@/lib/api/events";
import { createSandbox, type Sandbox, type SandboxOptions } from "../app";
import { teams } from "../schema";
import { SEED_NOW } from "./seed-now";

/**
 * The conformance suite's way in: a fresh in-memory sandbox, seeded at a fixed time, spoken
 * to through real HTTP requests to its fetch handler (no network), with helpers that check
 * responses against the contract in `lib/api`.
 */
export { SEED_NOW };
export const BASE = "http://sandbox.test/v2";
export const TOKENS = {
  acme: "sandbox-token-acme",
  acme2: "sandbox-token-acme-2",
  globex: "sandbox-token-globex",
  locked: "sandbox-token-locked",
  revoked: "sandbox-token-revoked",
} as const;

export type TestSandbox = {
  sandbox: Sandbox;
  /** The typed client with a team's token. */
  client(token?: string): ApiClient;
  /** A raw request: path relative to /v2 (or absolute from the origin when it starts with `//`). */
  request(method: string, path: string, init?: { token?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<RawResponse>;
  /** The seeded teams' internal IDs, for tests that reach into the store. */
  teamIds(): Promise<{ acme: string; globex: string }>;
  /** A team's latest event `seq`, from the store. */
  seqOf(teamId: string): Promise<number>;
  /** Contact, tag and status events recorded since `seq`, each checked against its documented data. */
  eventsSince(seq: number, token?: string): Promise<ApiEvent[]>;
  close(): Promise<void>;
};

export type RawResponse = { status: number; headers: Headers; json: unknown; text: string };

/**
 * The sandbox of one test file: opened before its tests, closed after them. The handle reads
 * through to it, so tests write `t.request(…)` as with `openTestSandbox`.
 */
export function sandboxForFile(options: SandboxOptions = {}): TestSandbox {
  let opened: TestSandbox | undefined;
  beforeAll(async () => {
    opened = await openTestSandbox(options);
  }, 60_000);
  afterAll(async () => {
    await opened?.close();
  });
  return new Proxy({} as TestSandbox, {
    get(_target, key) {
      if (!opened) throw new Error("The file's sandbox opens in beforeAll; use it inside a test or hook");
      return Reflect.get(opened, key);
    },
  });
}

export async function openTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  // The run's seeded world (global-setup), copied, unless the test asks for another database or seed.
  const snapshot = !options.database && !options.seed && !options.reset ? await seededSnapshot() : undefined;
  const sandbox = await createSandbox({ seed: { now: SEED_NOW }, ...(snapshot ? { database: { snapshot } } : {}), ...options });
  // Tests start with the clock at the seed's time, whatever the real time is.
  sandbox.context.store.clock.set(SEED_NOW.getTime() - Date.now());
  const fetchViaSandbox = (input: RequestInfo | URL, init?: RequestInit) => sandbox.fetch(new Request(input, init));
  const harness: TestSandbox = {
    sandbox,
    client: (token = TOKENS.acme) => createApiClient({ baseUrl: BASE, token, fetch: fetchViaSandbox }),
    async request(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const token = init.token === undefined ? TOKENS.acme : init.token;
      if (token) headers.authorization = `Bearer ${token}`;
      let body: string | undefined = init.rawBody;
      if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers["content-type"] = "application/json";
      }
      const url = path.startsWith("//") ? `http://sandbox.test${path.slice(1)}` : `${BASE}${path}`;
      const response = await sandbox.fetch(new Request(url, { method, headers, body }));
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, json, text };
    },
    async teamIds() {
      const rows = await sandbox.context.store.db.select({ id: teams.id, name: teams.name }).from(teams);
      return { acme: rows.find((r) => r.name === "Acme Growth")!.id, globex: rows.find((r) => r.name === "Globex")!.id };
    },
    async seqOf(teamId) {
      const [row] = await sandbox.context.store.db.select({ lastSeq: teams.lastSeq }).from(teams).where(eq(teams.id, teamId));
      return row!.lastSeq;
    },
    async eventsSince(seq, token = TOKENS.acme) {
      const body = expectOk(await harness.request("GET", `/events?afterSeq=${seq}&limit=1000`, { token }), eventPage);
      const ours = body.data.filter((e) => ["contact", "tag", "status"].includes(e.object.type));
      for (const event of ours) {
        expect(isKnownEventType(event.type), event.type).toBe(true);
        if (isKnownEventType(event.type)) expect(eventDataSchema(event.type).safeParse(event.data).success, JSON.stringify(event)).toBe(true);
        expect(event.object.url).toBe(`/${event.object.type === "status" ? "statuses" : `${event.object.type}s`}/${event.object.id}`);
      }
      return ours;
    },
    close: () => sandbox.close(),
  };
  return harness;
}

/** Events as type, object and data, for comparing what a change recorded. */
export const eventSummary = (events: ApiEvent[]) => events.map((e) => ({ type: e.type, id: e.object.id, data: e.data }));

/** Asserts a 2xx whose body parses with the contract's schema, and returns the parsed body. */
export function expectOk<Schema extends z.ZodType>(response: RawResponse, schema: Schema, status = 200): z.output<Schema> {
  expect(response.status, response.text).toBe(status);
  const parsed = schema.safeParse(response.json);
  if (!parsed.success) throw new Error(`Response does not match the contract: ${parsed.error.message}\n${response.text.slice(0, 500)}`);
  return parsed.data;
}

/** Asserts the spec error body with the code and status, `requestId` matching `X-Request-Id`. */
export function expectError(response: RawResponse, status: number, code: string): ErrorBody {
  expect(response.status, response.text).toBe(status);
  const parsed = errorBody.safeParse(response.json);
  if (!parsed.success) throw new Error(`Not the spec error body: ${response.text.slice(0, 500)}`);
  expect(parsed.data.code).toBe(code);
  expect(parsed.data.requestId).toBe(response.headers.get("x-request-id"));
  return parsed.data;
}

async function seededSnapshot(): Promise<Blob | undefined> {
  const file = inject("sandboxSnapshot");
  return file ? new Blob([await readFile(file)]) : undefined;
}
