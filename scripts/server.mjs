/**
 * The inbox's HTTP server: Next's own request handler (its documented custom-server API) behind
 * a plain Node server that adds one thing. Next fills in `X-Forwarded-For` only when a client has
 * not sent one, so behind it no code can tell a forged header from the socket's address; here the
 * socket's address is written into `x-inbox-peer-address` on every request, over anything the
 * client sent, before Next sees the request (read by lib/server/accounts/client-address.ts).
 *
 *   node scripts/server.mjs --dev [--port N | -p N] [--hostname H | -H H]     (a checkout)
 *   node .next/standalone/server.mjs [--port N] [--hostname H]                (a build, anywhere)
 *
 * Port and hostname come from the flags, else PORT and HOSTNAME, else 3000 and 0.0.0.0 (every
 * interface, as Next's standalone server). Both are handed to the inbox's configuration
 * (lib/server/runtime/env.ts) in PORT and INBOX_LISTEN_HOST: listening beyond this machine needs
 * INBOX_SECRET. Plain JavaScript, Next and Node built-ins only, so it runs with `node`.
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
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

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
  const requestId = `inbox${randomUUID().replaceAll("-", "")}`;
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

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(process.argv.slice(2));

async function serve(args) {
  const { values } = parseArgs({
    args,
    options: { dev: { type: "boolean", default: false }, port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
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

  const { default: next } = await import("next");
  const server = createServer();
  // An idle kept-alive connection outlives a load balancer's own idle timeout (60 s on the
  // common ones), so the server never closes a socket a client is just then reusing: Node's
  // 5 s default makes such a request fail with ECONNRESET.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const app = next({ dev, dir: standalone ? here : process.cwd(), hostname, port: Number(port), httpServer: server });
  const handle = app.getRequestHandler();
  const inFlight = new Set();
  let stopping = false;
  server.on("request", (request, response) => {
    if (refuseForbiddenMethod(request, response)) return;
    stampPeerAddress(request);
    // A request on a connection kept alive from before the stop is answered, and the connection ends with it.
    if (stopping) response.setHeader("connection", "close");
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
    void handle(request, response);
  });

  const stop = async (signal) => {
    if (stopping) {
      console.error(`[inbox] ${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    const hooks = globalThis[Symbol.for("team-inbox.shutdown")];
    const timeoutMs = hooks?.timeoutMs ?? 10_000;
    const deadline = Date.now() + timeoutMs;
    console.log(`[inbox] ${signal}: stopping; requests in flight have ${timeoutMs} ms`);
    // Whatever happens below, the process ends: a database that hangs on close must not keep it.
    setTimeout(() => {
      console.error("[inbox] could not stop in time: exiting");
      process.exit(1);
    }, timeoutMs + 3_000).unref();
    try {
      if (server.listening) server.close();
      await hooks?.drain();
      const finished = await settled(inFlight, deadline);
      if (!finished) console.warn(`[inbox] ${inFlight.size} request(s) still in flight after ${timeoutMs} ms: cut`);
      server.closeAllConnections();
      await hooks?.close();
      console.log("[inbox] stopped");
      process.exit(0);
    } catch (error) {
      console.error("[inbox] stopping failed:", error instanceof Error ? error.message : error);
      process.exit(1);
    }
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void stop(signal));

  await app.prepare();
  // A signal while Next was preparing: the stop is under way, and nothing is to be served.
  if (stopping) return;
  server.listen(Number(port), hostname, () => console.log(`[inbox] listening on http://${hostname}:${port}${dev ? " (development)" : ""}`));
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
