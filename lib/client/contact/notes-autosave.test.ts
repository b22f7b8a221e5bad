import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOTES_SAVE_DELAY_MS, NotesAutosave } from "./notes-autosave";

/** A save whose answers the test gives by hand, in any order. */
function manualSave() {
  const calls: { notes: string | null; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const save = vi.fn(
    (notes: string | null) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ notes, resolve, reject });
      }),
  );
  return { save, calls };
}

function setup(initial: string | null = "Met at the fair", maxLength?: number) {
  const { save, calls } = manualSave();
  const autosave = new NotesAutosave({ initial, save, describeError: (e) => `Refused: ${String(e)}`, maxLength });
  const seen: string[] = [];
  autosave.subscribe(() => seen.push(autosave.getSnapshot().status));
  return { autosave, save, calls, seen };
}

/** Lets awaited promises inside the autosave run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("NotesAutosave", () => {
  it("starts from the server's notes, null as empty", () => {
    expect(setup(null).autosave.getSnapshot()).toEqual({ draft: "", status: "idle", error: null, conflict: null });
    expect(setup("Hi").autosave.getSnapshot().draft).toBe("Hi");
  });

  it("saves once, after the typing pauses", async () => {
    const { autosave, save, calls } = setup("");
    autosave.type("H");
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS - 100);
    autosave.type("Hi");
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    expect(autosave.getSnapshot().status).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledExactlyOnceWith("Hi");
    expect(autosave.getSnapshot().status).toBe("saving");
    calls[0]!.resolve();
    await settle();
    expect(autosave.getSnapshot()).toMatchObject({ draft: "Hi", status: "saved", error: null });
  });

  it("saves at once on flush (blur), and not again when the timer would have fired", async () => {
    const { autosave, save, calls } = setup("");
    autosave.type("Call back Tuesday");
    autosave.flush();
    expect(save).toHaveBeenCalledExactlyOnceWith("Call back Tuesday");
    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS * 2);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("sends null when the notes are emptied, and nothing when unchanged", async () => {
    const { autosave, save, calls } = setup("Old");
    autosave.flush();
    expect(save).not.toHaveBeenCalled();
    autosave.type("Olde");
    autosave.type("Old");
    autosave.flush();
    expect(save).not.toHaveBeenCalled();
    expect(autosave.getSnapshot().status).toBe("idle");
    autosave.type("");
    autosave.flush();
    expect(save).toHaveBeenCalledExactlyOnceWith(null);
    calls[0]!.resolve();
    await settle();
    expect(autosave.getSnapshot()).toMatchObject({ draft: "", status: "saved" });
  });

  it("keeps the typed text and says why when a save fails; retry sends it again", async () => {
    const { autosave, save, calls } = setup("");
    autosave.type("Important");
    autosave.flush();
    autosave.serverValue("Important"); // the optimistic write
    calls[0]!.reject("forbidden");
    autosave.serverValue(null); // the cache rolled back: the draft stays
    await settle();
    autosave.serverValue(null);
    expect(autosave.getSnapshot()).toEqual({ draft: "Important", status: "error", error: "Refused: forbidden", conflict: null });
    expect(autosave.hasUnsavedChanges()).toBe(true);
    autosave.retry();
    expect(save).toHaveBeenLastCalledWith("Important");
    expect(autosave.getSnapshot()).toMatchObject({ status: "saving", error: null });
    calls[1]!.resolve();
    await settle();
    expect(autosave.getSnapshot()).toMatchObject({ draft: "Important", status: "saved", error: null });
    expect(autosave.hasUnsavedChanges()).toBe(false);
  });

  it("does not retry a refusal by itself", async () => {
    const { autosave, save, calls } = setup("");
    autosave.type("a");
    autosave.flush();
    autosave.type("ab");
    autosave.flush(); // queued behind the first
    calls[0]!.reject("nope");
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS * 3);
    expect(save).toHaveBeenCalledTimes(1);
    expect(autosave.getSnapshot()).toMatchObject({ draft: "ab", status: "error" });
  });

  it("saves one at a time: keystrokes during a save are saved after it, in order", async () => {
    const { autosave, save, calls } = setup("");
    autosave.type("First");
    autosave.flush();
    autosave.type("First and second");
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1); // waits for the first answer
    expect(autosave.getSnapshot().status).toBe("saving");
    calls[0]!.resolve();
    await settle();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith("First and second");
    calls[1]!.resolve();
    await settle();
    expect(autosave.getSnapshot()).toMatchObject({ draft: "First and second", status: "saved" });
  });

  it("shows pending, not saved, when typing went on during a save", async () => {
    const { autosave, calls } = setup("");
    autosave.type("One");
    autosave.flush();
    autosave.type("One two");
    calls[0]!.resolve();
    await settle();
    expect(autosave.getSnapshot().status).toBe("pending");
  });

  it("ignores its own value coming back from the server", async () => {
    const { autosave, calls } = setup("");
    autosave.type("Mine");
    autosave.flush();
    autosave.serverValue("Mine"); // optimistic cache write
    calls[0]!.resolve();
    await settle();
    autosave.serverValue("Mine"); // refetch
    expect(autosave.getSnapshot()).toEqual({ draft: "Mine", status: "saved", error: null, conflict: null });
  });

  it("follows the server while nothing is being edited", () => {
    const { autosave, save } = setup("Old");
    autosave.serverValue("Changed by Ana");
    expect(autosave.getSnapshot()).toEqual({ draft: "Changed by Ana", status: "idle", error: null, conflict: null });
    autosave.serverValue(null);
    expect(autosave.getSnapshot().draft).toBe("");
    expect(save).not.toHaveBeenCalled();
  });

  it("keeps unsaved typing when the server's value changes under it, and offers theirs", async () => {
    const { autosave, save, calls } = setup("Old");
    autosave.type("Old, and my addition");
    autosave.serverValue("Ana's rewrite");
    expect(autosave.getSnapshot()).toMatchObject({ draft: "Old, and my addition", conflict: "Ana's rewrite", status: "pending" });
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS);
    expect(save).toHaveBeenCalledExactlyOnceWith("Old, and my addition");
    calls[0]!.resolve();
    await settle();
    expect(autosave.getSnapshot()).toMatchObject({ draft: "Old, and my addition", conflict: "Ana's rewrite", status: "saved" });

    autosave.takeTheirs();
    expect(autosave.getSnapshot()).toMatchObject({ draft: "Ana's rewrite", conflict: null, status: "saving" });
    expect(save).toHaveBeenLastCalledWith("Ana's rewrite");
  });

  it("keeps typing made while a save is under way when another value arrives", async () => {
    const { autosave, save, calls } = setup("");
    autosave.type("Mine");
    autosave.flush();
    autosave.type("Mine, more");
    autosave.serverValue("Theirs");
    expect(autosave.getSnapshot()).toMatchObject({ draft: "Mine, more", conflict: "Theirs" });
    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS);
    expect(save).toHaveBeenLastCalledWith("Mine, more");
  });

  it("counts a server value equal to the draft as saved", () => {
    const { autosave, save } = setup("Old");
    autosave.type("Same words");
    autosave.serverValue("Same words");
    expect(autosave.getSnapshot()).toEqual({ draft: "Same words", status: "idle", error: null, conflict: null });
    autosave.flush();
    expect(save).not.toHaveBeenCalled();
  });

  it("keeps a refused draft when another value arrives", async () => {
    const { autosave, calls } = setup("Old");
    autosave.type("Mine");
    autosave.flush();
    calls[0]!.reject("offline");
    await settle();
    autosave.serverValue("Theirs");
    expect(autosave.getSnapshot()).toMatchObject({ draft: "Mine", conflict: "Theirs" });
  });

  it("dismisses the other text without changing the draft", () => {
    const { autosave } = setup("Old");
    autosave.type("Mine");
    autosave.serverValue("Theirs");
    autosave.dismissConflict();
    expect(autosave.getSnapshot()).toMatchObject({ draft: "Mine", conflict: null });
  });

  it("refuses to send notes over the maximum, keeping them", () => {
    const { autosave, save } = setup("", 5);
    autosave.type("123456");
    autosave.flush();
    expect(save).not.toHaveBeenCalled();
    expect(autosave.getSnapshot()).toMatchObject({ draft: "123456", status: "error", error: "Notes can be at most 5 characters. Shorten them to save." });
  });

  it("uses the latest save function", async () => {
    const { autosave, save } = setup("");
    const next = vi.fn(() => Promise.resolve());
    autosave.setSave(next);
    autosave.type("x");
    autosave.flush();
    expect(save).not.toHaveBeenCalled();
    expect(next).toHaveBeenCalledWith("x");
  });

  it("drops a scheduled save on dispose", async () => {
    const { autosave, save } = setup("");
    autosave.type("x");
    autosave.dispose();
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
  });

  it("notifies only on visible changes", () => {
    const { autosave, seen } = setup("");
    autosave.type("a");
    autosave.type("a");
    autosave.dismissConflict();
    expect(seen).toEqual(["pending"]);
  });
});
