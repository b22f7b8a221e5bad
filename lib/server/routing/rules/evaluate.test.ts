import { describe, expect, it } from "vitest";
import type { Rule, RuleCondition } from "@/lib/api/rules";
import { conditionHolds, readsText, ruleMatches, rulesToRun, type RuleSubject } from "./evaluate";

const subject: RuleSubject = {
  accountLinkId: "al_1",
  platform: "instagram",
  campaignId: "cmp_1",
  assigneeId: null,
  text: "Hi, what is your PRICING for teams?",
  contact: { tagIds: ["tag_vip"], statusId: "st_lead" },
  verified: true,
};

const rule = (id: string, position: number, change: Partial<Rule> = {}): Rule => ({
  id,
  name: id,
  position,
  enabled: true,
  trigger: "messageReceived",
  conditions: [],
  actions: [{ type: "archive" }],
  stopAfter: false,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  ...change,
});

describe("conditionHolds", () => {
  const cases: [RuleCondition, boolean][] = [
    [{ type: "accountLink", accountLinkIds: ["al_1", "al_2"] }, true],
    [{ type: "accountLink", accountLinkIds: ["al_2"] }, false],
    [{ type: "platform", platforms: ["instagram"] }, true],
    [{ type: "platform", platforms: ["telegram"] }, false],
    [{ type: "campaign", campaignIds: ["cmp_1"] }, true],
    [{ type: "campaign", campaignIds: ["cmp_2"] }, false],
    [{ type: "textContains", text: "pricing" }, true],
    [{ type: "textContains", text: "refund" }, false],
    [{ type: "tag", tagId: "tag_vip" }, true],
    [{ type: "tag", tagId: "tag_other" }, false],
    [{ type: "status", statusIds: ["st_lead", "st_won"] }, true],
    [{ type: "status", statusIds: ["st_won"] }, false],
    [{ type: "verified", verified: true }, true],
    [{ type: "verified", verified: false }, false],
    [{ type: "unassigned", unassigned: true }, true],
    [{ type: "unassigned", unassigned: false }, false],
  ];
  it.each(cases)("%j → %s", (condition, expected) => {
    expect(conditionHolds(condition, subject)).toBe(expected);
  });

  it("does not hold on what the inbox does not know", () => {
    const unknown: RuleSubject = { ...subject, platform: null, campaignId: null, text: null, contact: null, verified: null, assigneeId: "mem_1" };
    expect(conditionHolds({ type: "platform", platforms: ["instagram"] }, unknown)).toBe(false);
    expect(conditionHolds({ type: "campaign", campaignIds: ["cmp_1"] }, unknown)).toBe(false);
    expect(conditionHolds({ type: "textContains", text: "a" }, unknown)).toBe(false);
    expect(conditionHolds({ type: "tag", tagId: "tag_vip" }, unknown)).toBe(false);
    expect(conditionHolds({ type: "status", statusIds: ["st_lead"] }, unknown)).toBe(false);
    expect(conditionHolds({ type: "verified", verified: false }, unknown)).toBe(false);
    expect(conditionHolds({ type: "unassigned", unassigned: false }, unknown)).toBe(true);
  });
});

describe("ruleMatches", () => {
  it("needs every condition; no conditions match everything", () => {
    expect(ruleMatches({ conditions: [] }, subject)).toBe(true);
    expect(ruleMatches({ conditions: [{ type: "textContains", text: "pricing" }, { type: "unassigned", unassigned: true }] }, subject)).toBe(true);
    expect(ruleMatches({ conditions: [{ type: "textContains", text: "pricing" }, { type: "verified", verified: false }] }, subject)).toBe(false);
  });
});

describe("rulesToRun", () => {
  it("runs matching enabled rules of the trigger in position order, whatever order they come in", () => {
    const rules = [rule("c", 2), rule("a", 0), rule("off", 1, { enabled: false }), rule("other", 3, { trigger: "conversationCreated" }), rule("miss", 4, { conditions: [{ type: "tag", tagId: "nope" }] })];
    expect(rulesToRun(rules, "messageReceived", subject).map((r) => r.id)).toEqual(["a", "c"]);
    expect(rulesToRun(rules, "conversationCreated", subject).map((r) => r.id)).toEqual(["other"]);
  });

  it("stops after a matching rule that says so, not after one that did not match", () => {
    const rules = [rule("a", 0, { stopAfter: true, conditions: [{ type: "tag", tagId: "nope" }] }), rule("b", 1, { stopAfter: true }), rule("c", 2)];
    expect(rulesToRun(rules, "messageReceived", subject).map((r) => r.id)).toEqual(["b"]);
  });
});

describe("readsText", () => {
  it("is true only when some rule has a text condition", () => {
    expect(readsText([{ conditions: [{ type: "unassigned", unassigned: true }] }])).toBe(false);
    expect(readsText([{ conditions: [] }, { conditions: [{ type: "textContains", text: "x" }] }])).toBe(true);
  });
});
