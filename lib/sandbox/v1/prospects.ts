import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { v1ContextPatch, v1ProspectLookupQuery } from "@/lib/api/v1/resources";
import type { Database } from "@/lib/db/connection";
import type { SandboxContext, SandboxEnv } from "../context";
import { applyContactChanges, changeContactTags } from "../model/contacts";
import type { ProfileRow } from "../model/conversations";
import { requirePlatforms } from "../resources/platform-access";
import { contacts, platforms, profiles, statuses, tags, type teams } from "../schema";
import { failV1, readV1Body, readV1Query, v1PathId, validationError } from "./http";
import { toV1Prospects } from "./serialize";

type Team = typeof teams.$inferSelect;

/**
 * Prospects: a v2 profile with a contact, seen through v1 (lib/api/v1/resources.ts). The
 * context is the contact's, changed by the same rules and events as v2's PATCH /contacts.
 */
export function prospectRoutesV1(ctx: SandboxContext) {
  const { db, clock } = ctx.store;

  async function answer(c: Context<SandboxEnv>, dbOrTx: Database, row: ProfileRow) {
    const [prospect] = await toV1Prospects(dbOrTx, c.get("team").id, [row], clock.now());
    return prospect!;
  }

  return new Hono<SandboxEnv>()
    .get("/prospects/lookup", async (c) => {
      const team = c.get("team");
      const query = readV1Query(c, v1ProspectLookupQuery);
      if (query.platform) requirePlatforms(team, [query.platform]);
      const by = query.by ?? "platformId";
      const identifier = by === "username" ? query.identifier.replace(/^@/, "") : query.identifier;
      const [found] = await db
        .select({ profile: profiles })
        .from(profiles)
        .innerJoin(platforms, eq(platforms.platform, profiles.platform))
        .where(
          and(
            eq(profiles.teamId, team.id),
            isNotNull(profiles.contactId),
            inArray(profiles.platform, query.platform ? [query.platform] : team.platforms),
            by === "username" ? sql`lower(${profiles.username}) = lower(${identifier})` : eq(profiles.platformId, identifier),
          ),
        )
        .orderBy(asc(platforms.position), asc(profiles.id))
        .limit(1);
      if (!found) failV1("PROSPECT_NOT_FOUND", `No prospect with ${by} ${identifier}`);
      return c.json(await answer(c, db, found.profile));
    })
    .get("/prospects/:prospectId", async (c) => {
      const row = await requireProspect(db, c.get("team"), v1PathId(c, "prospectId", "PROSPECT_NOT_FOUND"));
      return c.json(await answer(c, db, row));
    })
    .patch("/prospects/:prospectId/context", async (c) => {
      const team = c.get("team");
      const id = v1PathId(c, "prospectId", "PROSPECT_NOT_FOUND");
      const body = await readV1Body(c, v1ContextPatch);
      const add = [...new Set(body.addTags ?? [])];
      const remove = [...new Set(body.removeTags ?? [])];
      const both = add.find((tagId) => remove.includes(tagId));
      if (both) validationError("removeTags", "conflict", `Tag ${both} is both added and removed`);
      const prospect = await ctx.store.write(team.id, async (tx, record) => {
        const profile = await requireProspect(tx, team, id);
        const [contact] = await tx.select().from(contacts).where(and(eq(contacts.teamId, team.id), eq(contacts.id, profile.contactId!)));
        if (!contact) failV1("PROSPECT_NOT_FOUND", `No prospect ${id}`);
        const wanted = [...add, ...remove];
        if (wanted.length) {
          const known = await tx.select({ id: tags.id }).from(tags).where(and(eq(tags.teamId, team.id), inArray(tags.id, wanted)));
          const unknown = wanted.find((tagId) => !known.some((k) => k.id === tagId));
          if (unknown) failV1("TAG_NOT_FOUND", `No tag ${unknown}`);
        }
        if (body.statusId) {
          const [status] = await tx
            .select({ id: statuses.id })
            .from(statuses)
            .where(and(eq(statuses.teamId, team.id), eq(statuses.id, body.statusId)));
          if (!status) failV1("STATUS_NOT_FOUND", `No status ${body.statusId}`);
        }
        const now = clock.now();
        const next = await applyContactChanges(tx, record, contact, { statusId: body.statusId, notes: body.notes, valuation: body.valuation }, now);
        await changeContactTags(tx, record, next, add, remove, now);
        return answer(c, tx, profile);
      });
      return c.json(prospect.context);
    });
}

/** A profile of the team that is a prospect (has a contact), on a platform the team may use. */
export async function requireProspect(db: Database, team: Team, id: string): Promise<ProfileRow & { contactId: string }> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.teamId, team.id), eq(profiles.id, id), isNotNull(profiles.contactId)));
  if (!row || row.contactId === null) failV1("PROSPECT_NOT_FOUND", `No prospect ${id}`);
  requirePlatforms(team, [row.platform]);
  return row as ProfileRow & { contactId: string };
}

