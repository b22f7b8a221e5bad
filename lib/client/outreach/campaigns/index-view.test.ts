import { describe, expect, it } from "vitest";
import { campaignIndexHref, visibleCampaigns } from "./index-view";

const campaigns = [
  { id: "cmp1", name: "Founder outreach", status: "active", replyRate: 0.2, repliesCount: 10, createdAt: "2026-10-01T00:00:00Z" },
  { id: "cmp2", name: "webinar follow-up", status: "completed", replyRate: 0.5, repliesCount: 5, createdAt: "2026-09-01T00:00:00Z" },
  { id: "cmp3", name: "Podcast guests", status: "paused", replyRate: 0.1, repliesCount: 30, createdAt: "2026-11-01T00:00:00Z" },
];
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe("visibleCampaigns", () => {
  it("sorts newest first by default, by name A→Z, and by the figures largest first", () => {
    expect(ids(visibleCampaigns(campaigns, { status: null, q: null, sort: "created" }))).toEqual(["cmp3", "cmp1", "cmp2"]);
    expect(ids(visibleCampaigns(campaigns, { status: null, q: null, sort: "name" }))).toEqual(["cmp1", "cmp3", "cmp2"]);
    expect(ids(visibleCampaigns(campaigns, { status: null, q: null, sort: "replyRate" }))).toEqual(["cmp2", "cmp1", "cmp3"]);
    expect(ids(visibleCampaigns(campaigns, { status: null, q: null, sort: "replies" }))).toEqual(["cmp3", "cmp1", "cmp2"]);
  });

  it("filters by status and by a case-insensitive name search", () => {
    expect(ids(visibleCampaigns(campaigns, { status: "paused", q: null, sort: "name" }))).toEqual(["cmp3"]);
    expect(ids(visibleCampaigns(campaigns, { status: null, q: "  WEBINAR ", sort: "name" }))).toEqual(["cmp2"]);
    expect(visibleCampaigns(campaigns, { status: "draft", q: null, sort: "name" })).toEqual([]);
  });

  it("does not reorder the array it was given", () => {
    const copy = [...campaigns];
    visibleCampaigns(campaigns, { status: null, q: null, sort: "name" });
    expect(campaigns).toEqual(copy);
  });
});

describe("campaignIndexHref", () => {
  it("keeps the view in the URL and leaves the default sort out", () => {
    expect(campaignIndexHref("/outreach/campaigns", { status: "active", q: "founder", sort: "created" })).toBe("/outreach/campaigns?status=active&q=founder");
    expect(campaignIndexHref("/outreach/campaigns", { sort: "replyRate" })).toBe("/outreach/campaigns?sort=replyRate");
  });
});
