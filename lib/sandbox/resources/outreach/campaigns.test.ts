import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventDataSchema, eventPage, isKnownEventType } from "@/lib/api/events";
import { campaign as campaignSchema, type Campaign } from "@/lib/api/outreach/campaigns";
import { successResult } from "@/lib/api/outreach/import-jobs";
import { lead as leadSchema, list as listSchema } from "@/lib/api/outreach/leads";
import { page } from "@/lib/api/primitives";
import type { Database } from "@/lib/db/connection";
import { campaigns, campaignTargets, outreachLeads } from "../../schema";
import { rowsOf } from "../../store";
import { expectError, expectOk, sandboxForFile } from "../../testing/harness";

const t = sandboxForFile();
let db: Database;
const campaignPage = page(campaignSchema);
const leadPage = page(leadSchema);
const post = (path: string, body: unknown = {}) => t.request("POST", path, { body });

beforeAll(async () => {
  db = t.sandbox.context.store.db;
}, 120_000);

async function targetCount(campaignId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(campaignTargets).where(eq(campaignTargets.campaignId, campaignId));
  return row!.n;
}

async function leadRow(listId: string, match: (row: typeof outreachLeads.$inferSelect) => boolean) {
  const rows = await db.select().from(outreachLeads).where(eq(outreachLeads.listId, listId));
  return rows.find(match)!;
}

describe("GET /campaigns", () => {
  it("lists the four seeded campaigns with every field, multi-version steps and the active version", async () => {
    const list = expectOk(await t.request("GET", "/campaigns"), campaignPage).data;
    expect(list.map((c) => [c.id, c.status])).toEqual([
      ["cmp0001", "active"],
      ["cmp0002", "completed"],
      ["cmp0003", "paused"],
      ["cmp0004", "draft"],
    ]);
    for (const c of list) {
      expect(expectOk(await t.request("GET", `/campaigns/${c.id}`), campaignSchema)).toEqual(c);
      expect(c.customVariables["first-name"]).toBeDefined();
      expect(c.activeVersion).toBe(Math.max(...c.steps.map((s) => s.campaignVersion)));
      expect(c.dryRun).toBe(false);
      expect(c.hourlyMessageRate).toBeGreaterThanOrEqual(1);
      expect(c.completionRate).toBe(c.targetsCount ? Math.round((c.contactedCount / c.targetsCount) * 10_000) / 10_000 : 0);
    }
    const [active, completed, paused] = list as [Campaign, Campaign, Campaign];
    expect(new Set(active.steps.map((s) => s.campaignVersion))).toEqual(new Set([1, 2]));
    expect(paused.activeVersion).toBe(3);
    expect(active.lists).toEqual([{ listId: "lst0001", exclude: false }, { listId: "lst0004", exclude: true }]);
    expect(active.automations.map((a) => a.trigger)).toEqual(["firstReply", "anyReply"]);
    expect(active.steps.find((s) => s.type === "delay")!.data).toEqual({ delaySeconds: 3 * 86_400, unit: "days" });
    expect(completed.completedAt).not.toBeNull();
    expect(paused.pausedAt).not.toBeNull();
    const segments = active.steps.filter((s) => s.campaignVersion === 2 && s.type === "message").flatMap((s) => s.data.segments as { type: string }[]);
    expect(new Set(segments.map((s) => s.type))).toEqual(new Set(["static", "variation", "variable"]));
    expect(expectOk(await t.request("GET", "/campaigns?limit=2"), campaignPage).nextCursor).not.toBeNull();
  });

  it("answers 404 campaignNotFound for an unknown or malformed ID", async () => {
    for (const path of ["/campaigns/cmp9999", "/campaigns/CMP1", "/campaigns/cmp-1/sync"]) {
      expectError(await t.request(path.endsWith("sync") ? "POST" : "GET", path, { body: path.endsWith("sync") ? {} : undefined }), 404, "campaignNotFound");
    }
  });
});

describe("POST /campaigns/{campaignId}/sync", () => {
  it("counts a started campaign's targets: people in an included list and no excluded one, reachable, not canceled", async () => {
    // The list's imports add leads as the clock moves; paused, it holds still while counted.
    expectOk(await post("/lists/lst0001/import-jobs/bulk-pause"), successResult);
    const synced = expectOk(await post("/campaigns/cmp0001/sync"), campaignSchema);
    const [expected] = rowsOf<{ targets: number }>(
      await db.execute(sql`
        select count(distinct l.platform || ':' || l.platform_id)::int as targets from sandbox.outreach_leads l
        where l.list_id = 'lst0001' and l.reachable and l.stage <> 'canceled' and not exists (
          select 1 from sandbox.outreach_leads x where x.list_id = 'lst0004' and x.platform = l.platform and x.platform_id = l.platform_id)`),
    );
    expect(synced.targetsCount).toBe(expected!.targets);
    expect(await targetCount("cmp0001")).toBe(synced.targetsCount);
    const founders = expectOk(await t.request("GET", "/lists/lst0001"), listSchema);
    expect(synced.targetsCount).toBeLessThan(founders.profilesCount);
    // Not messaged yet: every target but the ones the seeded threads reached.
    expect(synced.estimatedTargets).toBe(synced.targetsCount - synced.contactedCount);
    expect(synced.contactedCount).toBeGreaterThan(0);
    expect(synced.repliesCount).toBeLessThanOrEqual(synced.contactedCount);

    // Someone who joins an included list later becomes a target at the next sync.
    const [model] = await db.select().from(outreachLeads).where(eq(outreachLeads.listId, "lst0001")).limit(1);
    await db.insert(outreachLeads).values({ ...model!, id: "leadjoined1", platformId: "17841999999999991", stage: "pending", reachable: true });
    const again = expectOk(await post("/campaigns/cmp0001/sync"), campaignSchema);
    expect(again.targetsCount).toBe(synced.targetsCount + 1);
    expect(again.estimatedTargets).toBe(synced.estimatedTargets + 1);
    const [joined] = await db.select().from(campaignTargets).where(and(eq(campaignTargets.campaignId, "cmp0001"), eq(campaignTargets.platformId, "17841999999999991")));
    expect(joined).toMatchObject({ stage: "pending", leadId: "leadjoined1" });

    // Sync accepts no body or an empty one; anything else is 400.
    expectOk(await t.request("POST", "/campaigns/cmp0001/sync"), campaignSchema);
    for (const body of [{ force: true }, [], null]) expectError(await post("/campaigns/cmp0001/sync", body), 400, "invalidRequest");
  });

  it("fails with 422 campaignInvalid, listing every issue, until the campaign is fixed", async () => {
    const issues = expectError(await post("/campaigns/cmp0004/sync"), 422, "campaignInvalid").details!.issues as { field: string; issue: string }[];
    expect(issues).toHaveLength(1);
    expect(issues[0]!.issue).toContain('"partner-tier"');

    await db
      .update(campaigns)
      .set({ hourlyMessageRate: 61, scheduleTimezone: "Mars/Olympus", scheduleHours: { "1": { start: 600, end: 540 } }, accountLinkIds: ["al9999"] })
      .where(eq(campaigns.id, "cmp0004"));
    const many = expectError(await post("/campaigns/cmp0004/sync"), 422, "campaignInvalid").details!.issues as { field: string }[];
    expect(many).toHaveLength(5);
    expect(many.map((i) => i.field)).toEqual(
      expect.arrayContaining(["accountLinkIds", "hourlyMessageRate", "scheduleHours.1", "scheduleTimezone", expect.stringMatching(/^steps\./)]),
    );
    // Start makes the same checks.
    expectError(await post("/campaigns/cmp0004/start"), 422, "campaignInvalid");

    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, "cmp0003"));
    await db
      .update(campaigns)
      .set({
        hourlyMessageRate: 20,
        scheduleTimezone: "Europe/Berlin",
        scheduleHours: { "2": { start: 540, end: 1020 } },
        accountLinkIds: row!.accountLinkIds,
        customVariables: { "partner-tier": { displayName: "Partner tier", description: null } },
      })
      .where(eq(campaigns.id, "cmp0004"));
    const fixed = expectOk(await post("/campaigns/cmp0004/sync"), campaignSchema);
    // `first-name` is always there, even when not stored.
    expect(Object.keys(fixed.customVariables).sort()).toEqual(["first-name", "partner-tier"]);
    // A draft's numbers are a preview: who it would target, nobody contacted, no targets made yet.
    expect(fixed.targetsCount).toBeGreaterThan(0);
    expect(fixed).toMatchObject({ estimatedTargets: fixed.targetsCount, contactedCount: 0, repliesCount: 0 });
    expect(await targetCount("cmp0004")).toBe(0);
  });
});

describe("campaign start and pause", () => {
  it("moves draft and paused to active, active to paused, and refuses the rest with 409", async () => {
    const { acme } = await t.teamIds();
    const seq = await t.seqOf(acme);
    const paused = expectOk(await post("/campaigns/cmp0001/pause"), campaignSchema);
    expect(paused.status).toBe("paused");
    expect(paused.pausedAt).not.toBeNull();
    expect(expectError(await post("/campaigns/cmp0001/pause"), 409, "invalidTransition").details).toMatchObject({ status: "paused" });
    const resumed = expectOk(await post("/campaigns/cmp0001/start"), campaignSchema);
    expect(resumed).toMatchObject({ status: "active", pausedAt: null });
    expect(Date.parse(resumed.lastStartedAt!)).toBeGreaterThan(Date.parse(paused.createdAt));
    expectError(await post("/campaigns/cmp0001/start"), 409, "invalidTransition");
    expect(expectError(await post("/campaigns/cmp0002/start"), 409, "invalidTransition").details).toMatchObject({ status: "completed" });
    expectError(await post("/campaigns/cmp0002/pause"), 409, "invalidTransition");
    expect(expectOk(await post("/campaigns/cmp0003/start"), campaignSchema).status).toBe("active");
    // The draft fixed above starts, and its targets are made.
    const started = expectOk(await post("/campaigns/cmp0004/start"), campaignSchema);
    expect(started.status).toBe("active");
    expect(await targetCount("cmp0004")).toBe(started.targetsCount);

    const events = expectOk(await t.request("GET", `/events?afterSeq=${seq}`), eventPage).data;
    expect(events.map((e) => [e.type, e.object.id, e.data.status])).toEqual([
      ["campaign.paused", "cmp0001", "paused"],
      ["campaign.resumed", "cmp0001", "active"],
      ["campaign.resumed", "cmp0003", "active"],
      ["campaign.started", "cmp0004", "active"],
    ]);
    for (const event of events) {
      expect(event.object).toEqual({ type: "campaign", id: event.object.id, url: `/campaigns/${event.object.id}` });
      expect(isKnownEventType(event.type) && eventDataSchema(event.type).safeParse(event.data).success).toBe(true);
      expect(event.data.campaignId).toBe(event.object.id);
    }
  });
});

describe("POST /campaigns/{campaignId}/leads/{identifier}/cancel", () => {
  it("cancels by platformId (default), username or externalId, with the platform rules", async () => {
    // cmp0003 sends from X only: `platform` defaults to it.
    const guest = await leadRow("lst0003", (r) => r.stage === "pending");
    expectOk(await post(`/campaigns/cmp0003/leads/${guest.platformId}/cancel`), successResult);
    expect((await leadRow("lst0003", (r) => r.id === guest.id)).stage).toBe("canceled");
    // Its target is done: the runner sends it nothing more.
    const [target] = await db.select().from(campaignTargets).where(and(eq(campaignTargets.campaignId, "cmp0003"), eq(campaignTargets.platformId, guest.platformId)));
    expect(target).toMatchObject({ stage: "canceled", nextDueAt: null });
    // Idempotent.
    expectOk(await post(`/campaigns/cmp0003/leads/${guest.platformId}/cancel`, { by: "platformId" }), successResult);

    const other = await leadRow("lst0003", (r) => r.stage === "pending" && r.id !== guest.id);
    expectOk(await post(`/campaigns/cmp0003/leads/${encodeURIComponent(`@${other.username!.toUpperCase()}`)}/cancel`, { by: "username" }), successResult);
    expect((await leadRow("lst0003", (r) => r.id === other.id)).stage).toBe("canceled");

    // cmp0001 sends from several platforms: `platform` is required with platformId and username.
    const founder = await leadRow("lst0001", (r) => r.stage === "pending" && !r.threadId && r.platform === "instagram");
    expectError(await post(`/campaigns/cmp0001/leads/${founder.platformId}/cancel`), 400, "invalidRequest");
    expectError(await post(`/campaigns/cmp0001/leads/${founder.platformId}/cancel`, { platform: "myspace" }), 403, "platformNotAvailable");
    expectError(await post(`/campaigns/cmp0001/leads/${founder.platformId}/cancel`, { platform: "x" }), 404, "leadNotFound");
    expectOk(await post(`/campaigns/cmp0001/leads/${founder.platformId}/cancel`, { platform: "instagram" }), successResult);
    const byExternal = await leadRow("lst0001", (r) => r.stage === "pending" && !r.threadId);
    // `platform` is ignored with externalId.
    expectOk(await post(`/campaigns/cmp0001/leads/${byExternal.externalId}/cancel`, { by: "externalId", platform: "telegram" }), successResult);
    expect((await leadRow("lst0001", (r) => r.id === byExternal.id)).stage).toBe("canceled");
  });

  it("answers 404 leadNotFound for people who are not the campaign's targets, and 400 for bad bodies", async () => {
    // In "Founders & CEOs", which cmp0001 targets, but also in "Do not contact", which it excludes.
    const [excluded] = await db.select().from(outreachLeads).where(and(eq(outreachLeads.listId, "lst0004")));
    expect(await leadRow("lst0001", (r) => r.platformId === excluded!.platformId)).toBeDefined();
    expectError(await post(`/campaigns/cmp0001/leads/${excluded!.externalId}/cancel`, { by: "externalId" }), 404, "leadNotFound");
    expectError(await post(`/campaigns/cmp0003/leads/${excluded!.externalId}/cancel`, { by: "externalId" }), 404, "leadNotFound");
    expectError(await post("/campaigns/cmp0003/leads/nobody/cancel"), 404, "leadNotFound");
    expectError(await post("/campaigns/cmp9999/leads/nobody/cancel"), 404, "campaignNotFound");
    for (const body of [{ by: "email" }, { platform: "" }, { by: "username", extra: 1 }, "x"]) {
      expectError(await post("/campaigns/cmp0003/leads/nobody/cancel", body), 400, "invalidRequest");
    }
    expectError(await post(`/campaigns/cmp0003/leads/${"x".repeat(201)}/cancel`), 400, "invalidRequest");
  });
});

describe("DELETE /campaigns/{campaignId}/columns/{columnId}", () => {
  it("deletes a column of one of the campaign's lists and purges its values from every lead", async () => {
    const before = expectOk(await t.request("GET", "/lists/lst0001"), listSchema);
    expect(before.columns.custom_col0002).toBeDefined();
    const held = await db.select({ n: sql<number>`count(*)::int` }).from(outreachLeads).where(sql`${outreachLeads.data} ? 'custom_col0002'`);
    expect(held[0]!.n).toBeGreaterThan(1000);

    expectOk(await t.request("DELETE", "/campaigns/cmp0001/columns/col0002", { body: {} }), successResult);
    const after = expectOk(await t.request("GET", "/lists/lst0001"), listSchema);
    expect(Object.keys(after.columns)).toEqual(Object.keys(before.columns).filter((k) => k !== "custom_col0002"));
    const left = await db.select({ n: sql<number>`count(*)::int` }).from(outreachLeads).where(sql`${outreachLeads.data} ? 'custom_col0002'`);
    expect(left[0]!.n).toBe(0);
    const leads = expectOk(await t.request("GET", "/lists/lst0001/leads?limit=100"), leadPage).data;
    expect(leads.some((l) => "custom_col0001" in l.data)).toBe(true);
    expect(leads.some((l) => "custom_col0002" in l.data)).toBe(false);

    expectError(await t.request("DELETE", "/campaigns/cmp0001/columns/col0002"), 404, "columnNotFound");
    // col0004 belongs to the webinar list, which cmp0003 does not use.
    expectError(await t.request("DELETE", "/campaigns/cmp0003/columns/col0004"), 404, "columnNotFound");
    expectError(await t.request("DELETE", "/campaigns/cmp0001/columns/custom_col0001"), 404, "columnNotFound");
    expectError(await t.request("DELETE", "/campaigns/cmp0001/columns/col0001", { body: { purge: false } }), 400, "invalidRequest");
  });
});
