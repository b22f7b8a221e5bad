import { asc, inArray } from "drizzle-orm";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../context";
import { platforms } from "../schema";
import { toPlatform } from "../model/serialize";

/** GET /platforms: the platforms this team can use, with what they support. */
export function platformRoutes(ctx: SandboxContext) {
  return new Hono<SandboxEnv>().get("/platforms", async (c) => {
    const team = c.get("team");
    const rows = await ctx.store.db
      .select()
      .from(platforms)
      .where(inArray(platforms.platform, team.platforms))
      .orderBy(asc(platforms.position));
    return c.json(rows.map(toPlatform));
  });
}
