import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { V1AccountLink, V1Team } from "@/lib/api/v1/resources";
import type { SandboxContext, SandboxEnv } from "../context";
import { toAccountLink, toMember, toTeam } from "../model/serialize";
import { accountLinks, members } from "../schema";
import { failV1, v1PathId } from "./http";

/** GET /team, /members, /members/{id}, /account-links: flat arrays, never paginated in v1. */
export function teamRoutesV1(ctx: SandboxContext) {
  const { db } = ctx.store;
  return new Hono<SandboxEnv>()
    .get("/team", (c) => {
      const { imageUrl, plan: _plan, addOns: _addOns, ...rest } = toTeam(c.get("team"));
      const team: V1Team = { ...rest, image: imageUrl };
      return c.json(team);
    })
    .get("/members", async (c) => {
      const rows = await db.select().from(members).where(eq(members.teamId, c.get("team").id)).orderBy(asc(members.id));
      return c.json(rows.map(toMember));
    })
    .get("/members/:memberId", async (c) => {
      const id = v1PathId(c, "memberId", "MEMBER_NOT_FOUND");
      const [row] = await db.select().from(members).where(and(eq(members.teamId, c.get("team").id), eq(members.id, id)));
      if (!row) failV1("MEMBER_NOT_FOUND", `No member ${id}`);
      return c.json(toMember(row));
    })
    .get("/account-links", async (c) => {
      const team = c.get("team");
      const rows = await db
        .select()
        .from(accountLinks)
        .where(eq(accountLinks.teamId, team.id))
        .orderBy(asc(accountLinks.id));
      return c.json(rows.map(toV1AccountLink));
    });
}

export function toV1AccountLink(row: typeof accountLinks.$inferSelect): V1AccountLink {
  const { avatarUrl, ...rest } = toAccountLink(row);
  return { ...rest, image: avatarUrl };
}
