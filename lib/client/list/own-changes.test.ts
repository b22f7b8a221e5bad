import { describe, expect, it } from "vitest";
import { changedByOwnSince, isGone, noteGone, noteOwnChange, ownChangeCount } from "./own-changes";

describe("the person's own changes", () => {
  it("count for a thread, or every thread of a contact, only after the number a snapshot saw", () => {
    const seen = ownChangeCount();
    expect(changedByOwnSince({ id: "t1", contactId: "c1" }, seen)).toBe(false);
    noteOwnChange({ threadId: "t1" });
    noteOwnChange({ contactId: "c2" });
    expect(changedByOwnSince({ id: "t1", contactId: "c1" }, seen)).toBe(true);
    expect(changedByOwnSince({ id: "t9", contactId: "c2" }, seen)).toBe(true);
    expect(changedByOwnSince({ id: "t9", contactId: null }, seen)).toBe(false);
    // A snapshot taken after them has applied them already.
    expect(changedByOwnSince({ id: "t1", contactId: "c1" }, ownChangeCount())).toBe(false);
  });

  it("a thread gone is the person's own change, and stays out of lists until a later read holds it again", () => {
    const seen = ownChangeCount();
    expect(isGone("t5")).toBe(false);
    noteGone("t5");
    expect(isGone("t5")).toBe(true);
    expect(isGone("t6")).toBe(false);
    // Its leaving the lists is not news to them.
    expect(changedByOwnSince({ id: "t5" }, seen)).toBe(true);
    // A list read before it was found gone, or read after without it, leaves it out…
    const marked = Date.now();
    expect(isGone("t5", { at: marked - 1_000, holds: true })).toBe(true);
    expect(isGone("t5", { at: marked + 1_000, holds: false })).toBe(true);
    // …one read after that holds it again shows it (the thread is theirs to see again).
    expect(isGone("t5", { at: marked + 1_000, holds: true })).toBe(false);
  });
});
