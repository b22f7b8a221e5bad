import { describe, expect, it } from "vitest";
import { EMPTY_SELECTION, coverage, extendTo, selectAll, toggle, without } from "./selection";

const order = ["a", "b", "c", "d", "e"];
const ids = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort();

describe("selecting threads", () => {
  it("toggles one row and anchors there", () => {
    const one = toggle(EMPTY_SELECTION, "b");
    expect(ids(one)).toEqual(["b"]);
    expect(one.anchor).toBe("b");
    const none = toggle(one, "b");
    expect(ids(none)).toEqual([]);
    expect(none.anchor).toBe("b");
  });

  it("selects the range from the anchor to a shift-clicked row, in either direction", () => {
    expect(ids(extendTo(toggle(EMPTY_SELECTION, "b"), order, "d"))).toEqual(["b", "c", "d"]);
    expect(ids(extendTo(toggle(EMPTY_SELECTION, "d"), order, "a"))).toEqual(["a", "b", "c", "d"]);
  });

  it("re-draws the range from the same anchor, keeping rows selected before", () => {
    const base = toggle(toggle(EMPTY_SELECTION, "e"), "a");
    const wide = extendTo(base, order, "c");
    expect(ids(wide)).toEqual(["a", "b", "c", "e"]);
    expect(ids(extendTo(wide, order, "d"))).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("clears the range when the anchor was just unselected", () => {
    const all = selectAll(order);
    const anchorOff = toggle(all, "b");
    expect(ids(extendTo(anchorOff, order, "d"))).toEqual(["a", "e"]);
  });

  it("toggles when there is no anchor in the list", () => {
    expect(ids(extendTo(EMPTY_SELECTION, order, "c"))).toEqual(["c"]);
    const gone = toggle(EMPTY_SELECTION, "z");
    expect(ids(extendTo(gone, order, "c"))).toEqual(["c", "z"]);
  });

  it("drops finished rows and an anchor that left", () => {
    const s = without(extendTo(toggle(EMPTY_SELECTION, "a"), order, "c"), ["a", "b"]);
    expect(ids(s)).toEqual(["c"]);
    expect(s.anchor).toBeNull();
  });

  it("tells the header checkbox whether all, some or none of the rows are selected", () => {
    expect(coverage(EMPTY_SELECTION, order)).toBe("none");
    expect(coverage(toggle(EMPTY_SELECTION, "a"), order)).toBe("some");
    expect(coverage(selectAll(order), order)).toBe("all");
    expect(coverage(selectAll(order), [])).toBe("none");
  });
});
