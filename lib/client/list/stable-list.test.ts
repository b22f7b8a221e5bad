import { describe, expect, it } from "vitest";
import { EMPTY_SNAPSHOT, extendWithTail, pendingChanges, rowsToShow, settleList, snapshotOf, withoutRow, type ListState } from "./stable-list";

const item = (id: string, at: string, preview = "") => ({ id, activity: { at }, preview });

describe("a list that does not move under the cursor", () => {
  const shown = [item("a", "3"), item("b", "2"), item("c", "1")];
  const snapshot = snapshotOf(shown);

  it("shows fresh contents in the order on screen", () => {
    const fresh = [item("b", "2", "edited"), item("a", "3"), item("c", "1")];
    expect(rowsToShow(snapshot, fresh, new Map()).map((r) => [r.id, r.preview])).toEqual([
      ["a", ""],
      ["b", "edited"],
      ["c", ""],
    ]);
    expect(pendingChanges(snapshot, fresh).size).toBe(0);
  });

  it("counts new rows, rows with newer activity and rows that left, without moving them", () => {
    const fresh = [item("d", "5"), item("c", "4"), item("a", "3")];
    expect([...pendingChanges(snapshot, fresh)].sort()).toEqual(["b", "c", "d"]);
    const last = new Map(shown.map((r) => [r.id, r]));
    // b left the fresh data but stays, with its last contents; d waits to be applied.
    expect(rowsToShow(snapshot, fresh, last).map((r) => r.id)).toEqual(["a", "b", "c"]);
  });

  it("applies everything at once when asked", () => {
    const fresh = [item("d", "5"), item("c", "4"), item("a", "3")];
    const applied = snapshotOf(fresh);
    expect(rowsToShow(applied, fresh, new Map()).map((r) => r.id)).toEqual(["d", "c", "a"]);
    expect(pendingChanges(applied, fresh).size).toBe(0);
  });

  it("removes a row the person acted on at once", () => {
    expect(withoutRow(snapshot, "b").ids).toEqual(["a", "c"]);
    expect(withoutRow(snapshot, "zz")).toBe(snapshot);
  });

  it("applies the person's own changes in place without counting them", () => {
    // Their reply is c's latest activity; their assignment took b out of this view and n into it.
    const own = { activity: (id: string) => id === "c", membership: (id: string) => id === "b" || id === "n" };
    const fresh = [item("c", "4", "You: thanks"), item("a", "3")];
    expect(pendingChanges(snapshot, fresh, own).size).toBe(0);
    const last = new Map(shown.map((r) => [r.id, r]));
    expect(rowsToShow(snapshot, fresh, last, own).map((r) => [r.id, r.preview])).toEqual([
      ["a", ""],
      ["b", ""],
      ["c", "You: thanks"],
    ]);
    // A row their change brought into the view shows at once, where the fresh order puts it.
    const arrived = [item("a", "3"), item("n", "2"), item("b", "2"), item("c", "1")];
    expect(rowsToShow(snapshot, arrived, last, own).map((r) => r.id)).toEqual(["a", "n", "b", "c"]);
    expect(pendingChanges(snapshot, arrived, own).size).toBe(0);
    // Someone else's changes still wait: a new row, and newer activity on a row they assigned.
    expect([...pendingChanges(snapshot, [item("x", "9"), item("b", "7"), ...fresh], own)].sort()).toEqual(["b", "x"]);
  });

  it("extends the snapshot when the next page arrives below", () => {
    const fresh = [...shown, item("x", "0"), item("y", "0")];
    expect(extendWithTail(snapshot, fresh).ids).toEqual(["a", "b", "c", "x", "y"]);
    expect(extendWithTail(EMPTY_SNAPSHOT, shown).ids).toEqual(["a", "b", "c"]);
    // Nothing new below the last row: unchanged.
    expect(extendWithTail(snapshot, shown)).toBe(snapshot);
    // A list the person emptied is not taken afresh: whatever arrives now waits to be applied.
    const emptied = withoutRow(snapshotOf([item("a", "3")]), "a");
    expect(extendWithTail(emptied, shown)).toBe(emptied);
    expect([...pendingChanges(emptied, [item("a", "3")], { activity: () => false, membership: (id) => id === "a" })]).toEqual([]);
    expect([...pendingChanges(emptied, [item("z", "9")])]).toEqual(["z"]);
  });
});

describe("a list's first data", () => {
  const start: ListState = { viewKey: "inbox", snapshot: EMPTY_SNAPSHOT };
  const ids = (state: ListState) => state.snapshot.ids;

  it("is taken whole, and changes after it are held back", () => {
    const first = settleList(start, "inbox", [item("a", "2"), item("b", "1")], false, 0);
    expect(ids(first)).toEqual(["a", "b"]);
    expect(settleList(first, "inbox", [item("a", "2"), item("b", "1")], false, 0)).toBe(first);
    const later = settleList(first, "inbox", [item("z", "9"), item("a", "2"), item("b", "1")], false, 0);
    expect(ids(later)).toEqual(["a", "b"]);
  });

  it("from the server page's copy gives way whole to the browser's own first read (an archive that landed after the server read)", () => {
    const copy = settleList(start, "archived", [item("b", "1")], true, 0);
    expect(copy.provisional).toBe(true);
    // Rendered again on the copy: nothing moves.
    expect(settleList(copy, "archived", [item("b", "1")], true, 0)).toBe(copy);
    // The re-read holds the row archived just before: shown at once, not counted as an update.
    const reread = settleList(copy, "archived", [item("a", "2"), item("b", "1")], false, 3);
    expect(ids(reread)).toEqual(["a", "b"]);
    expect(reread.provisional).toBe(false);
    expect(reread.snapshot.ownSeen).toBe(3);
    // From then on, the list keeps still as usual.
    expect(ids(settleList(reread, "archived", [item("z", "9"), item("a", "2"), item("b", "1")], false, 3))).toEqual(["a", "b"]);
  });

  it("from an empty copy waits for the re-read, and an empty re-read settles", () => {
    const copy = settleList(start, "archived", [], true, 0);
    expect(copy.provisional).toBe(true);
    const reread = settleList(copy, "archived", [], false, 0);
    expect(reread.provisional).toBe(false);
    expect(settleList(reread, "archived", [], false, 0)).toBe(reread);
  });

  it("starts again for another view", () => {
    const inbox = settleList(start, "inbox", [item("a", "2")], false, 0);
    expect(ids(settleList(inbox, "archived", [item("x", "5")], false, 0))).toEqual(["x"]);
  });
});
