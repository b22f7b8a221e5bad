import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { ApiError, ERROR_STATUS, type ErrorBody } from "@/lib/api/errors";
import { pathProblem } from "@/lib/api/paths";
import { createMediaSigning, type SandboxConfig, type SandboxContext, type SandboxEnv } from "./context";
import { campaignRunner } from "./simulator/campaigns";
import { createFaults } from "./simulator/faults";
import { newId } from "./model/ids";
import { DEFAULT_RATE_LIMITS, createRateLimiter } from "./rate-limit";
import { accountLinkRoutes } from "./resources/account-links";
import { contactRoutes } from "./resources/contacts";
import { controlRoutes } from "./resources/control";
import { eventRoutes } from "./resources/events";
import { labelRoutes } from "./resources/labels";
import { mediaRoutes } from "./resources/media";
import { memberRoutes } from "./resources/members";
import { messageRoutes } from "./resources/messages";
import { outreachRoutes } from "./resources/outreach/routes";
import { platformRoutes } from "./resources/platforms";
import { teamRoutes } from "./resources/team";
import { threadRoutes } from "./resources/threads";
import { teams, tokens } from "./schema";
import { openSandboxStore, type StoreOptions } from "./store";
import { v1Routes } from "./v1/app";
import { isV1Path, v1ErrorResponse } from "./v1/http";

/**
 * The sandbox: a complete implementation of API v2 as a Hono app with a fetch handler.
 * The inbox calls `fetch` in-process; `npm run sandbox` serves it on a port. The API is
 * under `/v2` and, frozen, `/v1` (lib/sandbox/v1; outreach under both), the simulator's
 * control API under `/_sandbox`, media under `/media`.
 */
export type SandboxOptions = StoreOptions &
  Partial<SandboxConfig> & {
    /**
     * Run active campaigns on a timer (every second, real time). The stand-alone sandbox does;
     * in-process sandboxes (tests, the embedded demo) leave it off unless asked, and campaigns
     * move when the clock is advanced or POST /_sandbox/campaigns/run is called.
     */
    campaignTimer?: boolean;
  };

export type Sandbox = {
  fetch: (request: Request) => Promise<Response>;
  context: SandboxContext;
  close(): Promise<void>;
};

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const store = await openSandboxStore(options);
  const config: SandboxConfig = {
    control: options.control ?? true,
    rateLimits: options.rateLimits ?? { ...DEFAULT_RATE_LIMITS },
    publicBaseUrl: options.publicBaseUrl ?? null,
    mediaSecret: options.mediaSecret ?? "sandbox-media-secret",
    mediaUrlTtlMs: options.mediaUrlTtlMs ?? 60 * 60 * 1000,
    idempotencyTtlMs: options.idempotencyTtlMs ?? 24 * 60 * 60 * 1000,
    webhookUrls: options.webhookUrls ?? [],
    campaignsOnClockAdvance: options.campaignsOnClockAdvance ?? true,
  };
  const context: SandboxContext = {
    store,
    faults: createFaults(),
    rateLimiter: createRateLimiter(() => config.rateLimits),
    config,
    ...createMediaSigning(config, () => store.clock.now()),
  };
  const app = buildApp(context);
  if (options.campaignTimer) campaignRunner(context).startTimer();
  return {
    fetch: async (request) => app.fetch(request),
    context,
    close: () => store.close(),
  };
}

function buildApp(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>();

  app.use("*", async (c, next) => {
    c.set("requestId", newId("request"));
    await next();
    c.header("X-Request-Id", c.get("requestId"));
  });
  // Before routing: Hono would pass a malformed segment on undecoded, and a NUL on to the database.
  app.use("*", async (c, next) => {
    const problem = pathProblem(new URL(c.req.url).pathname);
    if (problem) throw new ApiError({ status: 400, code: "invalidRequest", message: problem });
    await next();
  });

  const api = new Hono<SandboxEnv>();
  api.use("*", authenticate(ctx));
  for (const routes of [platformRoutes, teamRoutes, memberRoutes, accountLinkRoutes, threadRoutes, messageRoutes, contactRoutes, labelRoutes, eventRoutes, outreachRoutes]) {
    api.route("/", routes(ctx));
  }
  app.route("/v2", api);
  app.route("/v1", v1Routes(ctx, authenticate(ctx)));
  app.route("/_sandbox", controlRoutes(ctx));
  app.route("/media", mediaRoutes(ctx));

  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const otherMethod = app.routes.some((r) => r.method !== c.req.method && r.method !== "ALL" && routeMatches(r.path, path));
    const code = otherMethod ? "methodNotAllowed" : "notFound";
    const message = otherMethod ? `${c.req.method} is not allowed on ${path}` : `No endpoint at ${path}`;
    if (isV1Path(c)) return v1ErrorResponse(ctx, c, new ApiError({ status: ERROR_STATUS[code], code, message }));
    return errorResponse(c, code, message);
  });

  app.onError((error, c) => {
    if (isV1Path(c)) return v1ErrorResponse(ctx, c, error);
    if (error instanceof ApiError) {
      if (error.retryAfter !== null) c.header("Retry-After", String(error.retryAfter));
      return c.json(bodyOf(c, error.code, error.message, error.details), error.status as 400);
    }
    console.error(`[sandbox] ${c.get("requestId")} ${c.req.method} ${c.req.url}`, error);
    return errorResponse(c, "internalError", "The sandbox failed to handle this request");
  });

  return app;
}

/**
 * Token → team, then the team's quota, then injected faults, then the billing lock. A
 * 401 knows no team, so it carries no rate-limit headers; every other answer does.
 */
function authenticate(ctx: SandboxContext) {
  return async (c: Context<SandboxEnv>, next: () => Promise<void>) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer ([^\s]+)$/.exec(header);
    if (!match) throw new ApiError({ status: 401, code: "unauthorized", message: "A bearer token is required" });
    const [found] = await ctx.store.db
      .select({ team: teams, revoked: tokens.revoked })
      .from(tokens)
      .innerJoin(teams, eq(teams.id, tokens.teamId))
      .where(eq(tokens.token, match[1]!));
    if (!found || found.revoked) {
      throw new ApiError({ status: 401, code: "unauthorized", message: "The token is not valid, or was revoked" });
    }
    c.set("team", found.team);

    const decision = ctx.rateLimiter.take(found.team.id, ctx.store.clock.now().getTime());
    c.header("X-RateLimit-Limit", String(decision.limit));
    c.header("X-RateLimit-Remaining", String(decision.remaining));
    c.header("X-RateLimit-Reset", String(decision.reset));
    if (!decision.allowed) {
      throw new ApiError({
        status: 429,
        code: "rateLimited",
        message: `The team's ${decision.window} quota is used up`,
        details: { retryAfter: decision.retryAfter, window: decision.window },
        retryAfter: decision.retryAfter,
      });
    }

    const fault = ctx.faults.takeForRequest();
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

    if (found.team.locked) {
      throw new ApiError({ status: 403, code: "workspaceLocked", message: "Billing is past due: the workspace is locked" });
    }
    await next();
  };
}

function bodyOf(c: Context<SandboxEnv>, code: string, message: string, details: Record<string, unknown> | null): ErrorBody {
  return { code, message, details, requestId: c.get("requestId") };
}

function errorResponse(c: Context<SandboxEnv>, code: keyof typeof ERROR_STATUS, message: string) {
  return c.json(bodyOf(c, code, message, null), ERROR_STATUS[code] as 400);
}

function routeMatches(pattern: string, path: string): boolean {
  if (pattern.includes("*")) return false;
  const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+").replace(/\/$/, "")}/?$`);
  return regex.test(path);
}
