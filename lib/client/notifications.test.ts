import { describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATIONS } from "@/lib/api/preferences";
import { profileFixture, threadFixture } from "@/lib/api/testing/fixtures";
import { mentionNotificationText, notificationText, scopeOf, shouldNotify, shouldNotifyMention } from "./notifications";

const thread = (assigneeId: string | null) => ({ ...threadFixture(), id: "thr1", assigneeId });

describe("browser notifications", () => {
  it("file a conversation under mine, unassigned or another member's", () => {
    expect(scopeOf(thread("mem1"), "mem1")).toBe("assignedToMe");
    expect(scopeOf(thread(null), "mem1")).toBe("unassigned");
    expect(scopeOf(thread("mem2"), "mem1")).toBe("others");
    // A user not linked to a member has nothing of their own.
    expect(scopeOf(thread("mem2"), null)).toBe("others");
  });

  it("follow the member's scopes", () => {
    const scopes = DEFAULT_NOTIFICATIONS;
    expect(shouldNotify({ thread: thread("mem1"), memberId: "mem1", scopes, inView: null })).toBe(true);
    expect(shouldNotify({ thread: thread(null), memberId: "mem1", scopes, inView: null })).toBe(true);
    expect(shouldNotify({ thread: thread("mem2"), memberId: "mem1", scopes, inView: null })).toBe(false);
    const all = { assignedToMe: true, unassigned: true, others: true };
    expect(shouldNotify({ thread: thread("mem2"), memberId: "mem1", scopes: all, inView: null })).toBe(true);
    const none = { assignedToMe: false, unassigned: false, others: false };
    expect(shouldNotify({ thread: thread("mem1"), memberId: "mem1", scopes: none, inView: null })).toBe(false);
  });

  it("stay quiet for the conversation in front of the member", () => {
    expect(shouldNotify({ thread: thread("mem1"), memberId: "mem1", scopes: DEFAULT_NOTIFICATIONS, inView: "thr1" })).toBe(false);
    expect(shouldNotify({ thread: thread("mem1"), memberId: "mem1", scopes: DEFAULT_NOTIFICATIONS, inView: "thr2" })).toBe(true);
  });

  it("say who wrote and what", () => {
    const base = { ...threadFixture(), profile: { ...profileFixture(), displayName: "Ada Lovelace" } };
    const inbound = { ...base, lastMessage: { id: "msg1", direction: "inbound" as const, sentAt: base.createdAt, preview: "Is it still available?" } };
    expect(notificationText(inbound)).toEqual({ title: "Ada Lovelace", body: "Is it still available?" });
    const attachment = { ...inbound, lastMessage: { ...inbound.lastMessage, preview: null } };
    expect(notificationText(attachment).body).toBe("Sent an attachment");
  });
});

describe("mention notifications", () => {
  const base = { wanted: true, permission: "granted" as const, threadId: "thr1", inView: null };
  it("need the member's wish, the browser's permission, and the conversation out of view", () => {
    expect(shouldNotifyMention(base)).toBe(true);
    expect(shouldNotifyMention({ ...base, wanted: false })).toBe(false);
    expect(shouldNotifyMention({ ...base, permission: "default" })).toBe(false);
    expect(shouldNotifyMention({ ...base, permission: "unsupported" })).toBe(false);
    expect(shouldNotifyMention({ ...base, inView: "thr1" })).toBe(false);
    expect(shouldNotifyMention({ ...base, inView: "thr2" })).toBe(true);
  });

  it("say who mentioned the member, on which conversation, and the start of the comment", () => {
    const thread = { ...threadFixture(), profile: { ...profileFixture(), displayName: "Ana Costa" } };
    expect(mentionNotificationText({ byName: "Marcus Lee", snippet: "@Sam Rivera can you check?", thread })).toEqual({ title: "Marcus Lee mentioned you", body: "On Ana Costa: @Sam Rivera can you check?" });
    expect(mentionNotificationText({ byName: "Marcus Lee", snippet: "Hi", thread: null }).body).toBe("On a conversation: Hi");
  });
});
