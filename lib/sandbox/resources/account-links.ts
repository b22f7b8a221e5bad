import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { accountLinkListQuery } from "@/lib/api/platforms";
import type { SandboxContext, SandboxEnv } from "../context";
import { fail, pageById, pathId, readQuery } from "../http";
import { accountLinks } from "../schema";
import { toAccountLink } from "../model/serialize";
import { requirePlatforms } from "./platform-access";

export function accountLinkRoutes(ctx: SandboxContext) {
  const { db } = ctx.store;
  return new Hono<SandboxEnv>()
    .get("/account-links", async (c) => {
      const team = c.get("team");
      const query = readQuery(c, accountLinkListQuery);
      requirePlatforms(team, query.platform ?? []);
      const { limit, cursor, ...filters } = query;
      const page = await pageById({
        filters,
        limit,
        cursor,
        fetch: (afterId, take) =>
          db
            .select()
            .from(accountLinks)
            .where(
              and(
                eq(accountLinks.teamId, team.id),
                query.platform?.length ? inArray(accountLinks.platform, query.platform) : undefined,
                query.status ? eq(accountLinks.status, query.status) : undefined,
                afterId ? gt(accountLinks.id, afterId) : undefined,
              ),
            )
            .orderBy(asc(accountLinks.id))
            .limit(take),
        toItem: toAccountLink,
      });
      return c.json(page);
    })
    .get("/account-links/:accountLinkId", async (c) => {
      const team = c.get("team");
      const id = pathId(c, "accountLinkId", "accountLinkNotFound");
      const [row] = await db.select().from(accountLinks).where(and(eq(accountLinks.teamId, team.id), eq(accountLinks.id, id)));
      if (!row) fail("accountLinkNotFound", `No account link ${id}`);
      requirePlatforms(team, [row.platform]);
      return c.json(toAccountLink(row));
    });
}
