import { describe, expect, it } from "vitest";
import { ruleSentence, type RuleNames } from "./rule-sentences";

const names: RuleNames = {
  member: (id) => ({ mem1: "Sam Lee" })[id],
  tag: (id) => ({ tag1: "VIP" })[id],
  status: (id) => ({ st1: "Lead", st2: "Won" })[id],
  accountLink: () => undefined,
};

describe("ruleSentence", () => {
  it("says a rule as a manager would", () => {
    expect(
      ruleSentence(
        { trigger: "messageReceived", conditions: [{ type: "textContains", text: "pricing" }, { type: "status", statusIds: ["st1", "st2"] }], actions: [{ type: "addTag", tagId: "tag1" }, { type: "assign", memberId: "mem1" }, { type: "snooze", hours: null }] },
        names,
      ),
    ).toBe("When a message arrives, if the text contains “pricing” and the contact's status is Lead or Won, then add the tag VIP, assign to Sam Lee and snooze until the contact replies.");
  });

  it("reads without conditions, and with names it does not know", () => {
    expect(ruleSentence({ trigger: "conversationCreated", conditions: [], actions: [{ type: "setStatus", statusId: "st9" }, { type: "snooze", hours: 5 }] }, names)).toBe(
      "When a conversation is created, then set the status to st9 and snooze for 5 hours.",
    );
  });
});
