import { AsyncLocalStorage } from "node:async_hooks";
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Log from "./log";

/**
 * The logs as an operator reads them: JSON lines, each request's line with its IDs, user,
 * route, upstream calls and budget waits, and nothing secret in any line. The root logger is
 * made as scripts/server.mjs makes it (its own `createLogger`), writing into memory.
 */
type Line = Record<string, unknown>;
type ServerModule = {
  LOGGING: symbol;
  createLogger(options: { level?: string; destination?: { write(line: string): void } }): Promise<pino.Logger>;
  logRequest(logging: unknown, request: IncomingMessage, response: ServerResponse, handle: () => void): void;
};

const lines: Line[] = [];
const raw: string[] = [];
let log: typeof Log;
let script: ServerModule;
let logging: { logger: pino.Logger; requests: AsyncLocalStorage<Log.RequestContext>; app?: pino.Logger };

beforeAll(async () => {
  // A plain .mjs file (it runs with `node`): imported by a specifier TypeScript does not resolve.
  script = (await import("../../../scripts/server.mjs" as string)) as ServerModule;
  const destination = {
    write(text: string) {
      raw.push(text);
      lines.push(JSON.parse(text) as Line);
    },
  };
  logging = { logger: await script.createLogger({ level: "debug", destination }), requests: new AsyncLocalStorage() };
  // As scripts/server.mjs does before Next loads: the inbox's log module takes these.
  (globalThis as Record<symbol, unknown>)[script.LOGGING] = logging;
  log = await import("./log");
});

beforeEach(() => {
  lines.length = 0;
  raw.length = 0;
});

describe("the inbox's log lines", () => {
  it("are JSON with an ISO time and the level by name", () => {
    log.log.info({ eventId: "evt1" }, "webhook received");
    expect(lines).toEqual([expect.objectContaining({ level: "info", msg: "webhook received", eventId: "evt1", time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })]);
    expect(raw[0]!.endsWith("\n")).toBe(true);
  });

  it("carry the request's ID and its user's ID while a request is handled, and neither outside one", () => {
    log.withRequest({ requestId: "inboxabc", fields: {} }, () => {
      log.log.info("before the session is read");
      log.noteRequest({ userId: "usr_1" });
      log.log.warn("after");
    });
    log.log.info("outside");
    expect(lines.map(({ requestId, userId }) => ({ requestId, userId }))).toEqual([
      { requestId: "inboxabc", userId: undefined },
      { requestId: "inboxabc", userId: "usr_1" },
      { requestId: undefined, userId: undefined },
    ]);
  });

  it("leave background work begun during a request (a timer, a shared replay) off that request", async () => {
    const fields: Log.RequestFields = {};
    await log.withRequest({ requestId: "inboxbg", fields }, () =>
      log.outsideRequest(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.noteUpstream({ endpoint: "events.list", status: 200, durationMs: 3, requestId: null });
        log.log.info("background replay");
      }),
    );
    expect(fields).toEqual({});
    expect(lines.find((line) => line.msg === "background replay")?.requestId).toBeUndefined();
  });

  it("never hold an email, a password, a token, a secret, a cookie or message text, at any depth", () => {
    const secrets = ["sam@acme.test", "hunter2-password", "tok_live_123", "whsec_abc", "inbox.session=s3cret", "Bearer sandbox-token-acme", "Hello, see you at 5", "a preview of it"];
    log.log.warn(
      {
        email: secrets[0],
        password: secrets[1],
        token: secrets[2],
        config: { webhookSecret: secrets[3], apiToken: secrets[2] },
        headers: { cookie: secrets[4], authorization: secrets[5], "set-cookie": secrets[4] },
        event: { data: { message: { content: secrets[6], text: secrets[6] } } },
        thread: { preview: secrets[7], contact: { email: secrets[0] } },
        upstream: [{ body: secrets[6] }],
        kept: "usr_1",
      },
      "an object that should never be logged",
    );
    const [line] = raw;
    for (const secret of secrets) expect(line).not.toContain(secret);
    expect(lines[0]).toMatchObject({ email: "[redacted]", headers: { cookie: "[redacted]", authorization: "[redacted]", "set-cookie": "[redacted]" }, event: { data: { message: { content: "[redacted]" } } }, kept: "usr_1" });
  });
});

describe("the request line (scripts/server.mjs around the inbox)", () => {
  let server: Server;
  let port: number;
  // What the inbox does while handling the request, inside scripts/server.mjs's context.
  let app: (request: IncomingMessage, response: ServerResponse) => void = () => {};

  beforeAll(async () => {
    server = createServer((request, response) => script.logRequest(logging, request, response, () => app(request, response)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; requestId: string | undefined; seen: string | undefined }> {
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest({ host: "127.0.0.1", port, path, headers }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, requestId: response.headers["x-request-id"] as string | undefined, seen: body }));
      });
      outgoing.on("error", reject);
      outgoing.end();
    });
  }

  /** The line is written when the response closes, just after the client has its answer. */
  async function requestLine(): Promise<Line> {
    await expect.poll(() => lines.filter((line) => "method" in line).length).toBe(1);
    return lines.find((line) => "method" in line)!;
  }

  it("is one line with the request's ID (also the response's), user, route, upstream calls and budget waits, and no query string", async () => {
    app = (request, response) => {
      log.noteRequest({ userId: "usr_sam", route: "v2:threads.list" });
      log.noteUpstream({ endpoint: "threads.list", status: 200, durationMs: 12, requestId: "req_api1" });
      log.noteBudgetWait(250.4);
      log.log.info("something during the request");
      response.setHeader("content-type", "text/plain");
      response.end(request.headers["x-request-id"]);
    };
    const { status, requestId, seen } = await get("/api/v2/threads?search=secret%20words&cursor=abc", { "x-request-id": "forged-by-the-client" });
    expect(status).toBe(200);
    expect(requestId).toMatch(/^inbox[0-9a-f]{32}$/);
    // The app reads the same ID from the request; what the client sent is gone.
    expect(seen).toBe(requestId);
    const line = await requestLine();
    expect(line).toMatchObject({
      level: "info",
      requestId,
      userId: "usr_sam",
      route: "v2:threads.list",
      method: "GET",
      path: "/api/v2/threads",
      status: 200,
      durationMs: expect.any(Number),
      upstream: [{ endpoint: "threads.list", status: 200, durationMs: 12, requestId: "req_api1" }],
      upstreamCalls: 1,
      budgetWaitMs: 250,
    });
    expect(JSON.stringify(line)).not.toContain("secret");
    // Lines logged while handling it carry the same ID.
    expect(lines.find((l) => l.msg === "something during the request")).toMatchObject({ requestId, userId: "usr_sam" });
  });

  it("names the API's request ID when the answer is the API's, and keeps its own beside it", async () => {
    app = (_request, response) => {
      response.setHeader("x-request-id", "req_from_the_api");
      response.statusCode = 404;
      response.end("{}");
    };
    const { requestId } = await get("/api/v2/threads/thr1");
    expect(requestId).toBe("req_from_the_api");
    const line = await requestLine();
    expect(line).toMatchObject({ requestId: "req_from_the_api", inboxRequestId: expect.stringMatching(/^inbox/), status: 404, userId: null });
  });

  it("logs a load balancer's probes and Next's files at debug, the rest at info", async () => {
    app = (_request, response) => response.end("ok");
    await get("/api/health/ready");
    expect((await requestLine()).level).toBe("debug");
  });
});
