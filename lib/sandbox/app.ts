import { Hono, type Context } from "hono";
import { ApiError, ERROR_STATUS, type ErrorBody } from "@/lib/api/errors";
import { pathProblem } from "@/lib/api/paths";
import { authenticate, meterUnauthenticated } from "./authenticate";
import { createMediaSigning, type SandboxConfig, type SandboxContext, type SandboxEnv } from "./context";
import { campaignRunner } from "./simulator/campaigns";
import { createFaults } from "./simulator/faults";
import { createSettler } from "./simulator/settle";
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
  /** `env` is @hono/node-server's (the socket, for the caller's address) when served on a port. */
  fetch: (request: Request, env?: unknown) => Promise<Response>;
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
  const settler = createSettler(store);
  const context: SandboxContext = {
    store,
    faults: createFaults(),
    rateLimiter: createRateLimiter(() => config.rateLimits),
    settler,
    config,
    ...createMediaSigning(config, () => store.clock.now()),
  };
  const app = buildApp(context);
  if (options.campaignTimer) campaignRunner(context).startTimer();
  // Sends left pending by the last run settle on time.
  await settler.start();
  return {
    fetch: async (request, env) => app.fetch(request, env),
    context,
    close: async () => {
      settler.stop();
      await store.close();
    },
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
    const path = new URL(c.req.url).pathname;
    const problem = pathProblem(path);
    if (!problem) return next();
    // An API answer carries the quota's headers, this one too (the token decides whose).
    if (/^\/v[12](\/|$)/.test(path)) await meterUnauthenticated(ctx, c);
    throw new ApiError({ status: 400, code: "invalidRequest", message: problem });
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
