import { and, asc, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import { pageQuery } from "@/lib/api/query";
import type { SandboxContext, SandboxEnv } from "../context";
import { fail, pageById, pathId, readQuery } from "../http";
import { members } from "../schema";
import { toMember } from "../model/serialize";

export function memberRoutes(ctx: SandboxContext) {
  const { db } = ctx.store;
  return new Hono<SandboxEnv>()
    .get("/members", async (c) => {
      const team = c.get("team");
      const query = readQuery(c, pageQuery);
      const page = await pageById({
        filters: { resource: "members" },
        limit: query.limit,
        cursor: query.cursor,
        fetch: (afterId, take) =>
          db
            .select()
            .from(members)
            .where(and(eq(members.teamId, team.id), afterId ? gt(members.id, afterId) : undefined))
            .orderBy(asc(members.id))
            .limit(take),
        toItem: toMember,
      });
      return c.json(page);
    })
    .get("/members/:memberId", async (c) => {
      const id = pathId(c, "memberId", "memberNotFound");
      const [row] = await db.select().from(members).where(and(eq(members.teamId, c.get("team").id), eq(members.id, id)));
      if (!row) fail("memberNotFound", `No member ${id}`);
      return c.json(toMember(row));
    });
}
