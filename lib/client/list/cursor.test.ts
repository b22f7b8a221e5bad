import { describe, expect, it } from "vitest";
import { movedCursor } from "./cursor";

const ids = ["a", "b", "c"];

describe("the list's keyboard cursor", () => {
  it("shows a hidden cursor where it is instead of moving it: the first j lands on the first row", () => {
    expect(movedCursor(ids, "a", 1, false)).toBe("a");
    expect(movedCursor(ids, "b", -1, false)).toBe("b");
  });

  it("steps from a cursor that shows, and stops at either end", () => {
    expect(movedCursor(ids, "a", 1, true)).toBe("b");
    expect(movedCursor(ids, "b", -1, true)).toBe("a");
    expect(movedCursor(ids, "c", 1, true)).toBe("c");
    expect(movedCursor(ids, "a", -1, true)).toBe("a");
  });

  it("starts from the top (j) or the bottom (k) when the cursor's row is gone", () => {
    expect(movedCursor(ids, "zz", 1, true)).toBe("a");
    expect(movedCursor(ids, null, -1, false)).toBe("c");
    expect(movedCursor([], "a", 1, true)).toBeNull();
  });
});
