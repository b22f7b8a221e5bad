import { describe, expect, it } from "vitest";
import { EVENT_OBJECT_TYPES, EVENT_TYPES, event, eventDataSchema } from "../events";
import { OUTREACH_EVENT_DATA } from "./events";

describe("campaign and target events in version 2", () => {
  it("are known types under their version 1 names, about a campaign object", () => {
    for (const type of ["campaign.started", "campaign.resumed", "campaign.paused", "campaign.completed", "target.contacted", "target.followUpSent", "target.replied"]) {
      expect(EVENT_TYPES).toContain(type);
      expect(Object.keys(OUTREACH_EVENT_DATA)).toContain(type);
    }
    expect(EVENT_TYPES).not.toContain("campaign.created");
    expect(EVENT_OBJECT_TYPES).toContain("campaign");
    const replied = {
      id: "evt1",
      seq: 7,
      type: "target.replied",
      apiVersion: 2,
      createdAt: "2026-11-23T08:00:00.000Z",
      object: { type: "campaign", id: "cmp0001", url: "/campaigns/cmp0001" },
      data: { campaignId: "cmp0001", threadId: "thr1", messageId: "msg1", accountLinkId: "al1", platform: "instagram", platformId: "178410001" },
    };
    expect(event.parse(replied)).toEqual(replied);
  });

  it("carry the campaign and, for targets, the person, thread and message", () => {
    expect(eventDataSchema("campaign.paused").safeParse({ campaignId: "cmp1", status: "paused" }).success).toBe(true);
    expect(eventDataSchema("campaign.paused").safeParse({ status: "paused" }).success).toBe(false);
    const sent = { campaignId: "cmp1", threadId: "thr1", messageId: "msg1", accountLinkId: "al1", platform: "x", platformId: "19001", stepId: "stp1" };
    expect(eventDataSchema("target.contacted").safeParse(sent).success).toBe(true);
    expect(eventDataSchema("target.followUpSent").safeParse({ ...sent, stepId: undefined }).success).toBe(false);
    expect(eventDataSchema("target.replied").safeParse({ ...sent, threadId: "T-1" }).success).toBe(false);
  });
});
