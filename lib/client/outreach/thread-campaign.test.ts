import { describe, expect, it } from "vitest";
import type { Lead } from "@/lib/api/outreach/leads";
import { activeMessageSteps, campaignSends, includedLists, inSequence, leadSearch, matchLead, replyAwaitsStop, stepSentence } from "./thread-campaign";
import { stageLabel } from "./lead-stage";

const person = { id: "pro1", platform: "instagram", platformId: "123", username: "jane.doe", handle: "@jane.doe", displayName: "Jane Doe" } as never;
const lead = (platform: string, platformId: string, stage = "contacted") => ({ id: `lead-${platformId}`, stage, prospect: { platform, platformId } }) as unknown as Lead;

describe("a campaign thread's lead", () => {
  it("is searched by username, narrowed to the campaign", () => {
    expect(leadSearch("cmp0001", person)).toEqual({
      search: "jane.doe",
      query: { groups: [{ type: "and", filters: [{ field: "campaigns", op: "any", value: ["cmp0001"] }] }] },
    });
    expect(leadSearch("cmp0001", { ...(person as object), username: null, handle: "@jd" } as never)?.search).toBe("jd");
    expect(leadSearch("cmp0001", undefined)).toBeNull();
  });
  it("is matched by platform and platform ID, not by the search's other hits", () => {
    const found = matchLead([lead("instagram", "999"), lead("chirp", "123"), lead("instagram", "123")], person);
    expect(found?.id).toBe("lead-123");
    expect(found?.prospect.platform).toBe("instagram");
    expect(matchLead([lead("instagram", "999")], person)).toBeNull();
  });
  it("comes from the lists the campaign includes", () => {
    expect(includedLists({ lists: [{ listId: "lst1", exclude: false }, { listId: "lst2", exclude: true }, { listId: "lst3", exclude: false }] })).toEqual(["lst1", "lst3"]);
  });
});

describe("how far the sequence got", () => {
  const steps = [
    { type: "message", campaignVersion: 1 },
    { type: "message", campaignVersion: 2 },
    { type: "delay", campaignVersion: 2 },
    { type: "message", campaignVersion: 2 },
    { type: "likePost", campaignVersion: 2 },
  ] as never;
  it("counts the active version's message steps and the campaign's sends in the thread", () => {
    expect(activeMessageSteps({ steps, activeVersion: 2 })).toBe(2);
    const messages = [
      { sentBy: { type: "campaign", campaignId: "cmp0001" } },
      { sentBy: null },
      { sentBy: { type: "member", memberId: "m1" } },
      { sentBy: { type: "campaign", campaignId: "cmp0002" } },
      { sentBy: { type: "campaign", campaignId: "cmp0001" } },
    ] as never;
    expect(campaignSends(messages, "cmp0001")).toBe(2);
  });
  it("says it in words", () => {
    expect(stepSentence(2, 3)).toBe("Step 2 of 3 sent");
    expect(stepSentence(0, 3)).toBe("No step of 3 sent yet");
    expect(stepSentence(4, 3)).toBe("Step 4 sent");
    expect(stageLabel("canceled")).toBe("Sequence stopped");
    expect(stageLabel("somethingNew")).toBe("somethingNew");
  });
});

describe("offering the stop", () => {
  const at = (minute: number) => `2026-11-27T10:${String(minute).padStart(2, "0")}:00.000Z`;
  it("is prominent when the lead wrote last while still in the sequence", () => {
    const replied = [
      { direction: "outbound", sentAt: at(1) },
      { direction: "inbound", sentAt: at(5) },
    ] as const;
    expect(replyAwaitsStop(lead("instagram", "1", "replied"), replied)).toBe(true);
    expect(replyAwaitsStop(lead("instagram", "1", "contacted"), [...replied].reverse())).toBe(true);
    expect(replyAwaitsStop(lead("instagram", "1", "canceled"), replied)).toBe(false);
    expect(replyAwaitsStop(lead("instagram", "1", "replied"), [...replied, { direction: "outbound", sentAt: at(9) }])).toBe(false);
    expect(replyAwaitsStop(null, replied)).toBe(false);
  });
  it("is possible while the sequence can still write", () => {
    expect(inSequence(lead("instagram", "1", "pending"))).toBe(true);
    expect(inSequence(lead("instagram", "1", "canceled"))).toBe(false);
    expect(inSequence(null)).toBe(false);
  });
});
