import { expect } from "vitest";
import type { z } from "zod";
import { createApiClient, type ApiClient } from "@/lib/api/client";
import { errorBody, type ErrorBody } from "@/lib/api/errors";
import { createSandbox, type Sandbox, type SandboxOptions } from "../app";

/**
 * The conformance suite's way in: a fresh in-memory sandbox, seeded at a fixed time, spoken
 * to through real HTTP requests to its fetch handler (no network), with helpers that check
 * responses against the contract in `lib/api`.
 */
export const SEED_NOW = new Date("2026-11-20T12:00:00.000Z");
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
  close(): Promise<void>;
};

export type RawResponse = { status: number; headers: Headers; json: unknown; text: string };

export async function openTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await createSandbox({ seed: { now: SEED_NOW }, ...options });
  // Tests start with the clock at the seed's time, whatever the real time is.
  sandbox.context.store.clock.set(SEED_NOW.getTime() - Date.now());
  const fetchViaSandbox = (input: RequestInfo | URL, init?: RequestInit) => sandbox.fetch(new Request(input, init));
  return {
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
    close: () => sandbox.close(),
  };
}

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
