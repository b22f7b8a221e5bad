import { describe, expect, it } from "vitest";
import { EARLY_CLICKS_SCRIPT, installEarlyClicks, takeEarlyOpen } from "./early-clicks";

type Early = { __inboxEarlyOpen?: string; __inboxLive?: boolean };

/** A page of rows as the list renders them: each element knows the selectors it sits inside. */
function page() {
  let listener: ((event: { target: unknown }) => void) | null = null;
  const win: Early = {};
  installEarlyClicks({ addEventListener: (_type, l, capture) => ((listener = l), expect(capture).toBe(true)) }, win);
  const element = (rowId: string | null, inCheck: boolean) => ({
    closest: (selector: string) =>
      selector === "[data-thread-id]" && rowId ? { getAttribute: () => rowId } : selector === "[data-row-check]" && inCheck ? { getAttribute: () => null } : null,
  });
  return {
    win,
    click: (rowId: string | null, { inCheck = false } = {}) => listener!({ target: element(rowId, inCheck) }),
  };
}

describe("clicks on server-rendered rows before hydration", () => {
  it("remembers the row clicked last before the inbox is live, and hands it over once", () => {
    const { win, click } = page();
    click("thr1");
    click(null);
    click("thr2");
    expect(takeEarlyOpen(win)).toBe("thr2");
    expect(takeEarlyOpen(win)).toBeNull();
  });

  it("leaves a click on the row's checkbox (its avatar) alone: selecting is not opening", () => {
    const { win, click } = page();
    click("thr1", { inCheck: true });
    expect(takeEarlyOpen(win)).toBeNull();
  });

  it("stops remembering once the inbox is live", () => {
    const { win, click } = page();
    expect(takeEarlyOpen(win)).toBeNull();
    click("thr1");
    expect(win.__inboxEarlyOpen).toBeUndefined();
  });

  it("is sent as a script that runs by itself", () => {
    expect(EARLY_CLICKS_SCRIPT.startsWith("(")).toBe(true);
    expect(() => new Function(`const document = { addEventListener() {} }; const window = {}; ${EARLY_CLICKS_SCRIPT}`)()).not.toThrow();
  });
});
