import { describe, expect, it } from "vitest";
import { messageFixture } from "@/lib/api/testing/fixtures";
import type { Message } from "@/lib/api/messages";
import { dayLabel, groupByDay, groupReactions, isOwnReaction, joinNames, orderMessages, startsRun } from "./message-groups";

const msg = (id: string, sentAt: string, over: Partial<Message> = {}): Message => ({ ...messageFixture(), id, sentAt, ...over });
// Local times, so the tests mean the same in every time zone.
const local = (d: number, h: number, m = 0) => new Date(2026, 10, d, h, m).toISOString();

describe("orderMessages", () => {
  it("reads pages newest first into one list oldest first", () => {
    const pages = [
      { data: [msg("m4", local(23, 10)), msg("m3", local(23, 9))], nextCursor: "c" },
      { data: [msg("m2", local(22, 9)), msg("m1", local(21, 9))], nextCursor: null },
    ];
    expect(orderMessages(pages).map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4"]);
  });
  it("keeps a message that sits on two pages once, as the newer page has it", () => {
    const pages = [
      { data: [msg("m2", local(22, 9), { content: "edited" })], nextCursor: "c" },
      { data: [msg("m2", local(22, 9), { content: "old" }), msg("m1", local(21, 9))], nextCursor: null },
    ];
    const ordered = orderMessages(pages);
    expect(ordered.map((m) => m.id)).toEqual(["m1", "m2"]);
    expect(ordered[1]!.content).toBe("edited");
  });
  it("breaks ties in time by ID", () => {
    const at = local(22, 9);
    expect(orderMessages([{ data: [msg("b", at), msg("a", at)], nextCursor: null }]).map((m) => m.id)).toEqual(["a", "b"]);
  });
});

describe("dayLabel", () => {
  const now = new Date(2026, 10, 23, 15, 0); // Monday 23 November 2026
  it("says today, yesterday, the weekday within a week, else the date", () => {
    expect(dayLabel(local(23, 0, 5), now)).toBe("Today");
    expect(dayLabel(local(22, 23, 59), now)).toBe("Yesterday");
    expect(dayLabel(local(20, 12), now)).toBe("Friday");
    expect(dayLabel(local(17, 12), now)).toBe("Tuesday");
    expect(dayLabel(local(16, 12), now)).toBe("Monday 16 November");
    expect(dayLabel(new Date(2025, 11, 31, 12).toISOString(), now)).toBe("31 December 2025");
  });
  it("names a day ahead of the clock by its date rather than calling it today", () => {
    expect(dayLabel(local(24, 9), now)).toBe("Tuesday 24 November");
  });
});

describe("groupByDay", () => {
  it("cuts items into local calendar days, in order", () => {
    const now = new Date(2026, 10, 23, 15);
    const items = [local(21, 23, 50), local(22, 0, 10), local(22, 8), local(23, 9)];
    const groups = groupByDay(items, (at) => at, now);
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ["Saturday", 1],
      ["Yesterday", 2],
      ["Today", 1],
    ]);
    expect(groups[2]!.key).toBe("2026-11-23");
  });
});

describe("startsRun", () => {
  const base = msg("m1", local(23, 9));
  it("joins messages from the same sender a few minutes apart", () => {
    expect(startsRun(undefined, base)).toBe(true);
    expect(startsRun(base, msg("m2", local(23, 9, 4)))).toBe(false);
  });
  it("starts again after a pause, another sender, or another direction", () => {
    expect(startsRun(base, msg("m2", local(23, 9, 6)))).toBe(true);
    expect(startsRun(base, msg("m2", local(23, 9, 1), { sentBy: { type: "member", memberId: "mem2" } }))).toBe(true);
    expect(startsRun(base, msg("m2", local(23, 9, 1), { sentBy: { type: "api" } }))).toBe(true);
    expect(startsRun(base, msg("m2", local(23, 9, 1), { direction: "inbound", sentBy: null }))).toBe(true);
  });
});

describe("groupReactions", () => {
  const names: Record<string, string> = { al1: "Acme Sales", prof1: "Ana" };
  const nameOf = (author: { type: string; accountLinkId?: unknown; profileId?: unknown }) =>
    names[String(author.accountLinkId ?? author.profileId)] ?? "Someone";
  it("groups by emoji with counts and who, marking the team's own", () => {
    const groups = groupReactions(
      [
        { emoji: "👍", author: { type: "profile", profileId: "prof1" }, reactedAt: null },
        { emoji: "❤️", author: { type: "accountLink", accountLinkId: "al1" }, reactedAt: null },
        { emoji: "👍", author: { type: "accountLink", accountLinkId: "al1" }, reactedAt: null },
        { emoji: "👍", author: { type: "someNewKind" }, reactedAt: null },
      ],
      { ownAccountLinkId: "al1", nameOf },
    );
    expect(groups).toEqual([
      { emoji: "👍", count: 3, authors: ["Ana", "Acme Sales", "Someone"], mine: true },
      { emoji: "❤️", count: 1, authors: ["Acme Sales"], mine: true },
    ]);
  });
  it("never counts another account link's reaction as the team's own", () => {
    const other = { emoji: "👍", author: { type: "accountLink", accountLinkId: "al2" }, reactedAt: null };
    expect(isOwnReaction(other, "al1")).toBe(false);
    expect(groupReactions([other], { ownAccountLinkId: "al1", nameOf })[0]!.mine).toBe(false);
  });
});

describe("joinNames", () => {
  it("reads like a sentence", () => {
    expect(joinNames([])).toBe("");
    expect(joinNames(["Ana"])).toBe("Ana");
    expect(joinNames(["Ana", "Ben"])).toBe("Ana and Ben");
    expect(joinNames(["Ana", "Ben", "Cleo"])).toBe("Ana, Ben and Cleo");
  });
});
