import { describe, expect, it } from "vitest";
import { activitySentence, type ActivityNames } from "./activity-sentences";

const names: ActivityNames = { member: (id) => ({ mem1: "Priya Shah" })[id], status: (id) => ({ st1: "Qualified" })[id] };

describe("activity sentences", () => {
  it("says what a write did, in words", () => {
    expect(activitySentence({ action: "messages.send", after: {} }, names)).toBe("sent a message");
    expect(activitySentence({ action: "threads.update", after: { archived: true } }, names)).toBe("archived the conversation");
    expect(activitySentence({ action: "threads.update", after: { assigneeId: "mem1" } }, names)).toBe("assigned the conversation to Priya Shah");
    expect(activitySentence({ action: "threads.update", after: { assigneeId: "mem1", reason: "balanced: Priya had 3 open" } }, names)).toBe("assigned the conversation to Priya Shah (balanced: Priya had 3 open)");
    expect(activitySentence({ action: "threads.update", after: { assigneeId: null, archived: false } }, names)).toBe("unarchived the conversation and unassigned the conversation");
    expect(activitySentence({ action: "contacts.update", after: { status: "st1", notes: "x" } }, names)).toBe("set the status to Qualified and edited the notes");
    expect(activitySentence({ action: "tags.create", after: { name: "VIP" } }, names)).toBe("created the tag “VIP”");
    expect(activitySentence({ action: "messages.delete", after: null }, names)).toBe("unsent a message");
  });

  it("says who snoozed, reminded or woke a conversation", () => {
    expect(activitySentence({ action: "snoozes.create", after: { until: null } }, names)).toBe("snoozed the conversation until the contact replies");
    expect(activitySentence({ action: "snoozes.create", after: { until: "2026-03-07T08:00:00Z" } }, names)).toMatch(/^snoozed the conversation until Sat 7 Mar, \d\d:00$/);
    expect(activitySentence({ action: "followUps.create", after: { days: 3 } }, names)).toBe("set a reminder if no reply in 3 days");
    expect(activitySentence({ action: "snoozes.delete", after: { kind: "snooze", state: "waiting" } }, names)).toBe("unsnoozed the conversation");
    expect(activitySentence({ action: "snoozes.delete", after: { kind: "followUp", state: "returned" } }, names)).toBe("dismissed the no-reply reminder");
  });

  it("says what a rule could not do, and why", () => {
    expect(activitySentence({ action: "rules.actionFailed", after: { action: "setStatus", code: "statusNotFound" } }, names)).toBe("couldn't carry out “Set status” (That status no longer exists.)");
    expect(activitySentence({ action: "rules.actionFailed", after: { action: "somethingNew", code: "whoKnows" } }, names)).toBe("couldn't carry out “act”");
  });

  it("says who commented and whom they mentioned", () => {
    expect(activitySentence({ action: "comments.create", after: { commentId: "c1" } }, names)).toBe("commented");
    expect(activitySentence({ action: "comments.mention", after: { commentId: "c1", names: ["Sam Rivera"] } }, names)).toBe("mentioned Sam Rivera");
    expect(activitySentence({ action: "comments.mention", after: { names: ["Sam Rivera", "Jonas Berg", "Aiko Tanaka"] } }, names)).toBe("mentioned Sam Rivera, Jonas Berg and Aiko Tanaka");
    expect(activitySentence({ action: "comments.update", after: {} }, names)).toBe("edited a comment");
    expect(activitySentence({ action: "comments.delete", after: {} }, names)).toBe("deleted a comment");
  });

  it("reads sensibly for what it does not know", () => {
    expect(activitySentence({ action: "threads.update", after: { somethingNew: 1 } }, names)).toBe("changed the conversation");
    expect(activitySentence({ action: "widgets.spin", after: null }, names)).toBe("did widgets.spin");
  });
});
