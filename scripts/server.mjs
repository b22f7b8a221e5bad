/**
 * The inbox's HTTP server: Next's own request handler (its documented custom-server API) behind
 * a plain Node server that adds one thing. Next fills in `X-Forwarded-For` only when a client has
 * not sent one, so behind it no code can tell a forged header from the socket's address; here the
 * socket's address is written into `x-inbox-peer-address` on every request, over anything the
 * client sent, before Next sees the request (read by lib/server/accounts/client-address.ts).
 *
 *   node scripts/server.mjs [--dev] [--port N | -p N] [--hostname H | -H H]
 *
 * Port and hostname come from the flags, else PORT and HOSTNAME, else 3000 and 0.0.0.0 (every
 * interface, as Next's standalone server). Both are handed to the inbox's configuration
 * (lib/server/runtime/env.ts) in PORT and INBOX_LISTEN_HOST: listening beyond this machine needs
 * INBOX_SECRET. Plain JavaScript, Next and Node built-ins only, so it runs with `node`.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
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
  // What `next dev` and `next start` set before Next loads; the inbox's configuration validates PORT.
  process.env.PORT = port;
  process.env.INBOX_LISTEN_HOST = hostname;
  process.env.NODE_ENV ||= dev ? "development" : "production";
  process.env.NEXT_RUNTIME = "nodejs";

  const { default: next } = await import("next");
  const server = createServer();
  const app = next({ dev, hostname, port: Number(port), httpServer: server });
  const handle = app.getRequestHandler();
  await app.prepare();
  server.on("request", (request, response) => {
    if (refuseForbiddenMethod(request, response)) return;
    stampPeerAddress(request);
    void handle(request, response);
  });
  server.listen(Number(port), hostname, () => console.log(`[inbox] listening on http://${hostname}:${port}${dev ? " (development)" : ""}`));
}
