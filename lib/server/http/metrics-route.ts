import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { PEER_ADDRESS_HEADER } from "../accounts/client-address";
import { config, type InboxConfig } from "../runtime/env";
import { requestId as currentRequestId } from "../runtime/log";
import { exposition } from "../runtime/metrics";
import { startedRuntime } from "../runtime/runtime";
import { apiError, errorResponse, noteRoute } from "./route";

/**
 * GET /api/metrics: the process's metrics (lib/server/runtime/metrics) in the Prometheus text
 * format, for a scraper rather than a person, so no session:
 *
 * - with `INBOX_METRICS_TOKEN` set, only with `Authorization: Bearer <that token>` (compared in
 *   constant time), from anywhere; otherwise 401 unauthorized, with `WWW-Authenticate`;
 * - without it, only from this machine: the connection's own address (scripts/server.mjs's
 *   `x-inbox-peer-address`, never a header a client wrote) is loopback, and so is every address
 *   `X-Forwarded-For` and `X-Real-IP` name, with no `Forwarded` (a reverse proxy on this host
 *   would otherwise make every visitor look local; Next itself fills `X-Forwarded-For` with the
 *   connection's address when a request comes without one); otherwise 403.
 *
 * Like the health probes it never waits for the runtime, so a scrape during a slow start
 * still answers. Refusals carry the spec's error body.
 */
export function metricsHandler(settings: () => Pick<InboxConfig, "metricsToken">) {
  return async (request: Request): Promise<Response> => {
    const requestId = currentRequestId();
    noteRoute(request);
    try {
      checkAccess(request.headers, settings().metricsToken);
      const { text, contentType } = await exposition();
      return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store", "x-request-id": requestId } });
    } catch (error) {
      const response = errorResponse(error, requestId);
      if (response.status === 401) response.headers.set("www-authenticate", 'Bearer realm="metrics"');
      return response;
    }
  };
}

/** GET /api/metrics, with the process's configuration (the runtime's, once started: each bundle's own `config()` would warn again). */
export const metricsRoute = metricsHandler(() => startedRuntime()?.config ?? config());


function checkAccess(headers: Headers, token: string | null): void {
  if (token !== null) {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1];
    if (!given || !sameSecret(given, token)) throw apiError("unauthorized", "Metrics need the bearer token set in INBOX_METRICS_TOKEN.");
    return;
  }
  const forwardedFor = [headers.get("x-forwarded-for"), headers.get("x-real-ip")].flatMap((value) => (value ?? "").split(",")).filter((hop) => hop.trim());
  const local = isLoopback(headers.get(PEER_ADDRESS_HEADER)) && forwardedFor.every(isLoopback) && !headers.has("forwarded");
  if (!local) throw apiError("forbidden", "Metrics are served to this machine only; set INBOX_METRICS_TOKEN to read them from elsewhere.");
}

/** Equal lengths first would tell the token's length; digests are always equal in length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function isLoopback(address: string | null): boolean {
  if (!address) return false;
  const plain = address.trim().replace(/^::ffff:/i, "");
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}
