import { and, asc, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { statusCreate, statusPatch, tagCreate, tagPatch } from "@/lib/api/labels";
import { strictBody } from "@/lib/api/strict-body";
import type { SandboxContext, SandboxEnv } from "../context";
import { PREDEFINED_COLORS } from "../model/colors";
import { createStatus, createTag, deleteStatus, deleteTag, resolveColor, updateStatus, updateTag } from "../model/labels";
import { toStatus, toTag } from "../model/serialize";
import { statuses, tags } from "../schema";
import { failV1, readV1Body, v1PathId, validationError } from "./http";

/**
 * Tags and statuses in v1: flat arrays, the palette at /tags/colors and /statuses/colors,
 * and the v2 rules for writes (model/labels). Bodies are v2's (the v1 ones are not shown).
 * Paths take IDs only, as every v1 path does: a name there is TAG_NOT_FOUND / STATUS_NOT_FOUND.
 * DELETE answers `{ success: true }` (ours; v1 writes answer bodies, not 204).
 */
export function labelRoutesV1(ctx: SandboxContext) {
  const { db } = ctx.store;
  const colors = (c: Context) => c.json(PREDEFINED_COLORS.map((color) => ({ ...color })));

  async function tagId(c: Context<SandboxEnv>): Promise<string> {
    const id = v1PathId(c, "tagId", "TAG_NOT_FOUND");
    const [row] = await db.select({ id: tags.id }).from(tags).where(and(eq(tags.teamId, c.get("team").id), eq(tags.id, id)));
    if (!row) failV1("TAG_NOT_FOUND", `No tag ${id}`);
    return id;
  }
  async function statusId(c: Context<SandboxEnv>): Promise<string> {
    const id = v1PathId(c, "statusId", "STATUS_NOT_FOUND");
    const [row] = await db
      .select({ id: statuses.id })
      .from(statuses)
      .where(and(eq(statuses.teamId, c.get("team").id), eq(statuses.id, id)));
    if (!row) failV1("STATUS_NOT_FOUND", `No status ${id}`);
    return id;
  }

  return new Hono<SandboxEnv>()
    .get("/tags/colors", colors)
    .get("/statuses/colors", colors)
    .get("/tags", async (c) => {
      const rows = await db.select().from(tags).where(eq(tags.teamId, c.get("team").id)).orderBy(asc(tags.id));
      return c.json(rows.map(toTag));
    })
    .post("/tags", async (c) => c.json(toTag(await createTag(ctx, c.get("team").id, checked(await readV1Body(c, V1_TAG_CREATE)))), 201))
    .get("/tags/:tagId", async (c) => {
      const id = await tagId(c);
      const [row] = await db.select().from(tags).where(and(eq(tags.teamId, c.get("team").id), eq(tags.id, id)));
      if (!row) failV1("TAG_NOT_FOUND", `No tag ${id}`);
      return c.json(toTag(row));
    })
    .patch("/tags/:tagId", async (c) => {
      const id = await tagId(c);
      const body = checked(await readV1Body(c, V1_TAG_PATCH));
      return c.json(toTag(await updateTag(ctx, c.get("team").id, id, body)));
    })
    .delete("/tags/:tagId", async (c) => {
      await deleteTag(ctx, c.get("team").id, await tagId(c));
      return c.json({ success: true });
    })
    .get("/statuses", async (c) => {
      const rows = await db
        .select()
        .from(statuses)
        .where(eq(statuses.teamId, c.get("team").id))
        .orderBy(asc(statuses.position), asc(statuses.id));
      return c.json(rows.map(toStatus));
    })
    .post("/statuses", async (c) => c.json(toStatus(await createStatus(ctx, c.get("team").id, checked(await readV1Body(c, V1_STATUS_CREATE)))), 201))
    .get("/statuses/:statusId", async (c) => {
      const id = await statusId(c);
      const [row] = await db.select().from(statuses).where(and(eq(statuses.teamId, c.get("team").id), eq(statuses.id, id)));
      if (!row) failV1("STATUS_NOT_FOUND", `No status ${id}`);
      return c.json(toStatus(row));
    })
    .patch("/statuses/:statusId", async (c) => {
      const id = await statusId(c);
      const body = checked(await readV1Body(c, V1_STATUS_PATCH));
      return c.json(toStatus(await updateStatus(ctx, c.get("team").id, id, body)));
    })
    .delete("/statuses/:statusId", async (c) => {
      await deleteStatus(ctx, c.get("team").id, await statusId(c));
      return c.json({ success: true });
    });
}

/** A `color` that names no predefined color is a VALIDATION_ERROR on `color`. */
function checked<Body extends { color?: string }>(body: Body): Body {
  try {
    resolveColor(body.color);
  } catch {
    validationError("color", "invalid_value", `color: "${body.color}" is not a predefined color (GET /tags/colors) nor #rrggbb`);
  }
  return body;
}

// Version 1 is frozen: its bodies keep refusing fields they do not take, as they always did
// (version 2's ignore them: lib/api/strict-body.ts).
const V1_TAG_CREATE = strictBody(tagCreate);
const V1_TAG_PATCH = strictBody(tagPatch);
const V1_STATUS_CREATE = strictBody(statusCreate);
const V1_STATUS_PATCH = strictBody(statusPatch);
