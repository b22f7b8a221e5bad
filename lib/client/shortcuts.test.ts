import { describe, expect, it } from "vitest";
import { endsSequence, matchesShortcut, pressedKey, SEQUENCE_TIMEOUT_MS, SHORTCUTS, shortcut, type KeyEventLike, type ShortcutId } from "./shortcuts";

describe("the shortcuts table", () => {
  it("binds each key once and names each shortcut once", () => {
    expect(new Set(SHORTCUTS.map((s) => s.keys)).size).toBe(SHORTCUTS.length);
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
  });

  const sequences = SHORTCUTS.filter((s) => s.keys.includes(">"));
  const singles = SHORTCUTS.filter((s) => /^[a-z]$/.test(s.keys));

  it.each(sequences.map((s) => [s.display.join(" "), s.keys] as const))("%s: its second key finishes the sequence, whatever single key shares it", (_shown, keys) => {
    const [first, second] = keys.split(">") as [string, string];
    expect(endsSequence({ key: first, at: 1000 }, { key: second, at: 1000 + SEQUENCE_TIMEOUT_MS - 1 })).toBe(true);
    // Caps Lock or Shift does not change which shortcut it is.
    expect(endsSequence({ key: first.toUpperCase(), at: 1000 }, { key: second.toUpperCase(), at: 1200 })).toBe(true);
  });

  it("the sequences the sheet advertises include g a and g r, whose second keys are Assign and Reply on their own", () => {
    const shared = sequences.map((s) => s.keys.split(">")[1]).filter((key) => singles.some((single) => single.keys === key));
    expect(shared).toEqual(expect.arrayContaining(["a", "r"]));
  });

  it.each(singles.map((s) => [s.keys] as const))("%s on its own stands alone: after another key, after a pause, or first", (key) => {
    expect(endsSequence(null, { key, at: 10 })).toBe(false);
    expect(endsSequence({ key: "j", at: 10 }, { key, at: 20 })).toBe(false);
    expect(endsSequence({ key: "g", at: 10 }, { key, at: 10 + SEQUENCE_TIMEOUT_MS + 1 })).toBe(false);
  });

  it("a key after g that finishes no sequence is itself (g then j moves down)", () => {
    expect(endsSequence({ key: "g", at: 10 }, { key: "j", at: 20 })).toBe(false);
  });
});

/** A keydown as a layout produces it: no modifiers unless named. */
const press = (key: string, code: string, mods: Partial<KeyEventLike> = {}): KeyEventLike => ({ key, code, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });
/** The shortcuts a keydown sets off (none, or one: each key names one shortcut). */
const hits = (event: KeyEventLike, recent?: Parameters<typeof matchesShortcut>[2]): ShortcutId[] => SHORTCUTS.filter((s) => matchesShortcut(s.keys, event, recent)).map((s) => s.id);

describe("shortcuts on every keyboard layout", () => {
  it("German: ? is Shift+ß, / is Shift+7, ; is Shift+comma, . is the period key", () => {
    expect(hits(press("?", "Minus", { shiftKey: true }))).toEqual(["shortcuts"]);
    expect(hits(press("/", "Digit7", { shiftKey: true }))).toEqual(["search"]);
    expect(hits(press(";", "Comma", { shiftKey: true }))).toEqual(["savedReply"]);
    expect(hits(press(".", "Period"))).toEqual(["applyUpdates"]);
    // What the US positions produce there is not the shortcut: ß, 7, & and -.
    expect(hits(press("ß", "Minus"))).toEqual([]);
    expect(hits(press("&", "Digit7", { shiftKey: true }))).toEqual([]);
    expect(hits(press("-", "Slash"))).toEqual([]);
  });

  it("French (AZERTY): ? is Shift+comma, / is Shift+colon, ; is its own key, letters where they are printed", () => {
    expect(hits(press("?", "KeyM", { shiftKey: true }))).toEqual(["shortcuts"]);
    expect(hits(press("/", "Period", { shiftKey: true }))).toEqual(["search"]);
    expect(hits(press(";", "Comma"))).toEqual(["savedReply"]);
    expect(hits(press("a", "KeyQ"))).toEqual(["assign"]);
  });

  it("US and UK as before, and AltGr punctuation (Swiss, Polish) counts, but Ctrl or ⌘ with it does not", () => {
    expect(hits(press("?", "Slash", { shiftKey: true }))).toEqual(["shortcuts"]);
    expect(hits(press("/", "Slash"))).toEqual(["search"]);
    expect(hits(press("/", "Digit7", { ctrlKey: true, altKey: true, altGraph: true }))).toEqual(["search"]);
    expect(hits(press("/", "Slash", { ctrlKey: true }))).toEqual([]);
    expect(hits(press("?", "Slash", { metaKey: true, shiftKey: true }))).toEqual([]);
  });

  it("letters work with Caps Lock, and Shift still tells x from Shift+x", () => {
    expect(hits(press("J", "KeyJ"))).toEqual(["next"]);
    expect(hits(press("E", "KeyE"))).toEqual(["archive"]);
    expect(hits(press("X", "KeyX"))).toEqual(["select"]);
    expect(hits(press("X", "KeyX", { shiftKey: true }))).toEqual(["selectRange"]);
    // Caps Lock and Shift together produce a small letter.
    expect(hits(press("x", "KeyX", { shiftKey: true }))).toEqual(["selectRange"]);
    expect(hits(press("K", "KeyK", { ctrlKey: true }))).toEqual(["palette"]);
    expect(hits(press("A", "KeyA", { metaKey: true }))).toEqual(["selectAll"]);
    expect(hits(press("j", "KeyJ", { altKey: true }))).toEqual([]);
  });

  it("sequences by produced key, with Caps Lock, within the timeout", () => {
    const recent = (first: string, gap: number) => ({ previous: { key: first, at: 1000 }, last: { key: "i", at: 1000 + gap } });
    expect(hits(press("I", "KeyI"), recent("g", 200))).toEqual(expect.arrayContaining(["goInbox"]));
    expect(hits(press("i", "KeyI"), recent("g", SEQUENCE_TIMEOUT_MS + 1))).not.toContain("goInbox");
    expect(hits(press("i", "KeyI"), recent("j", 200))).not.toContain("goInbox");
  });

  it("names a press by its letter on a non-Latin layout, and by its character otherwise", () => {
    expect(pressedKey({ key: "о", code: "KeyJ" })).toBe("j");
    expect(pressedKey({ key: "Enter", code: "Enter" })).toBe("enter");
    expect(pressedKey({ key: "ß", code: "Minus" })).toBe("ß");
    expect(matchesShortcut(shortcut("next").keys, press("о", "KeyJ"))).toBe(true);
  });
});
