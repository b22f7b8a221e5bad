import { and, asc, eq, gt } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { statusCreate, statusPatch, tagCreate, tagPatch } from "@/lib/api/labels";
import { pageQuery } from "@/lib/api/query";
import { PREDEFINED_COLORS } from "../model/colors";
import type { SandboxContext, SandboxEnv } from "../context";
import { fail, pageById, readBody, readQuery } from "../http";
import { createStatus, createTag, deleteStatus, deleteTag, findStatus, findTag, updateStatus, updateTag } from "../model/labels";
import { statuses, tags } from "../schema";
import { toStatus, toTag } from "../model/serialize";

/**
 * Tags and statuses, the team's labels, and GET /colors. Paths take an ID or a name: the ID
 * is tried first, then the name, case-insensitively. Names are unique per team regardless of
 * case; a status's `position` is kept 0..n-1 without gaps whatever is created, moved or deleted.
 */
export function labelRoutes(ctx: SandboxContext) {
  const { db } = ctx.store;

  return new Hono<SandboxEnv>()
    .get("/colors", (c) => c.json(PREDEFINED_COLORS.map((color) => ({ ...color }))))

    .get("/tags", async (c) => {
      const team = c.get("team");
      const query = readQuery(c, pageQuery);
      const page = await pageById({
        filters: { resource: "tags" },
        limit: query.limit,
        cursor: query.cursor,
        fetch: (afterId, take) =>
          db
            .select()
            .from(tags)
            .where(and(eq(tags.teamId, team.id), afterId ? gt(tags.id, afterId) : undefined))
            .orderBy(asc(tags.id))
            .limit(take),
        toItem: toTag,
      });
      return c.json(page);
    })
    .post("/tags", async (c) => {
      const team = c.get("team");
      const body = await readBody(c, tagCreate);
      const created = await createTag(ctx, team.id, body);
      return c.json(toTag(created), 201);
    })
    .get("/tags/:tagRef", async (c) => {
      const row = await findTag(db, c.get("team").id, refParam(c, "tagRef"));
      if (!row) fail("tagNotFound", `No tag ${refParam(c, "tagRef")}`);
      return c.json(toTag(row));
    })
    .patch("/tags/:tagRef", async (c) => {
      const team = c.get("team");
      const ref = refParam(c, "tagRef");
      const body = await readBody(c, tagPatch);
      const updated = await updateTag(ctx, team.id, ref, body);
      return c.json(toTag(updated));
    })
    .delete("/tags/:tagRef", async (c) => {
      const team = c.get("team");
      const ref = refParam(c, "tagRef");
      await deleteTag(ctx, team.id, ref);
      return c.body(null, 204);
    })

    .get("/statuses", async (c) => {
      const team = c.get("team");
      const query = readQuery(c, pageQuery);
      const page = await pageById({
        filters: { resource: "statuses" },
        limit: query.limit,
        cursor: query.cursor,
        fetch: (afterId, take) =>
          db
            .select()
            .from(statuses)
            .where(and(eq(statuses.teamId, team.id), afterId ? gt(statuses.id, afterId) : undefined))
            .orderBy(asc(statuses.id))
            .limit(take),
        toItem: toStatus,
      });
      return c.json(page);
    })
    .post("/statuses", async (c) => {
      const team = c.get("team");
      const body = await readBody(c, statusCreate);
      const created = await createStatus(ctx, team.id, body);
      return c.json(toStatus(created), 201);
    })
    .get("/statuses/:statusRef", async (c) => {
      const row = await findStatus(db, c.get("team").id, refParam(c, "statusRef"));
      if (!row) fail("statusNotFound", `No status ${refParam(c, "statusRef")}`);
      return c.json(toStatus(row));
    })
    .patch("/statuses/:statusRef", async (c) => {
      const team = c.get("team");
      const ref = refParam(c, "statusRef");
      const body = await readBody(c, statusPatch);
      const updated = await updateStatus(ctx, team.id, ref, body);
      return c.json(toStatus(updated));
    })
    .delete("/statuses/:statusRef", async (c) => {
      const team = c.get("team");
      const ref = refParam(c, "statusRef");
      await deleteStatus(ctx, team.id, ref);
      return c.body(null, 204);
    });
}

/** A tag or status reference from the path, already percent-decoded by the router. */
function refParam(c: Context<SandboxEnv>, name: string): string {
  return c.req.param(name) ?? "";
}
