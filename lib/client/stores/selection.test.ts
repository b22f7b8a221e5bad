import { beforeEach, describe, expect, it } from "vitest";
import { useSelectionStore, viewKeyOf } from "./selection";

const inbox = viewKeyOf({ folder: "inbox" });
const archived = viewKeyOf({ folder: "archived" });
const state = () => useSelectionStore.getState();

describe("the selection store", () => {
  beforeEach(() => state().clear());

  it("keys a view by its normalised filters", () => {
    expect(viewKeyOf({ folder: "inbox", tag: [] })).toBe(viewKeyOf({}));
    expect(viewKeyOf({ tag: ["b", "a"] })).toBe(viewKeyOf({ tag: ["a", "b"] }));
    expect(inbox).not.toBe(archived);
  });

  it("starts from nothing in another view", () => {
    state().toggle(inbox, "a");
    state().toggle(inbox, "b");
    expect([...state().selection.ids]).toEqual(["a", "b"]);
    state().toggle(archived, "c");
    expect([...state().selection.ids]).toEqual(["c"]);
    expect(state().viewKey).toBe(archived);
  });

  it("ends 'everything in the view' when rows are chosen again, and only for its own view", () => {
    state().selectAll(inbox, ["a", "b"]);
    state().setEverything(inbox, { state: "loading", count: 100 });
    expect(state().everything).toEqual({ state: "loading", count: 100 });
    // A page that finishes loading for a view no longer shown changes nothing.
    state().setEverything(archived, { state: "ready", threads: [] });
    expect(state().everything.state).toBe("loading");
    state().toggle(inbox, "a");
    expect(state().everything.state).toBe("off");
    expect([...state().selection.ids]).toEqual(["b"]);
  });
});
