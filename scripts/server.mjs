/**
 * The inbox's HTTP server: Next's own request handler (its documented custom-server API) behind
 * a plain Node server that adds one thing. Next fills in `X-Forwarded-For` only when a client has
 * not sent one, so behind it no code can tell a forged header from the socket's address; here the
 * socket's address is written into `x-inbox-peer-address` on every request, over anything the
 * client sent, before Next sees the request (read by lib/server/accounts/client-address.ts).
 *
 *   node scripts/server.mjs --dev [--port N | -p N] [--hostname H | -H H]     (a checkout)
 *   node .next/standalone/server.mjs [--port N] [--hostname H]                (a build, anywhere)
 *   node .next/standalone/server.mjs --check-config | --migrate   (print the configuration, secrets
 *                                                   masked, or apply the migrations; then exit)
 *
 * Port and hostname come from the flags, else PORT and HOSTNAME, else 3000 and 0.0.0.0 (every
 * interface, as Next's standalone server). Both are handed to the inbox's configuration
 * (lib/server/runtime/env.ts) in PORT and INBOX_LISTEN_HOST: listening beyond this machine needs
 * INBOX_SECRET. Plain JavaScript, with Next, Node's built-ins, pino, sirv, compression and
 * compressible only, so it runs with `node`.
 *
 * `npm run build` copies this file into Next's standalone folder (scripts/standalone.mjs). Run
 * from there, it serves that folder as Next's own standalone server.js would: the build's saved
 * configuration, and the folder as working directory (the migrations are found from it). A
 * relative INBOX_DATA_DIR, and the default one, are taken from where it was started instead,
 * so data never lands inside a folder that the next deploy replaces.
 *
 * On SIGTERM or SIGINT it stops gracefully, with the inbox's own steps between its own
 * (lib/server/runtime/shutdown.ts): stop accepting connections, drain (readiness fails, event
 * streams are told to reconnect), wait for the requests in flight up to INBOX_SHUTDOWN_TIMEOUT_MS,
 * close the runtime, exit 0. A second signal exits at once, with 1.
 *
 * It also makes the process's logger (pino; lib/server/runtime/log.ts is the inbox's side):
 * JSON lines on stdout at LOG_LEVEL (default info), or pretty ones with --dev (pino-pretty, a
 * development dependency, in this thread: no transport worker). Every request gets an ID
 * (`inbox…`) in its `x-request-id` header, over whatever a client sent, and, unless the inbox
 * answers with the API's, in the response's; and a context on `globalThis` that the inbox fills
 * while handling it (user, route, upstream calls, budget waits). When the response ends, one
 * line: `requestId`, `method`, `path` (no query string), `status`, `durationMs` and what the
 * inbox noted; Next's files (`/_next/…`) and the health probes at debug. Serving, anything
 * else written to the console (Next's own messages, a library's) is logged as a JSON line too.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { format, parseArgs } from "node:util";
import pino from "pino";

export const PEER_ADDRESS_HEADER = "x-inbox-peer-address";

/** The request's peer address, from the socket; whatever a client sent under that name is gone. */
export function stampPeerAddress(request) {
  const peer = request.socket.remoteAddress;
  if (peer) request.headers[PEER_ADDRESS_HEADER] = peer;
  else delete request.headers[PEER_ADDRESS_HEADER];
}

// Methods the Fetch standard forbids: Next cannot build a Request for them and would answer a bare 500.
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** The spec's 405 for a method no route of the inbox takes; true when it answered. */
export function refuseForbiddenMethod(request, response) {
  if (!FORBIDDEN_METHODS.has(String(request.method).toUpperCase())) return false;
  const requestId = request.headers[REQUEST_ID_HEADER] ?? newRequestId();
  const body = { code: "methodNotAllowed", message: `${request.method} is not allowed.`, details: null, requestId };
  response.writeHead(405, {
    "content-type": "application/json",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "x-request-id": requestId,
  });
  response.end(JSON.stringify(body));
  return true;
}

export const REQUEST_ID_HEADER = "x-request-id";
/** Where lib/server/runtime/log.ts finds the logger and the requests' contexts. */
export const LOGGING = Symbol.for("team-inbox.logging");
const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
/** Requests logged at debug when they succeed: Next's own files, and the probes a load balancer sends every few seconds. */
const QUIET_PATHS = /^\/(_next\/|api\/health\/(live|ready)$)/;

/** The process's root logger: JSON lines on stdout (ISO time, level by name), or pretty ones in development. */
export async function createLogger({ level = "info", pretty = false, destination } = {}) {
  const options = { level: LEVELS.includes(level) ? level : "info", timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } };
  if (pretty) {
    const { default: pinoPretty } = await import("pino-pretty");
    return pino(options, pinoPretty({ sync: true, ignore: "pid,hostname", translateTime: "SYS:HH:MM:ss.l" }));
  }
  // Synchronous, so the lines before a process.exit are written.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
}

/**
 * Gives a request its ID and context and logs its line when the response ends; `handle` runs
 * inside the context. The ID goes on the response unless the inbox set one (the API's).
 */
export function logRequest(logging, request, response, handle) {
  const context = { requestId: newRequestId(), fields: {} };
  const started = performance.now();
  request.headers[REQUEST_ID_HEADER] = context.requestId;
  const writeHead = response.writeHead;
  response.writeHead = function (...args) {
    if (!this.hasHeader(REQUEST_ID_HEADER)) this.setHeader(REQUEST_ID_HEADER, context.requestId);
    return writeHead.apply(this, args);
  };
  response.once("close", () => {
    const line = requestLine(context, request, response, Math.round(performance.now() - started));
    const level = line.status >= 500 ? "warn" : QUIET_PATHS.test(line.path) && line.status < 400 ? "debug" : "info";
    (logging.app ?? logging.logger)[level](line, `${line.method} ${line.path} ${line.status}`);
  });
  return logging.requests.run(context, handle);
}

/** A request's line: what the browser was told (`requestId`: the API's when the answer is the API's, then ours in `inboxRequestId`), and what the inbox noted. */
export function requestLine(context, request, response, durationMs) {
  const sent = response.getHeader(REQUEST_ID_HEADER);
  const requestId = typeof sent === "string" && sent ? sent : context.requestId;
  return {
    requestId,
    ...(requestId === context.requestId ? {} : { inboxRequestId: context.requestId }),
    userId: context.fields.userId ?? null,
    method: request.method,
    path: pathOf(request.url),
    status: response.statusCode,
    durationMs,
    ...context.fields,
    ...(response.writableFinished ? {} : { aborted: true }),
  };
}

/** Without the query string; a better-auth path that carries a token has it replaced. */
function pathOf(url = "/") {
  return url.split("?")[0].replace(/^(\/api\/auth\/reset-password\/)[^/]+/, "$1:token");
}

function newRequestId() {
  return `inbox${randomUUID().replaceAll("-", "")}`;
}

/** Console output (Next's, a library's) as log lines, so every line on stdout is JSON. */
function consoleToLogger(logger) {
  const to = (level) => (...args) => logger[level]({ source: "console" }, format(...args));
  Object.assign(console, { log: to("info"), info: to("info"), warn: to("warn"), error: to("error"), debug: to("debug") });
}

/** Where Next serves the build's hashed files from (`.next/static`). */
export const STATIC_PREFIX = "/_next/static/";
/** The file scripts/standalone.mjs leaves in `.next` (beside `static`, not served) once the copies are written. */
export const PRECOMPRESSED_MARK = "static-precompressed";

/**
 * The build's hashed files with the brotli and gzip copies `npm run build` wrote beside them
 * (scripts/standalone.mjs), served by sirv: Next compresses on the fly with gzip only, and brotli
 * at its highest level takes about an eighth off the JavaScript a first visit downloads. sirv
 * lists the folder once at start (nothing outside it can be asked for) and picks the copy the
 * browser accepts; anything else, and a build without the copies, goes on to Next.
 */
export async function precompressedAssets(build) {
  if (!existsSync(path.join(build, PRECOMPRESSED_MARK))) return null;
  const folder = path.join(build, "static");
  const { default: sirv } = await import("sirv");
  const files = sirv(folder, {
    brotli: true,
    gzip: true,
    maxAge: 31_536_000,
    immutable: true,
    extensions: [],
    setHeaders: (response) => response.setHeader("x-content-type-options", "nosniff"),
  });
  return (request, response, next) => {
    const url = request.url ?? "";
    if (!url.startsWith(STATIC_PREFIX) || (request.method !== "GET" && request.method !== "HEAD")) return next();
    request.url = url.slice(STATIC_PREFIX.length - 1);
    files(request, response, () => {
      request.url = url;
      next();
    });
  };
}

/**
 * Everything else Next answers (pages, the API, the files its routes render at build time: the
 * icons' sprite, the emoji picker's data), compressed on the fly by `compression`, brotli when the
 * browser takes it. Next's own compression is off (next.config.mjs): it is gzip only, and it left
 * those routes' files as they are (the emoji data went out as 775 kB instead of about 90). An event
 * stream is left alone: its events must leave as they are written, not when a block fills.
 */
async function compressedAnswers() {
  const [{ default: compression }, { default: compressible }] = await Promise.all([import("compression"), import("compressible")]);
  return compression({
    // compression's own filter reads the type as a string; Next sets a route's headers as arrays.
    filter: (_request, response) => {
      const type = String([response.getHeader("content-type")].flat()[0] ?? "");
      return !type.startsWith("text/event-stream") && compressible(type) === true;
    },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(process.argv.slice(2));

async function serve(args) {
  const { values } = parseArgs({
    args,
    options: {
      dev: { type: "boolean", default: false },
      port: { type: "string", short: "p" },
      hostname: { type: "string", short: "H" },
      "check-config": { type: "boolean", default: false },
      migrate: { type: "boolean", default: false },
    },
  });
  const dev = values.dev;
  const port = values.port ?? process.env.PORT ?? "3000";
  const hostname = values.hostname ?? process.env.HOSTNAME ?? "0.0.0.0";
  const here = path.dirname(fileURLToPath(import.meta.url));
  const standalone = existsSync(path.join(here, ".next", "required-server-files.json"));
  if (standalone && dev) throw new Error("--dev runs from a checkout (npm run dev), not from a build.");
  if (standalone) {
    // The default of lib/server/runtime/env.ts, made absolute before the working directory moves.
    process.env.INBOX_DATA_DIR = path.resolve(process.env.INBOX_DATA_DIR?.trim() || ".data/inbox");
    process.chdir(here);
    // What Next's standalone server.js hands Next: the configuration `next build` saved.
    const { config } = JSON.parse(readFileSync(path.join(here, ".next", "required-server-files.json"), "utf8"));
    process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  }
  // What `next dev` and `next start` set before Next loads; the inbox's configuration validates PORT.
  process.env.PORT = port;
  process.env.INBOX_LISTEN_HOST = hostname;
  process.env.NODE_ENV ||= dev ? "development" : "production";
  process.env.NEXT_RUNTIME = "nodejs";
  // --check-config and --migrate, for deploy scripts: the inbox's start (in Next's bundle, run by
  // app.prepare() below) finds the task here, does it instead of starting, prints and exits
  // (lib/server/runtime/tasks.ts). Nothing listens meanwhile.
  const task = values["check-config"] ? "check-config" : values.migrate ? "migrate" : null;
  if (task) globalThis[Symbol.for("team-inbox.server-task")] = task;
  // Before Next loads: the inbox's modules take the logger from here (lib/server/runtime/log.ts).
  // LOG_LEVEL is read here, as PORT is; the inbox's configuration rejects a bad one at start.
  const logger = await createLogger({ level: process.env.LOG_LEVEL?.trim(), pretty: dev });
  const logging = { logger, requests: new AsyncLocalStorage() };
  globalThis[LOGGING] = logging;
  // A task prints for a person (lib/server/runtime/tasks.ts); serving, every line is JSON.
  if (!dev && !task) consoleToLogger(logger);

  const { default: next } = await import("next");
  const server = createServer();
  // An idle kept-alive connection outlives a load balancer's own idle timeout (60 s on the
  // common ones), so the server never closes a socket a client is just then reusing: Node's
  // 5 s default makes such a request fail with ECONNRESET.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const app = next({ dev, dir: standalone ? here : process.cwd(), hostname, port: Number(port), httpServer: server });
  const handle = app.getRequestHandler();
  const assets = standalone ? await precompressedAssets(path.join(here, ".next")) : null;
  const compress = await compressedAnswers();
  const inFlight = new Set();
  let stopping = false;
  server.on("request", (request, response) =>
    logRequest(logging, request, response, () => {
      if (refuseForbiddenMethod(request, response)) return;
      stampPeerAddress(request);
      // A request on a connection kept alive from before the stop is answered, and the connection ends with it.
      if (stopping) response.setHeader("connection", "close");
      inFlight.add(response);
      response.once("close", () => inFlight.delete(response));
      const answer = () => compress(request, response, () => void handle(request, response));
      if (assets) assets(request, response, answer);
      else answer();
    }),
  );

  const stop = async (signal) => {
    if (stopping) {
      logger.warn({ signal }, `${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    const hooks = globalThis[Symbol.for("team-inbox.shutdown")];
    const timeoutMs = hooks?.timeoutMs ?? 10_000;
    const deadline = Date.now() + timeoutMs;
    logger.info({ signal, inFlight: inFlight.size, timeoutMs }, `${signal}: stopping; requests in flight have ${timeoutMs} ms`);
    // Whatever happens below, the process ends: a database that hangs on close must not keep it.
    setTimeout(() => {
      logger.error("could not stop in time: exiting");
      process.exit(1);
    }, timeoutMs + 3_000).unref();
    try {
      if (server.listening) server.close();
      await hooks?.drain();
      const finished = await settled(inFlight, deadline);
      if (!finished) logger.warn({ inFlight: inFlight.size }, `${inFlight.size} request(s) still in flight after ${timeoutMs} ms: cut`);
      server.closeAllConnections();
      await hooks?.close();
      logger.info("stopped");
      process.exit(0);
    } catch (error) {
      logger.error({ error: error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : String(error) }, "stopping failed");
      process.exit(1);
    }
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void stop(signal));

  await app.prepare();
  if (task) {
    // In production Next runs the instrumentation hook in the background, after prepare(): the
    // inbox's start takes the task (replacing it on globalThis) and exits when it is done. A
    // build whose hook never comes would wait forever instead.
    setTimeout(() => {
      if (globalThis[Symbol.for("team-inbox.server-task")] !== task) return;
      console.error(`[inbox] --${task} did not run: the build's instrumentation hook did not start within 60 s.`);
      process.exit(1);
    }, 60_000);
    return;
  }
  // A signal while Next was preparing: the stop is under way, and nothing is to be served.
  if (stopping) return;
  server.listen(Number(port), hostname, () => logger.info({ url: `http://${hostname}:${port}`, dev }, `listening on http://${hostname}:${port}${dev ? " (development)" : ""}`));
}

/** Resolves true once every request in flight has been answered, false at the deadline. */
function settled(inFlight, deadline) {
  return new Promise((resolve) => {
    const poll = () => {
      if (inFlight.size === 0) return resolve(true);
      if (Date.now() >= deadline) return resolve(false);
      setTimeout(poll, 50);
    };
    poll();
  });
}
