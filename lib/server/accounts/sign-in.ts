import "server-only";
import { AUTH_BASE_PATH } from "./auth";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "./client-address";
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
 */
let unknownAddressLogged = false;

export async function signInHandler(runtime: Runtime, request: Request): Promise<Response> {
  const address = clientAddress(request.headers, runtime.config.trustedProxies);
  if (!address) {
    if (!unknownAddressLogged) {
      unknownAddressLogged = true;
      console.error("[inbox] sign-in is refused: requests carry no peer address. Start the inbox with `npm start` (scripts/server.mjs), not `next start`.");
    }
    return Response.json({ code: "CLIENT_ADDRESS_UNKNOWN", message: "Signing in is unavailable: the inbox cannot tell where this request comes from." }, { status: 503 });
  }
  if (request.method === "POST" && new URL(request.url).pathname === `${AUTH_BASE_PATH}/sign-in/email` && !isJson(request)) {
    return Response.json({ code: "UNSUPPORTED_MEDIA_TYPE", message: "Sign-in takes a JSON body (Content-Type: application/json)." }, { status: 415 });
  }
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  return runtime.auth.handler(new Request(request, { headers }));
}

function isJson(request: Request): boolean {
  return request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() === "application/json";
}
