import { describe, expect, it } from "vitest";
import { readUpTo, unreadFor } from "./read-state";

const thread = (unread: boolean, last: { direction: "inbound" | "outbound"; sentAt: string } | null) =>
  ({ unread, lastMessage: last && { id: "msg1", preview: null, ...last }, activity: { at: "2026-11-23T09:00:00Z", preview: null } }) as const;

describe("unread for a member", () => {
  const inbound = { direction: "inbound" as const, sentAt: "2026-11-23T10:00:00Z" };

  it("follows the owner's flag for a thread the member never opened", () => {
    expect(unreadFor(thread(true, inbound), undefined)).toBe(true);
    expect(unreadFor(thread(false, inbound), undefined)).toBe(false);
  });

  it("is read up to the member's mark, and unread again when the contact writes after it", () => {
    expect(unreadFor(thread(true, inbound), { readAt: "2026-11-23T10:00:00Z" })).toBe(false);
    expect(unreadFor(thread(false, inbound), { readAt: "2026-11-23T09:59:00Z" })).toBe(true);
  });

  it("is not made unread by a teammate's reply", () => {
    expect(unreadFor(thread(true, { direction: "outbound", sentAt: "2026-11-23T11:00:00Z" }), { readAt: "2026-11-23T10:00:00Z" })).toBe(false);
  });

  it("stays unread once the member marked it so", () => {
    expect(unreadFor(thread(false, null), { readAt: null })).toBe(true);
  });

  it("reads up to the newest message, or the activity of an empty thread", () => {
    expect(readUpTo(thread(false, inbound))).toBe("2026-11-23T10:00:00Z");
    expect(readUpTo(thread(false, null))).toBe("2026-11-23T09:00:00Z");
  });
});
