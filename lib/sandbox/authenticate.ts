import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { ApiError } from "@/lib/api/errors";
import type { SandboxContext, SandboxEnv } from "./context";
import { teams, tokens } from "./schema";

type Team = typeof teams.$inferSelect;

/**
 * Who is calling the API, and what it costs them: token → team, then the quota, then injected
 * faults, then the billing lock.
 *
 * A request whose token fails (missing, malformed, unknown or revoked) knows no team, yet the
 * spec puts `X-RateLimit-*` on every response. Our choice: it counts against its client
 * address's quota, with the same limits as a team's (lib/sandbox/rate-limit.ts), and its 401
 * carries that quota's headers; over it, the answer is 429 rateLimited with `Retry-After`
 * instead of 401, so guessing tokens is as slow as calling. The address is the TCP peer's (no
 * forwarding header is trusted); requests handed to the in-process fetch handler share one,
 * `in-process`. A request with a valid token never counts against its address.
 */
export function authenticate(ctx: SandboxContext) {
  return async (c: Context<SandboxEnv>, next: () => Promise<void>) => {
    const { team, token, problem } = await identify(ctx, c);
    if (!team) {
      meter(ctx, c, addressKey(c));
      throw new ApiError({ status: 401, code: "unauthorized", message: problem });
    }
    c.set("team", team);
    c.set("token", token);
    meter(ctx, c, team.id);

    const fault = ctx.faults.takeForRequest({ teamId: team.id, token, method: c.req.method, path: new URL(c.req.url).pathname });
    if (fault?.kind === "rateLimited") {
      throw new ApiError({
        status: 429,
        code: "rateLimited",
        message: "Injected rate limit",
        details: { retryAfter: fault.retryAfter, window: "minute" },
        retryAfter: fault.retryAfter,
      });
    }
    if (fault?.kind === "internalError") throw new Error("Injected internal error");
    if (fault?.kind === "latency") await new Promise((resolve) => setTimeout(resolve, fault.ms));

    if (team.locked) {
      throw new ApiError({ status: 403, code: "workspaceLocked", message: "Billing is past due: the workspace is locked" });
    }
    await next();
  };
}

/**
 * Counts a request refused before authentication (a malformed path) against whoever it
 * would have counted against, so that answer carries the headers too.
 */
export async function meterUnauthenticated(ctx: SandboxContext, c: Context<SandboxEnv>): Promise<void> {
  const { team } = await identify(ctx, c);
  meter(ctx, c, team ? team.id : addressKey(c));
}

/** The team of the request's bearer token; null with the reason when it has none. */
export async function identify(
  ctx: SandboxContext,
  c: Context<SandboxEnv>,
): Promise<{ team: Team; token: string; problem?: undefined } | { team: null; token: null; problem: string }> {
  const match = /^Bearer ([^\s]+)$/.exec(c.req.header("authorization") ?? "");
  if (!match) return { team: null, token: null, problem: "A bearer token is required" };
  const token = match[1]!;
  const [found] = await ctx.store.db
    .select({ team: teams, revoked: tokens.revoked })
    .from(tokens)
    .innerJoin(teams, eq(teams.id, tokens.teamId))
    .where(eq(tokens.token, token));
  if (!found || found.revoked) return { team: null, token: null, problem: "The token is not valid, or was revoked" };
  return { team: found.team, token };
}

/** Takes one request from `key`'s quota and sets the headers; over it, 429 rateLimited. */
function meter(ctx: SandboxContext, c: Context<SandboxEnv>, key: string): void {
  const decision = ctx.rateLimiter.take(key, Date.now());
  c.header("X-RateLimit-Limit", String(decision.limit));
  c.header("X-RateLimit-Remaining", String(decision.remaining));
  c.header("X-RateLimit-Reset", String(decision.reset));
  if (decision.allowed) return;
  const whose = key.startsWith(ADDRESS_PREFIX) ? "This address's" : "The team's";
  throw new ApiError({
    status: 429,
    code: "rateLimited",
    message: `${whose} ${decision.window} quota is used up`,
    details: { retryAfter: decision.retryAfter, window: decision.window },
    retryAfter: decision.retryAfter,
  });
}

const ADDRESS_PREFIX = "address:";

/** The quota key of the caller's address: the socket's peer on a served port, else the in-process caller. */
function addressKey(c: Context<SandboxEnv>): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return `${ADDRESS_PREFIX}${env?.incoming?.socket?.remoteAddress ?? "in-process"}`;
}
