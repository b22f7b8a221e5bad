import { Hono, type MiddlewareHandler } from "hono";
import type { SandboxContext, SandboxEnv } from "../context";
import { outreachRoutes } from "../resources/outreach/routes";
import { eventRoutesV1 } from "./events";
import { failV1, isSunset, setSunsetHeaders } from "./http";
import { labelRoutesV1 } from "./labels";
import { messageRoutesV1 } from "./messages";
import { prospectRoutesV1 } from "./prospects";
import { teamRoutesV1 } from "./team";
import { threadRoutesV1 } from "./threads";

/**
 * Version 1 (frozen), mounted at `/v1` beside `/v2`: the same store, event log, clock and
 * quota, behind the same `authenticate`. Every answer carries `Sunset`; from the sunset on
 * the sandbox's clock, every request is 410 GONE before its token is looked at (so it costs
 * no quota). Errors are written by `v1ErrorResponse`, which the app's handlers call for `/v1`.
 * The outreach resources are the same sub-app as under `/v2` (the spec serves them in one
 * shape under both roots); only their errors differ, by the mapping in lib/api/v1/errors.ts.
 */
export function v1Routes(ctx: SandboxContext, authenticate: MiddlewareHandler<SandboxEnv>) {
  const app = new Hono<SandboxEnv>();
  app.use("*", async (c, next) => {
    setSunsetHeaders(c);
    if (isSunset(ctx)) failV1("GONE", "Version 1 has ended");
    await next();
    setSunsetHeaders(c);
  });
  app.use("*", authenticate);
  for (const routes of [teamRoutesV1, labelRoutesV1, prospectRoutesV1, threadRoutesV1, messageRoutesV1, eventRoutesV1, outreachRoutes]) {
    app.route("/", routes(ctx));
  }
  return app;
}
