import { describe, expect, it } from "vitest";
import { clicksAreLive, hasEarlyInput, takeEarlyInput } from "./early-input";
import { EARLY_INPUT_SCRIPT, installEarlyInput } from "./early-input-script";

type Early = Parameters<typeof takeEarlyInput>[0] & object;
type Listener = Parameters<NonNullable<Parameters<typeof installEarlyInput>[0]>["addEventListener"]>[1];

/** A page of rows as the list renders them: each element knows the selectors it sits inside. */
function page() {
  const listeners = new Map<string, Listener>();
  const win: Early = {};
  installEarlyInput({ addEventListener: (type, l, capture) => (listeners.set(type, l), expect(capture).toBe(true)) }, win);
  const element = ({ rowId = null, inCheck = false, inField = false, onButton = false }: { rowId?: string | null; inCheck?: boolean; inField?: boolean; onButton?: boolean }) => ({
    closest: (selector: string) =>
      (selector === "[data-thread-id]" && rowId) || (selector === "[data-row-check]" && inCheck) || (selector.startsWith("input") && inField) || (selector.startsWith("button") && onButton)
        ? { getAttribute: () => rowId }
        : null,
  });
  return {
    win,
    click: (rowId: string | null, { inCheck = false } = {}) => listeners.get("click")!({ type: "click", target: element({ rowId, inCheck }) }),
    press: (key: string, { inField = false, repeat = false, shiftKey = false, onButton = false } = {}) =>
      listeners.get("keydown")!({ type: "keydown", key, code: `Key${key.toUpperCase()}`, repeat, shiftKey, target: element({ inField, onButton }) }),
  };
}

describe("input on the server's HTML before the inbox is live", () => {
  it("queues the rows clicked and the keys pressed, in order, and hands them over once", () => {
    const { win, click, press } = page();
    press("j");
    click("thr1");
    click(null);
    press("e", { shiftKey: true });
    const taken = takeEarlyInput(win);
    expect(taken.map((i) => (i.kind === "open" ? `open ${i.threadId}` : `key ${i.key}${i.shiftKey ? "+shift" : ""}`))).toEqual(["key j", "open thr1", "key e+shift"]);
    expect(takeEarlyInput(win)).toEqual([]);
  });

  it("leaves alone a click on the row's checkbox (selecting is not opening), keys typed in a field, a held key and a modifier alone", () => {
    const { win, click, press } = page();
    click("thr1", { inCheck: true });
    press("a", { inField: true });
    press("j", { repeat: true });
    press("Shift");
    expect(takeEarlyInput(win)).toEqual([]);
  });

  it("stops queueing once the inbox is live", () => {
    const { win, click, press } = page();
    expect(takeEarlyInput(win)).toEqual([]);
    click("thr1");
    press("j");
    expect(win.__inboxEarly).toBeUndefined();
  });

  it("leaves clicks, and a focused control's own keys, to the hydrated page, while other keys wait for the keyboard's code", () => {
    const { win, click, press } = page();
    press("j");
    clicksAreLive(win);
    click("thr1");
    press("Enter", { onButton: true });
    press("j", { onButton: true });
    press("Enter");
    expect(hasEarlyInput(win)).toBe(true);
    expect(takeEarlyInput(win).map((i) => (i.kind === "key" ? i.key : i.threadId))).toEqual(["j", "j", "Enter"]);
    expect(hasEarlyInput(win)).toBe(false);
  });

  it("is sent as a script that runs by itself", () => {
    expect(EARLY_INPUT_SCRIPT.startsWith("(")).toBe(true);
    expect(() => new Function(`const document = { addEventListener() {} }; const window = {}; ${EARLY_INPUT_SCRIPT}`)()).not.toThrow();
  });
});
