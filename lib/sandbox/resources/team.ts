import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../context";
import { toTeam } from "../model/serialize";

/** GET /team: the token's team. */
export function teamRoutes(_ctx: SandboxContext) {
  return new Hono<SandboxEnv>().get("/team", (c) => c.json(toTeam(c.get("team"))));
}
