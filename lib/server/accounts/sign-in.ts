import "server-only";
import { AUTH_BASE_PATH } from "./auth";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "./client-address";
import { noteRoute } from "../http/route";
import { log, noteRequest } from "../runtime/log";
import { metrics } from "../runtime/metrics";
import type { Runtime } from "../runtime/runtime";

/**
 * better-auth's handler (app/api/auth), with the request's client address settled first
 * (lib/server/accounts/client-address) and handed to better-auth in the one header it reads,
 * so its limit per address counts that and nothing a client wrote. Refusals keep better-auth's
 * own shape (`{ code, message }`).
 *
 * - No address (the inbox was not started through scripts/server.mjs): 503 for every auth
 *   request. A shared bucket for "unknown" would let one client lock everyone out, and counting
 *   per account only would let one client try a password on every account.
 * - Sign-in takes JSON only (415 otherwise), as the login form sends it. better-auth would also
 *   read a form body, which a cross-site form can post without a preflight; the limit per
 *   account sees every body better-auth parses either way (the hook in lib/server/accounts/auth).
 *
 * Each sign-in's outcome is counted and logged (never the email or password): a success names
 * the user on the request's log line, a wrong email or password and a refusal for too many
 * attempts (per address: better-auth's limit; per account: ours) are warnings with the client
 * address, for an operator watching for guessing.
 */
let unknownAddressLogged = false;

export async function signInHandler(runtime: Runtime, request: Request): Promise<Response> {
  noteRoute(request);
  const address = clientAddress(request.headers, runtime.config.trustedProxies);
  if (!address) {
    if (!unknownAddressLogged) {
      unknownAddressLogged = true;
      log.error("sign-in is refused: requests carry no peer address. Start the inbox with `npm start` (scripts/server.mjs), not `next start`.");
    }
    return Response.json({ code: "CLIENT_ADDRESS_UNKNOWN", message: "Signing in is unavailable: the inbox cannot tell where this request comes from." }, { status: 503 });
  }
  const signIn = request.method === "POST" && new URL(request.url).pathname === `${AUTH_BASE_PATH}/sign-in/email`;
  if (signIn && !isJson(request)) {
    return Response.json({ code: "UNSUPPORTED_MEDIA_TYPE", message: "Sign-in takes a JSON body (Content-Type: application/json)." }, { status: 415 });
  }
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  const response = await runtime.auth.handler(new Request(request, { headers }));
  if (signIn) await noteSignIn(response, address);
  return response;
}

async function noteSignIn(response: Response, address: string): Promise<void> {
  if (response.ok) {
    const answer = (await response.clone().json().catch(() => null)) as { user?: { id?: unknown } } | null;
    if (typeof answer?.user?.id === "string") noteRequest({ userId: answer.user.id });
    return;
  }
  if (response.status === 401) {
    metrics.signInFailures.inc();
    log.warn({ address }, "sign-in failed: wrong email or password");
  } else if (response.status === 429) {
    // The limit per account answers with a code of its own (lib/server/accounts/auth); better-auth's per address without one.
    const answer = (await response.clone().json().catch(() => null)) as { code?: unknown } | null;
    const scope = answer?.code === "TOO_MANY_REQUESTS" ? "account" : "address";
    metrics.signInThrottled.inc({ scope });
    log.warn({ address, scope, retryAfterSeconds: Number(response.headers.get("retry-after") ?? response.headers.get("x-retry-after")) || null }, `sign-in refused: too many attempts for this ${scope}`);
  }
}

function isJson(request: Request): boolean {
  return request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() === "application/json";
}
