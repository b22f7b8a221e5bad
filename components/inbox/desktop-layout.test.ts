import { describe, expect, it } from "vitest";
import { separatorValues } from "./desktop-layout";

describe("a separator's value and bounds in the server's HTML", () => {
  it("is the size of the pane before it, bounded by its own limits and what the others need", () => {
    expect(separatorValues(["list", "thread"], 0, { list: 36, thread: 64 })).toEqual({ "aria-controls": "list", "aria-valuenow": 36, "aria-valuemin": 24, "aria-valuemax": 55 });
  });

  it("leaves the contact panel its least when there are three panes", () => {
    const sizes = { list: 35.6, thread: 38.4, contact: 26 };
    // The list may grow to 55 only if the conversation and the contact keep 30 and 18: 52.
    expect(separatorValues(["list", "thread", "contact"], 0, sizes)).toEqual({ "aria-controls": "list", "aria-valuenow": 36, "aria-valuemin": 24, "aria-valuemax": 52 });
    expect(separatorValues(["list", "thread", "contact"], 1, sizes)).toEqual({ "aria-controls": "thread", "aria-valuenow": 38, "aria-valuemin": 30, "aria-valuemax": 58 });
  });
});
