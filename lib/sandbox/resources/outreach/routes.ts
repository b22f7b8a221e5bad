import { Hono } from "hono";
import { OUTREACH_ADD_ON } from "@/lib/api/outreach";
import type { SandboxContext, SandboxEnv } from "../../context";
import { fail } from "../../http";
import { campaignRoutes } from "./campaigns";
import { importJobRoutes } from "./import-jobs";
import { leadRoutes } from "./leads";
import { listRoutes } from "./lists";

/**
 * The outreach resources (lists, leads, import jobs, campaigns) as one sub-app, mounted
 * under each API root with `app.route("/", outreachRoutes(ctx))`. It only throws
 * ApiErrors; the root's error handler renders them in that version's body. A team without
 * the `outreach` add-on gets 403 planRequired on every outreach path. The endpoints and
 * the choices behind them are listed in lib/api/outreach.ts.
 */
export function outreachRoutes(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>();
  // Scoped to outreach paths: mounted at "/", a `*` middleware would gate every endpoint.
  for (const path of ["/lists", "/lists/*", "/campaigns", "/campaigns/*"]) {
    app.use(path, async (c, next) => {
      if (!c.get("team").addOns.includes(OUTREACH_ADD_ON)) {
        fail("planRequired", "Lists, leads, import jobs and campaigns need the outreach add-on", { addOn: OUTREACH_ADD_ON });
      }
      await next();
    });
  }
  for (const routes of [listRoutes, leadRoutes, importJobRoutes, campaignRoutes]) app.route("/", routes(ctx));
  return app;
}
