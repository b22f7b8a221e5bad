import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { leadCancelBody } from "@/lib/api/outreach/campaigns";
import { customDataKey } from "@/lib/api/outreach/leads";
import { emptyBody } from "@/lib/api/outreach/import-jobs";
import { outreachPageQuery } from "@/lib/api/query";
import type { Database } from "@/lib/db/connection";
import type { SandboxContext, SandboxEnv } from "../../context";
import { fail, pageById, pathId, readOptionalBody, readQuery } from "../../http";
import { campaignIssues, loadCampaigns, refreshCampaignNumbers, type CampaignRow } from "../../model/campaigns";
import { OPEN_STAGES } from "../../model/campaign-targets";
import { accountLinks, campaignLists, campaigns, campaignTargets, outreachColumns, outreachLeads, outreachLists } from "../../schema";
import { requirePlatforms } from "../platform-access";

/**
 * Campaigns. Spec: sync (checks the campaign, 422 campaignInvalid with every issue, then
 * works out its numbers, model/campaigns.ts, and answers it), lead cancel and custom column
 * delete. Ours: GET /campaigns, GET /campaigns/{id}, start (`draft`/`paused` → `active`,
 * after the same checks as sync) and pause (`active` → `paused`); 409 invalidTransition
 * otherwise. Each move records its `campaign.*` event (lib/api/outreach/events.ts). Sending
 * is the runner's (lib/sandbox/simulator/campaigns.ts); a canceled lead's target is done at
 * once, so the runner sends them nothing more.
 */
export function campaignRoutes(ctx: SandboxContext) {
  const { db } = ctx.store;

  async function one(teamId: string, id: string) {
    const [campaign] = await loadCampaigns(db, [await requireCampaign(db, teamId, id)]);
    return campaign!;
  }

  /** Sync and start refuse a campaign that cannot run, listing every issue. */
  async function check(tx: Database, teamId: string, row: CampaignRow) {
    const [campaign] = await loadCampaigns(tx, [row]);
    const issues = await campaignIssues(tx, teamId, campaign!);
    if (issues.length) fail("campaignInvalid", `The campaign has ${issues.length} issue(s): ${issues[0]!.issue}`, { issues });
  }

  async function move(c: Context<SandboxEnv>, from: string[], to: "active" | "paused") {
    await readOptionalBody(c, emptyBody);
    const teamId = c.get("team").id;
    const id = pathId(c, "campaignId", "campaignNotFound");
    await ctx.store.write(teamId, async (tx, record) => {
      const row = await requireCampaign(tx, teamId, id);
      if (!from.includes(row.status)) fail("invalidTransition", `The campaign is ${row.status}`, { status: row.status });
      const now = ctx.store.clock.now();
      if (to === "active") await check(tx, teamId, row);
      await tx
        .update(campaigns)
        .set(to === "active" ? { status: to, lastStartedAt: now, pausedAt: null, updatedAt: now } : { status: to, pausedAt: now, updatedAt: now })
        .where(eq(campaigns.id, id));
      // Starting takes the targets (the people its lists hold now); the runner sends to them.
      if (to === "active") await refreshCampaignNumbers(tx, teamId, id, now);
      const type = to === "paused" ? "campaign.paused" : row.status === "paused" ? "campaign.resumed" : "campaign.started";
      record({ type, objectType: "campaign", objectId: id, data: { campaignId: id, status: to } });
    });
    return c.json(await one(teamId, id));
  }

  return new Hono<SandboxEnv>()
    .get("/campaigns", async (c) => {
      const teamId = c.get("team").id;
      const query = readQuery(c, outreachPageQuery);
      const page = await pageById({
        filters: { resource: "campaigns" },
        limit: query.limit,
        cursor: query.cursor,
        fetch: (afterId, take) =>
          db
            .select()
            .from(campaigns)
            .where(and(eq(campaigns.teamId, teamId), afterId ? gt(campaigns.id, afterId) : undefined))
            .orderBy(asc(campaigns.id))
            .limit(take),
        toItem: (row) => row,
      });
      return c.json({ ...page, data: await loadCampaigns(db, page.data) });
    })
    .get("/campaigns/:campaignId", async (c) => c.json(await one(c.get("team").id, pathId(c, "campaignId", "campaignNotFound"))))
    .post("/campaigns/:campaignId/sync", async (c) => {
      await readOptionalBody(c, emptyBody);
      const teamId = c.get("team").id;
      const id = pathId(c, "campaignId", "campaignNotFound");
      await ctx.store.write(teamId, async (tx) => {
        await check(tx, teamId, await requireCampaign(tx, teamId, id));
        await refreshCampaignNumbers(tx, teamId, id, ctx.store.clock.now());
      });
      return c.json(await one(teamId, id));
    })
    .post("/campaigns/:campaignId/start", (c) => move(c, ["draft", "paused"], "active"))
    .post("/campaigns/:campaignId/pause", (c) => move(c, ["active"], "paused"))
    .post("/campaigns/:campaignId/leads/:identifier/cancel", async (c) => {
      const team = c.get("team");
      const id = pathId(c, "campaignId", "campaignNotFound");
      const identifier = (c.req.param("identifier") ?? "").trim();
      const body = await readOptionalBody(c, leadCancelBody);
      if (identifier === "" || identifier.length > 200) fail("invalidRequest", "identifier: Expected 1 to 200 characters");
      await ctx.store.write(team.id, async (tx) => {
        const row = await requireCampaign(tx, team.id, id);
        let match;
        if (body.by === "externalId") {
          match = eq(outreachLeads.externalId, identifier);
        } else {
          const platform = body.platform ?? (await singlePlatform(tx, team.id, row.accountLinkIds));
          if (!platform) fail("invalidRequest", `platform: Required with by=${body.by}: the campaign's accounts are on several platforms`);
          requirePlatforms(team, [platform]);
          match = and(
            eq(outreachLeads.platform, platform),
            body.by === "username"
              ? sql`lower(${outreachLeads.username}) = lower(${identifier.replace(/^@/, "")})`
              : eq(outreachLeads.platformId, identifier),
          );
        }
        const canceled = await tx
          .update(outreachLeads)
          .set({ stage: "canceled" })
          .where(
            and(
              eq(outreachLeads.teamId, team.id),
              match,
              sql`${outreachLeads.listId} in (select list_id from sandbox.campaign_lists where campaign_id = ${id} and not exclude)`,
              // Someone in an excluded list is no target, whatever other list holds them.
              sql`not exists (
                select 1 from sandbox.outreach_leads x
                where x.team_id = ${team.id} and x.platform = ${outreachLeads.platform} and x.platform_id = ${outreachLeads.platformId}
                  and x.list_id in (select list_id from sandbox.campaign_lists where campaign_id = ${id} and exclude))`,
            ),
          )
          .returning({ platform: outreachLeads.platform, platformId: outreachLeads.platformId });
        if (canceled.length === 0) fail("leadNotFound", `No lead ${identifier} (by ${body.by}) among the campaign's targets`);
        await cancelTargets(tx, id, canceled, ctx.store.clock.now());
      });
      return c.json({ success: true as const });
    })
    .delete("/campaigns/:campaignId/columns/:columnId", async (c) => {
      await readOptionalBody(c, emptyBody);
      const teamId = c.get("team").id;
      const id = pathId(c, "campaignId", "campaignNotFound");
      const columnId = pathId(c, "columnId", "columnNotFound");
      await ctx.store.write(teamId, async (tx) => {
        await requireCampaign(tx, teamId, id);
        const [column] = await tx
          .select()
          .from(outreachColumns)
          .where(
            and(
              eq(outreachColumns.teamId, teamId),
              eq(outreachColumns.id, columnId),
              sql`${outreachColumns.listId} in (select list_id from ${campaignLists} where ${campaignLists.campaignId} = ${id})`,
            ),
          );
        if (!column) fail("columnNotFound", `No column ${columnId} on the campaign's lists`);
        const key = customDataKey(column.id);
        await tx.delete(outreachColumns).where(eq(outreachColumns.id, column.id));
        await tx
          .update(outreachLeads)
          .set({ data: sql`${outreachLeads.data} - ${key}::text` })
          .where(and(eq(outreachLeads.teamId, teamId), sql`${outreachLeads.data} ? ${key}`));
        await tx.update(outreachLists).set({ updatedAt: ctx.store.clock.now() }).where(eq(outreachLists.id, column.listId));
      });
      return c.json({ success: true as const });
    });
}

async function requireCampaign(db: Database, teamId: string, id: string): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(and(eq(campaigns.teamId, teamId), eq(campaigns.id, id)));
  if (!row) fail("campaignNotFound", `No campaign ${id}`);
  return row;
}

/** The people whose leads were canceled get nothing more from the campaign; replies still count. */
async function cancelTargets(db: Database, campaignId: string, people: { platform: string; platformId: string }[], now: Date) {
  for (const person of people) {
    for (const stage of OPEN_STAGES) {
      const canceled = await db
        .update(campaignTargets)
        .set({ stage: "canceled", nextDueAt: null, state: sql`${campaignTargets.state} - 'reply'`, updatedAt: now })
        .where(
          and(
            eq(campaignTargets.campaignId, campaignId),
            eq(campaignTargets.platform, person.platform),
            eq(campaignTargets.platformId, person.platformId),
            eq(campaignTargets.stage, stage),
          ),
        )
        .returning({ platformId: campaignTargets.platformId });
      // Someone canceled before their first message leaves the ones still to message.
      if (stage === "pending" && canceled.length) {
        await db
          .update(campaigns)
          .set({ estimatedTargets: sql`greatest(${campaigns.estimatedTargets} - ${canceled.length}, 0)` })
          .where(eq(campaigns.id, campaignId));
      }
    }
  }
}

/** The "single supported platform": the one platform all the campaign's accounts are on, if so. */
async function singlePlatform(db: Database, teamId: string, ids: string[]): Promise<string | null> {
  if (ids.length === 0) return null;
  const rows = await db
    .selectDistinct({ platform: accountLinks.platform })
    .from(accountLinks)
    .where(and(eq(accountLinks.teamId, teamId), inArray(accountLinks.id, ids)));
  return rows.length === 1 ? rows[0]!.platform : null;
}
