import { describe, expect, it } from "vitest";
import { endsSequence, SEQUENCE_TIMEOUT_MS, SHORTCUTS } from "./shortcuts";

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
