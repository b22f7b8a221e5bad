import { describe, expect, it } from "vitest";
import { automationSentence, type AutomationNames } from "./automations";

const names: AutomationNames = {
  status: (id) => ({ st1: "Qualified" })[id],
  tag: (id) => ({ tg1: "VIP", tg2: "Warm" })[id],
  member: (id) => ({ mb1: "Sam Lee" })[id],
};

describe("automationSentence", () => {
  it("says each trigger and action with names, not IDs", () => {
    expect(automationSentence({ trigger: "firstReply", action: "setStatus", actionData: { statusId: "st1" } }, names)).toBe(
      "When a prospect first replies → set status Qualified",
    );
    expect(automationSentence({ trigger: "anyReply", action: "addTags", actionData: { tagIds: ["tg1"] } }, names)).toBe("When a prospect replies → add tag VIP");
    expect(automationSentence({ trigger: "anyReply", action: "removeTags", actionData: { tagIds: ["tg1", "tg2"] } }, names)).toBe(
      "When a prospect replies → remove tags VIP, Warm",
    );
    expect(automationSentence({ trigger: "sequenceCompleted", action: "assign", actionData: { memberId: "mb1" } }, names)).toBe(
      "When a prospect finishes the sequence → assign to Sam Lee",
    );
  });

  it("never shows a raw ID and says what it does not know", () => {
    expect(automationSentence({ trigger: "firstReply", action: "setStatus", actionData: { statusId: "st9" } }, names)).toBe(
      "When a prospect first replies → set status an unknown status",
    );
    expect(automationSentence({ trigger: "firstReply", action: "setStatus", actionData: { statusId: null } }, names)).toBe(
      "When a prospect first replies → set status none",
    );
    expect(automationSentence({ trigger: "firstReply", action: "assign", actionData: { memberId: null } }, names)).toBe("When a prospect first replies → unassign");
    expect(automationSentence({ trigger: "linkClicked", action: "notify", actionData: {} }, names)).toBe("When linkClicked → notify");
  });
});
