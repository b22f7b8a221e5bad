import "server-only";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "@/lib/db/connection";
import type { InboxConfig } from "../runtime/env";
import { requestOrigin } from "../http/origin";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { createSignInThrottle, type SignInThrottle } from "./sign-in-throttle";
import { account, rateLimit, session, user, verification } from "../store/schema";

/**
 * Logins for team members, with better-auth: email and password, sessions stored in the
 * inbox database, cookies HttpOnly and SameSite=Lax (Secure per `config.secureCookies`).
 *
 * Decisions:
 * - Nobody signs themselves up: users are added by an admin (settings or `npm run users`),
 *   so `/sign-up` is off and `role` and `memberId` cannot be set through better-auth's API.
 * - Sessions last 7 days, renewed when used after a day; a user removed or given a new
 *   password loses every session at once (lib/server/accounts/users).
 * - Sign-in attempts are limited per client address (`INBOX_SIGNIN_ATTEMPTS_PER_MINUTE`),
 *   counted in the database so every inbox instance shares the count. The limit applies to
 *   requests through `handler`, which is why the login form posts to /api/auth. better-auth
 *   reads the address only from `CLIENT_ADDRESS_HEADER`, which lib/server/accounts/sign-in
 *   sets on every request from the socket (and trusted proxies), never from what a client sent.
 * - Attempts are also limited per account (lib/server/accounts/sign-in-throttle), in a hook on
 *   better-auth's own sign-in endpoint, so the count sees the email better-auth parsed, however
 *   the body was encoded and however the request reached the endpoint.
 * - The base URL is `INBOX_PUBLIC_URL` when set, else each request's own origin (from its
 *   Host), so the demo works on localhost and 127.0.0.1 alike; better-auth's origin check
 *   accepts only sign-ins from that origin.
 */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const AUTH_BASE_PATH = "/api/auth";
const SIGN_IN_PATH = "/sign-in/email";

export function createAuth(db: Database, config: InboxConfig, signInThrottle: SignInThrottle = createSignInThrottle()) {
  return betterAuth({
    appName: "Team Inbox",
    secret: config.secret,
    baseURL: config.publicUrl ?? undefined,
    basePath: AUTH_BASE_PATH,
    // Without a public URL, the origin a request was addressed to (localhost or 127.0.0.1 alike).
    trustedOrigins: (request) => (config.publicUrl ? [config.publicUrl] : request ? [requestOrigin(request)] : []),
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, rateLimit } }),
    emailAndPassword: { enabled: true, disableSignUp: true, autoSignIn: false, minPasswordLength: 8, maxPasswordLength: 256 },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "member", input: false },
        memberId: { type: "string", required: false, input: false },
      },
    },
    session: { expiresIn: SESSION_TTL_SECONDS, updateAge: 24 * 60 * 60 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: { [SIGN_IN_PATH]: { window: 60, max: config.signInAttemptsPerMinute } },
    },
    advanced: {
      useSecureCookies: config.secureCookies,
      cookiePrefix: "inbox",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== SIGN_IN_PATH) return;
        const email: unknown = ctx.body?.email;
        // Anything but a string is refused by the endpoint's own validation.
        if (typeof email !== "string") return;
        const wait = await signInThrottle.attempt(email);
        if (wait !== null) {
          throw new APIError(
            "TOO_MANY_REQUESTS",
            { code: "TOO_MANY_REQUESTS", message: "Too many sign-in attempts for this account." },
            { "retry-after": String(wait), "x-retry-after": String(wait) },
          );
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === SIGN_IN_PATH && ctx.context.newSession) await signInThrottle.succeeded(ctx.context.newSession.user.email);
      }),
    },
    telemetry: { enabled: false },
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
