import { describe, expect, it } from "vitest";
import type { InboxEvent } from "@/lib/api/inbox-events";
import { alertKindOf } from "./use-event-alerts";

const received: InboxEvent = { type: "api", apiType: "message.received", object: { type: "message", id: "m1" }, threadId: "t1", messageId: "m1", at: "2026-11-28T08:00:00Z" };
const mention = (mentioned: string[]): InboxEvent => ({ type: "comments", threadId: "t1", commentId: "c1", change: "created", by: { userId: "u2", name: "Sam" }, mentioned });
const scheduled = (state: "failed" | "sent", authorId: string): InboxEvent => ({ type: "scheduledSend", threadId: "t1", sendId: "s1", state, authorId });

describe("which events raise an alert", () => {
  it("a message received in a thread, for the member to be notified of", () => {
    expect(alertKindOf(received, "u1")).toBe("messages");
    expect(alertKindOf({ ...received, apiType: "message.sent" }, "u1")).toBeNull();
    expect(alertKindOf({ ...received, threadId: undefined }, "u1")).toBeNull();
  });

  it("a comment that mentions this user, and no other", () => {
    expect(alertKindOf(mention(["u1", "u3"]), "u1")).toBe("mentions");
    expect(alertKindOf(mention(["u3"]), "u1")).toBeNull();
  });

  it("a scheduled send of this user's that failed, not one that went or another's", () => {
    expect(alertKindOf(scheduled("failed", "u1"), "u1")).toBe("failedSends");
    expect(alertKindOf(scheduled("sent", "u1"), "u1")).toBeNull();
    expect(alertKindOf(scheduled("failed", "u2"), "u1")).toBeNull();
  });

  it("nothing for the other kinds of event", () => {
    expect(alertKindOf({ type: "resync" }, "u1")).toBeNull();
    expect(alertKindOf({ type: "snooze", threadId: "t1" }, "u1")).toBeNull();
  });
});
