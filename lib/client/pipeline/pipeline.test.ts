import { describe, expect, it } from "vitest";
import type { Contact } from "@/lib/api/contacts";
import type { Status } from "@/lib/api/labels";
import type { Thread } from "@/lib/api/threads";
import { contactFixture, threadFixture } from "@/lib/api/testing/fixtures";
import { buildBoard, columnKey, isStale, matches, NO_FILTERS, NO_STATUS, stageAge, STALE_AFTER_DAYS, statusOfColumn } from "./pipeline";

const statuses: Status[] = [
  { id: "won", name: "Won", color: "green", position: 2 },
  { id: "lead", name: "Lead", color: "blue", position: 0 },
  { id: "talk", name: "Talking", color: "amber", position: 1 },
];

function contact(id: string, change: Partial<Contact> = {}): Contact {
  return { ...contactFixture(), id, statusId: null, tagIds: [], valuation: null, assigneeId: null, updatedAt: null, ...change };
}

function thread(id: string, c: Contact, at: string, change: Partial<Thread> = {}): Thread {
  return { ...threadFixture(), id, contactId: c.id, contact: c, activity: { at, preview: `hello from ${id}` }, ...change };
}

describe("buildBoard", () => {
  it("has a column per status in the team's order, then No status", () => {
    const board = buildBoard([], statuses);
    expect(board.map((c) => c.id)).toEqual(["lead", "talk", "won", null]);
    expect(board.every((c) => c.cards.length === 0 && c.total === 0)).toBe(true);
  });

  it("puts each contact once, on its latest thread, and sums valuations per column", () => {
    const a = contact("a", { statusId: "lead", valuation: 1000 });
    const b = contact("b", { statusId: "lead", valuation: 250.5 });
    const c = contact("c", { valuation: null });
    const board = buildBoard(
      [thread("t1", a, "2026-01-01T10:00:00Z"), thread("t2", a, "2026-01-03T10:00:00Z"), thread("t3", b, "2026-01-02T10:00:00Z"), thread("t4", c, "2026-01-01T00:00:00Z")],
      statuses,
    );
    const lead = board[0]!;
    expect(lead.cards.map((card) => [card.contact.id, card.thread.id, card.threadCount])).toEqual([
      ["a", "t2", 2],
      ["b", "t3", 1],
    ]);
    expect(lead.total).toBe(1250.5);
    expect(board[3]!.cards.map((card) => card.contact.id)).toEqual(["c"]);
    expect(board[3]!.total).toBe(0);
  });

  it("shows a contact whose status the team's list lacks under No status rather than dropping it", () => {
    const board = buildBoard([thread("t1", contact("a", { statusId: "gone" }), "2026-01-01T00:00:00Z")], statuses);
    expect(board.at(-1)!.cards).toHaveLength(1);
  });

  it("leaves out threads without their contact", () => {
    const board = buildBoard([{ ...threadFixture(), contact: null }], statuses);
    expect(board.flatMap((c) => c.cards)).toEqual([]);
  });

  it("with an account filter, shows the contact's latest thread on those accounts only", () => {
    const a = contact("a");
    const board = buildBoard(
      [thread("t1", a, "2026-01-01T00:00:00Z", { accountLinkId: "al1" }), thread("t2", a, "2026-01-05T00:00:00Z", { accountLinkId: "al2" }), thread("t3", contact("b"), "2026-01-02T00:00:00Z", { accountLinkId: "al2" })],
      statuses,
      { ...NO_FILTERS, accountLinkId: ["al1"] },
    );
    expect(board.at(-1)!.cards.map((card) => card.thread.id)).toEqual(["t1"]);
  });

  it("shows a pending move in the column it was dropped on", () => {
    const a = contact("a", { statusId: "lead" });
    const board = buildBoard([thread("t1", a, "2026-01-01T00:00:00Z")], statuses, NO_FILTERS, [], new Map([["a", "won"]]));
    expect(board.map((c) => c.cards.length)).toEqual([0, 0, 1, 0]);
    const cleared = buildBoard([thread("t1", a, "2026-01-01T00:00:00Z")], statuses, NO_FILTERS, [], new Map([["a", null]]));
    expect(cleared.at(-1)!.cards[0]!.contact.statusId).toBeNull();
  });
});

describe("matches", () => {
  const mine = contact("a", { assigneeId: "m1", tagIds: ["hot"] });
  const nobody = contact("b", { tagIds: ["cold"] });

  it("keeps everyone without filters", () => {
    expect(matches(mine, NO_FILTERS) && matches(nobody, NO_FILTERS)).toBe(true);
  });

  it("filters by assignee, unassigned, or both (either)", () => {
    expect([matches(mine, { ...NO_FILTERS, assigneeId: ["m1"] }), matches(nobody, { ...NO_FILTERS, assigneeId: ["m1"] })]).toEqual([true, false]);
    expect([matches(mine, { ...NO_FILTERS, unassigned: true }), matches(nobody, { ...NO_FILTERS, unassigned: true })]).toEqual([false, true]);
    const either = { ...NO_FILTERS, assigneeId: ["m1"], unassigned: true };
    expect([matches(mine, either), matches(nobody, either)]).toEqual([true, true]);
  });

  it("filters by any of the tags, and narrows with the assignee", () => {
    expect(matches(nobody, { ...NO_FILTERS, tag: ["hot", "cold"] })).toBe(true);
    expect(matches(nobody, { ...NO_FILTERS, tag: ["hot"] })).toBe(false);
    expect(matches(mine, { ...NO_FILTERS, tag: ["hot"], unassigned: true })).toBe(false);
  });
});

describe("stageAge", () => {
  const c = contact("a", { statusId: "talk", createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-02-01T00:00:00Z" });

  it("uses the inbox's record when it set the status the contact still has, by ID or name", () => {
    expect(stageAge(c, { contactId: "a", status: "talk", at: "2026-01-20T00:00:00Z" }, statuses)).toEqual({ since: "2026-01-20T00:00:00Z", exact: true });
    expect(stageAge(c, { contactId: "a", status: "talking", at: "2026-01-20T00:00:00Z" }, statuses)).toEqual({ since: "2026-01-20T00:00:00Z", exact: true });
  });

  it("falls back to the last change, as a lower bound, when the status changed elsewhere since", () => {
    expect(stageAge(c, { contactId: "a", status: "lead", at: "2026-01-20T00:00:00Z" }, statuses)).toEqual({ since: "2026-02-01T00:00:00Z", exact: false });
    expect(stageAge(c, undefined, statuses)).toEqual({ since: "2026-02-01T00:00:00Z", exact: false });
  });

  it("counts from creation for a contact never changed", () => {
    expect(stageAge({ ...c, updatedAt: null }, undefined, statuses)).toEqual({ since: "2026-01-01T00:00:00Z", exact: true });
  });

  it("matches a cleared status to No status", () => {
    const cleared = { ...c, statusId: null };
    expect(stageAge(cleared, { contactId: "a", status: null, at: "2026-01-25T00:00:00Z" }, statuses).exact).toBe(true);
  });

  it("takes a contact's latest record on the board", () => {
    const board = buildBoard([thread("t1", c, "2026-03-01T00:00:00Z")], statuses, NO_FILTERS, [
      { contactId: "a", status: "talk", at: "2026-01-10T00:00:00Z" },
      { contactId: "a", status: "talk", at: "2026-01-15T00:00:00Z" },
    ]);
    expect(board[1]!.cards[0]!.stage).toEqual({ since: "2026-01-15T00:00:00Z", exact: true });
  });
});

describe("isStale", () => {
  it("marks a card stale from two weeks in its stage", () => {
    const now = new Date("2026-03-15T00:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    expect(isStale({ since: daysAgo(STALE_AFTER_DAYS), exact: true }, now)).toBe(true);
    expect(isStale({ since: daysAgo(STALE_AFTER_DAYS - 1), exact: false }, now)).toBe(false);
  });
});

describe("columns as drop targets", () => {
  it("round-trips No status through its key", () => {
    expect(statusOfColumn(columnKey({ id: null }))).toBeNull();
    expect(columnKey({ id: null })).toBe(NO_STATUS);
    expect(statusOfColumn(columnKey({ id: "lead" }))).toBe("lead");
  });
});
