import "server-only";
import { AUTH_BASE_PATH } from "./auth";
import type { Runtime } from "../runtime/runtime";

/**
 * better-auth's handler, with sign-in attempts also counted per account (lib/server/accounts/sign-in-throttle).
 * Refusals keep better-auth's own shape (`{ code, message }`, 429, `X-Retry-After`).
 */
export async function signInHandler(runtime: Runtime, request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (request.method !== "POST" || path !== `${AUTH_BASE_PATH}/sign-in/email`) return runtime.auth.handler(request);

  const email = await request
    .clone()
    .json()
    .then((body: unknown) => (typeof body === "object" && body && "email" in body && typeof body.email === "string" ? body.email : null))
    .catch(() => null);
  if (email) {
    const wait = await runtime.signInThrottle.attempt(email);
    if (wait !== null) {
      return Response.json(
        { code: "TOO_MANY_REQUESTS", message: "Too many sign-in attempts for this account." },
        { status: 429, headers: { "x-retry-after": String(wait), "retry-after": String(wait) } },
      );
    }
  }
  const response = await runtime.auth.handler(request);
  if (email && response.ok) await runtime.signInThrottle.succeeded(email);
  return response;
}
