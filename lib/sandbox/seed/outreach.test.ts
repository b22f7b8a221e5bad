import { describe, expect, it } from "vitest";
import { campaign as campaignSchema } from "@/lib/api/outreach/campaigns";
import { lead as leadSchema } from "@/lib/api/outreach/leads";
import { toCampaign } from "../model/campaigns";
import { toLead } from "../model/outreach-serialize";
import { bigListSize, buildOutreach } from "./outreach";
import { campaignReplies } from "./outreach-campaigns";
import { buildSeedWorlds } from "./seed";
import { ACME, TEAM_SPECS } from "./teams";

const NOW = new Date("2026-05-01T12:00:00.000Z");

describe("buildOutreach", () => {
  const worlds = buildSeedWorlds({ now: NOW });
  const acme = worlds[TEAM_SPECS.indexOf(ACME)]!;
  const before = JSON.stringify(worlds);
  const rows = buildOutreach(acme, { now: NOW });

  it("changes none of the version 2 world it reads", () => {
    expect(JSON.stringify(worlds)).toBe(before);
    expect(JSON.stringify(buildSeedWorlds({ now: NOW }))).toBe(before);
  });

  it("is deterministic", () => {
    expect(buildOutreach(buildSeedWorlds({ now: NOW })[TEAM_SPECS.indexOf(ACME)]!, { now: NOW })).toEqual(rows);
  });

  it("seeds four lists, the first with 2,400+ leads and custom columns on most of them", () => {
    expect(rows.outreachLists).toHaveLength(4);
    const [big] = rows.outreachLists;
    const bigLeads = rows.outreachLeads.filter((l) => l.listId === big!.id);
    expect(bigLeads.length).toBeGreaterThanOrEqual(2_400);
    expect(big!.profilesCount).toBe(bigLeads.length);
    const columns = rows.outreachColumns.filter((c) => c.listId === big!.id);
    expect(columns).toHaveLength(3);
    const withData = bigLeads.filter((l) => Object.keys(l.data ?? {}).length === 3);
    expect(withData.length / bigLeads.length).toBeGreaterThan(0.5);
    for (const list of rows.outreachLists) {
      const own = rows.outreachLeads.filter((l) => l.listId === list.id);
      expect(new Set(own.map((l) => `${l.platform}|${l.platformId}`)).size, list.name).toBe(own.length);
      expect(list.reachableCount).toBe(own.filter((l) => l.reachable).length);
    }
    for (const row of rows.outreachLeads.slice(0, 200)) {
      expect(leadSchema.safeParse(toLead(row as Parameters<typeof toLead>[0], NOW)).success).toBe(true);
    }
  });

  it("makes the seeded campaign threads' people leads of their campaign's list", () => {
    const threaded = rows.outreachLeads.filter((l) => l.threadId);
    const campaignThreads = acme.threads.filter((t) => t.campaignId);
    expect(threaded.length).toBeGreaterThan(0);
    expect(threaded.length).toBeLessThanOrEqual(campaignThreads.length);
    for (const lead of threaded) {
      const thread = campaignThreads.find((t) => t.id === lead.threadId)!;
      expect(lead.accountLinkId).toBe(thread.accountLinkId);
      expect(["contacted", "replied"]).toContain(lead.stage);
    }
  });

  it("contacts only the people the campaign threads reached, replied as their threads show", () => {
    const touched = rows.outreachLeads.filter((l) => l.stage === "contacted" || l.stage === "replied");
    expect(touched.length).toBeGreaterThan(0);
    const progress = campaignReplies(acme);
    for (const lead of touched) {
      const thread = progress.get(lead.threadId!)!;
      expect(lead.lastContactedAt).toEqual(thread.contactedAt);
      expect(lead.lastRepliedAt ?? null).toEqual(thread.repliedAt);
      expect(lead.stage).toBe(thread.repliedAt ? "replied" : "contacted");
    }
    expect(rows.outreachLeads.filter((l) => !l.threadId && l.lastContactedAt)).toHaveLength(0);
    // The completed campaign completed after the last person it reached was done.
    const completed = rows.campaigns.find((c) => c.status === "completed")!;
    const reached = acme.threads.filter((th) => th.campaignId === completed.id);
    expect(reached.length).toBeGreaterThan(0);
    for (const thread of reached) {
      const done = progress.get(thread.id)!;
      expect(completed.completedAt!.getTime()).toBeGreaterThan((done.repliedAt ?? done.contactedAt).getTime());
    }
    expect(completed.completedAt!.getTime()).toBeLessThan(NOW.getTime());
    expect(completed.updatedAt).toEqual(completed.completedAt);
  });

  it("seeds import jobs in all seven states, two of them holding the two slots", () => {
    expect(new Set(rows.importJobs.map((j) => j.status))).toEqual(new Set(["queued", "running", "paused", "completed", "failed", "canceled"]));
    expect(rows.importJobs.filter((j) => j.status === "running")).toHaveLength(2);
    for (const job of rows.importJobs) {
      expect(job.processedCount).toBe((job.addedCount ?? 0) + (job.skippedCount ?? 0) + (job.failedCount ?? 0));
    }
  });

  it("seeds a campaign per status, with step versions, variations, variables, delays and automations", () => {
    expect(rows.campaigns.map((c) => [c.id, c.status])).toEqual([
      ["cmp0001", "active"],
      ["cmp0002", "completed"],
      ["cmp0003", "paused"],
      ["cmp0004", "draft"],
    ]);
    for (const row of rows.campaigns) {
      const campaign = toCampaign(
        { ...row, targetsCount: 0, estimatedTargets: 0, contactedCount: 0, repliesCount: 0, description: row.description ?? null } as Parameters<typeof toCampaign>[0],
        rows.campaignSteps.filter((s) => s.campaignId === row.id) as Parameters<typeof toCampaign>[1],
        rows.campaignLists.filter((l) => l.campaignId === row.id) as Parameters<typeof toCampaign>[2],
      );
      expect(campaignSchema.safeParse(campaign).success, row.id).toBe(true);
      expect(campaign.customVariables["first-name"]).toBeDefined();
    }
    const segments = rows.campaignSteps.flatMap((s) => ((s.data as { segments?: { type: string }[] }).segments ?? []).map((x) => x.type));
    expect(new Set(segments)).toEqual(new Set(["static", "variation", "variable"]));
    expect(new Set(rows.campaignSteps.map((s) => s.type))).toEqual(new Set(["message", "delay", "likePost"]));
    expect(Math.max(...rows.campaignSteps.map((s) => s.campaignVersion))).toBe(3);
    expect(rows.campaigns.flatMap((c) => c.automations).length).toBeGreaterThanOrEqual(4);
    expect(rows.campaignLists.some((l) => l.exclude)).toBe(true);
  });

  it("scales the biggest list with `scale`: ten leads a thread, from 2,400 up to 100,000", () => {
    expect(bigListSize(undefined)).toBe(2_400);
    expect(bigListSize(100)).toBe(2_400);
    expect(bigListSize(10_000)).toBe(100_000);
    expect(bigListSize(100_000)).toBe(100_000);
  });
});
