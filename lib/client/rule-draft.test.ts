import { describe, expect, it } from "vitest";
import type { Rule } from "@/lib/api/rules";
import { draftOf, EMPTY_DRAFT, newAction, newCondition, ruleFromDraft } from "./rule-draft";

describe("rule drafts", () => {
  it("round-trips a rule, keeping every ID of a condition that names several", () => {
    const rule: Rule = {
      id: "rule_1",
      name: "VIP to Priya",
      position: 0,
      enabled: false,
      trigger: "contactStatusChanged",
      conditions: [{ type: "status", statusIds: ["st1", "st2"] }, { type: "verified", verified: false }, { type: "textContains", text: "price" }],
      actions: [{ type: "assign", memberId: "mem1" }, { type: "snooze", hours: null }, { type: "archive" }],
      stopAfter: true,
      createdAt: "2026-01-01T00:00:00Z",
      updatedAt: "2026-01-01T00:00:00Z",
    };
    const { id: _id, position: _p, createdAt: _c, updatedAt: _u, ...body } = rule;
    expect(ruleFromDraft(draftOf(rule)).rule).toEqual(body);
  });

  it("says what a row still needs, naming the row", () => {
    expect(ruleFromDraft({ ...EMPTY_DRAFT, name: "x" })).toMatchObject({ rule: null, problem: "Action 1: choose a member.", field: "actions" });
    expect(ruleFromDraft({ ...EMPTY_DRAFT, name: "x", conditions: [newCondition("unassigned"), newCondition("tag")] })).toMatchObject({ problem: "Condition 2: choose a tag.", field: "conditions" });
    expect(ruleFromDraft({ ...EMPTY_DRAFT, actions: [newAction("archive")] })).toMatchObject({ problem: "Give the rule a name.", field: "name" });
    expect(ruleFromDraft({ ...EMPTY_DRAFT, name: "x", actions: [] })).toMatchObject({ problem: "Add at least one action.", field: "actions" });
  });

  it("lets a dry run go without a name or actions", () => {
    const draft = { ...EMPTY_DRAFT, actions: [], conditions: [{ ...newCondition("textContains"), value: "pricing" }] };
    expect(ruleFromDraft(draft, true).rule?.conditions).toEqual([{ type: "textContains", text: "pricing" }]);
  });
});
