import { describe, expect, it } from "vitest";
import { alignRefusal, assigneeSplit, ONLY_MANAGERS_ASSIGN_CONTACTS, splitSentence } from "./assignees";

const names: Record<string, string> = { priya: "Priya", sam: "Sam" };
const nameOf = (id: string) => names[id] ?? id;

describe("a conversation's assignee beside its contact's", () => {
  it("names both when the conversation has its own, different assignee", () => {
    const split = assigneeSplit({ assigneeId: "priya", assigneeSource: "thread" }, null);
    expect(split).toEqual({ conversation: "priya", contact: null });
    expect(splitSentence(split!, nameOf)).toBe("Conversation: Priya · Contact: unassigned");
    expect(splitSentence(assigneeSplit({ assigneeId: "priya", assigneeSource: "thread" }, "sam")!, nameOf)).toBe("Conversation: Priya · Contact: Sam");
  });

  it("says nothing when the conversation follows its contact, or both agree", () => {
    expect(assigneeSplit({ assigneeId: "sam", assigneeSource: "contact" }, "sam")).toBeNull();
    expect(assigneeSplit({ assigneeId: "priya", assigneeSource: "thread" }, "priya")).toBeNull();
    expect(assigneeSplit({ assigneeId: null, assigneeSource: null }, null)).toBeNull();
  });

  it("lets managers align anyone, and members only to themselves, as the policy does", () => {
    const split = { conversation: "priya", contact: null };
    expect(alignRefusal(split, { memberId: "mgr", manager: true })).toBeNull();
    expect(alignRefusal(split, { memberId: "priya", manager: false })).toBeNull();
    expect(alignRefusal(split, { memberId: "sam", manager: false })).toBe(ONLY_MANAGERS_ASSIGN_CONTACTS);
  });
});
