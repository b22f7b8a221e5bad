import { describe, expect, it } from "vitest";
import { changedByOwnSince, noteOwnChange, ownChangeCount } from "./own-changes";

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
});
