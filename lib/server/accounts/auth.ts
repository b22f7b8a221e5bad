import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "@/lib/db/connection";
import type { InboxConfig } from "../runtime/env";
import { requestOrigin } from "../http/origin";
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
 *   requests through `handler`, which is why the login form posts to /api/auth. The address
 *   is the one `X-Forwarded-For` names: behind proxies listed in `INBOX_TRUSTED_PROXIES`, the
 *   first hop they did not add; otherwise only a single-valued header. A forged header can
 *   dodge this limit, which is why lib/server/accounts/sign-in-throttle also counts per account.
 * - The base URL is `INBOX_PUBLIC_URL` when set, else each request's own origin (from its
 *   Host), so the demo works on localhost and 127.0.0.1 alike; better-auth's origin check
 *   accepts only sign-ins from that origin.
 */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const AUTH_BASE_PATH = "/api/auth";

export function createAuth(db: Database, config: InboxConfig) {
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
      customRules: { "/sign-in/email": { window: 60, max: config.signInAttemptsPerMinute } },
    },
    advanced: {
      useSecureCookies: config.secureCookies,
      cookiePrefix: "inbox",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"], trustedProxies: [...config.trustedProxies] },
    },
    telemetry: { enabled: false },
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
