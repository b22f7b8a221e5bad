import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { loadConfig } from "../runtime/env";
import { createUpstream, type Upstream } from "./upstream";

const TOKEN = "tok_live_upstream_secret";

describe("demo mode: the in-process sandbox", () => {
  let upstream: Upstream;

  beforeAll(() => {
    upstream = createUpstream(loadConfig({}), { sandboxDatabase: {} });
  });
  afterAll(() => upstream.close());

  it("answers GET /team through the sandbox, without the network", async () => {
    const network = vi.spyOn(globalThis, "fetch");
    try {
      const { body, status, requestId, rateLimit } = await upstream.client.team.get();
      expect(upstream.mode).toBe("demo");
      expect(status).toBe(200);
      expect(body.name).toBe("Acme Growth");
      expect(requestId).toBeTruthy();
      expect(rateLimit.limit).toBeGreaterThan(0);

      const raw = await upstream.fetch("/team");
      expect(raw.status).toBe(200);
      expect(((await raw.json()) as { id: string }).id).toBe(body.id);
      expect(network).not.toHaveBeenCalled();
    } finally {
      network.mockRestore();
    }
  }, 60_000);

  it("keeps the sandbox's errors and codes", async () => {
    await expect(upstream.client.threads.get("nosuchthread")).rejects.toMatchObject({ status: 404, code: "threadNotFound" });
    const raw = await upstream.fetch("/nowhere");
    expect(raw.status).toBe(404);
    expect(await raw.json()).toMatchObject({ code: "notFound" });
  });

  it("refuses paths that do not start with /", async () => {
    await expect(upstream.fetch("team")).rejects.toThrow(TypeError);
  });
});

describe("demo mode: one shared sandbox per process", () => {
  it("opens nothing until the first request, then shares one sandbox", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "inbox-upstream-"));
    const config = loadConfig({ INBOX_DATA_DIR: dir });
    const first = createUpstream(config);
    const second = createUpstream(config);
    try {
      // Creating upstreams (as module evaluation during `next build` would) opens no database.
      expect(existsSync(path.join(dir, "sandbox"))).toBe(false);
      const [a, b] = await Promise.all([first.client.team.get(), second.client.team.get()]);
      expect(a.body.id).toBe(b.body.id);
      expect(existsSync(path.join(dir, "sandbox"))).toBe(true);
      const shared = (globalThis as Record<symbol, unknown>)[Symbol.for("team-inbox.demo-sandbox")];
      expect(shared).toBeInstanceOf(Promise);
      await first.close();
      expect((globalThis as Record<symbol, unknown>)[Symbol.for("team-inbox.demo-sandbox")]).toBeUndefined();
    } finally {
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("upstream mode: over HTTP", () => {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  let server: Server;
  let root: string;
  const seen: { authorization?: string; cookie?: string; url?: string; method?: string; body?: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        seen.push({ authorization: req.headers.authorization, cookie: req.headers.cookie, url: req.url, method: req.method, body });
        handler(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  });
  afterEach(() => {
    seen.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const upstreamAt = (baseUrl: string, timeoutMs = 2000) =>
    createUpstream(loadConfig({ INBOX_API_BASE_URL: baseUrl, INBOX_API_TOKEN: TOKEN, INBOX_UPSTREAM_TIMEOUT_MS: String(timeoutMs) }));

  const rateLimitHeaders = { "x-ratelimit-limit": "300", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1790000000" };

  it("sends the token as a bearer, and never the browser's cookie", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "x-request-id": "req123", ...rateLimitHeaders });
      res.end(JSON.stringify({ data: [], nextCursor: null }));
    };
    const upstream = upstreamAt(`${root}/`);
    expect(upstream.mode).toBe("upstream");

    const result = await upstream.client.tags.list({ limit: 5 });
    expect(result).toMatchObject({ status: 200, requestId: "req123", rateLimit: { limit: 300, remaining: 0, reset: 1790000000 }, body: { data: [] } });

    const raw = await upstream.fetch("/tags?limit=5", { headers: { cookie: "session=abc", authorization: "Bearer browser-guess" } });
    expect(raw.status).toBe(200);
    expect(seen).toEqual([
      expect.objectContaining({ authorization: `Bearer ${TOKEN}`, url: "/v2/tags?limit=5", method: "GET" }),
      expect.objectContaining({ authorization: `Bearer ${TOKEN}`, cookie: undefined, url: "/v2/tags?limit=5" }),
    ]);
    await upstream.close();
  });

  it("forwards a body and method", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: true }));
    };
    const upstream = upstreamAt(root);
    const raw = await upstream.fetch("/threads/thr1", { method: "PATCH", body: JSON.stringify({ archived: true }), headers: { "content-type": "application/json" } });
    expect(raw.status).toBe(200);
    expect(seen[0]).toMatchObject({ method: "PATCH", url: "/v2/threads/thr1", body: '{"archived":true}' });
  });

  it("keeps the status, error body, X-Request-Id and rate-limit headers unchanged", async () => {
    const errorBody = { code: "rateLimited", message: "The team's minute quota is used up", details: { retryAfter: 7, window: "minute" }, requestId: "req429" };
    handler = (_req, res) => {
      res.writeHead(429, { "content-type": "application/json", "x-request-id": "req429", "retry-after": "7", ...rateLimitHeaders });
      res.end(JSON.stringify(errorBody));
    };
    const upstream = upstreamAt(root);

    const raw = await upstream.fetch("/threads");
    expect(raw.status).toBe(429);
    expect(await raw.json()).toEqual(errorBody);
    expect(Object.fromEntries(["x-request-id", "retry-after", ...Object.keys(rateLimitHeaders)].map((h) => [h, raw.headers.get(h)]))).toEqual({
      "x-request-id": "req429",
      "retry-after": "7",
      ...rateLimitHeaders,
    });

    const error = await upstream.client.threads.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: "rateLimited", requestId: "req429", retryAfter: 7, details: errorBody.details });
  });

  it("a server that never answers is 504 upstreamUnavailable within the timeout", async () => {
    handler = () => {}; // never answers
    const upstream = upstreamAt(root, 150);
    const started = Date.now();
    const error = await upstream.fetch("/team").catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(504);
    expect(apiError.toBody()).toEqual({ code: "upstreamUnavailable", message: "The API did not answer within 150 ms.", details: null, requestId: expect.any(String) });
    expect(apiError.requestId).toBeTruthy();

    await expect(upstream.client.team.get()).rejects.toMatchObject({ status: 504, code: "upstreamUnavailable" });
  });

  it("a body that stops halfway is a timeout too", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"id":');
    };
    const upstream = upstreamAt(root, 150);
    await expect(upstream.fetch("/team")).rejects.toMatchObject({ status: 504, code: "upstreamUnavailable" });
  });

  it("a closed port is 502 upstreamUnavailable, naming no URL", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const upstream = upstreamAt(`http://127.0.0.1:${port}/v2`);
    const error = await upstream.fetch("/team").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: "upstreamUnavailable", message: "The API could not be reached." });
    expect(JSON.stringify((error as ApiError).toBody())).not.toMatch(/127\.0\.0\.1|\/v2|tok_/);

    await expect(upstream.client.team.get()).rejects.toMatchObject({ status: 502, code: "upstreamUnavailable" });
  });

  it("the caller's own abort stays an abort", async () => {
    handler = () => {};
    const upstream = upstreamAt(root, 5000);
    const controller = new AbortController();
    const pending = upstream.fetch("/team", { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
