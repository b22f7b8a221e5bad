/**
 * Autosave for a contact's notes, free of React so every rule can be tested with fake timers.
 *
 * The text in the field (the draft) belongs to the person typing: it is never replaced by a
 * failed save, by the cache rolling back, or by someone else's change arriving mid-sentence.
 * Saves go one at a time, so answers cannot arrive out of order and undo a later keystroke.
 *
 * - Typing schedules a save `delayMs` after the last keystroke; `flush()` (blur, unmount)
 *   saves at once.
 * - A failed save keeps the draft and says why; `retry()` tries again.
 * - The server's value is fed in with `serverValue()`. While the draft has no unsaved edits it
 *   simply follows; otherwise the draft is kept, the other text is offered as a `conflict`
 *   ("Use theirs"), and the next save writes the draft.
 */

export type NotesStatus = "idle" | "pending" | "saving" | "saved" | "error";

export type NotesSnapshot = {
  readonly draft: string;
  /** idle: nothing changed; pending: typed, waiting for a pause; saved: the last save went through. */
  readonly status: NotesStatus;
  /** Why the last save failed, as a sentence; set while status is "error". */
  readonly error: string | null;
  /** Someone else's text that arrived while the draft had unsaved edits. */
  readonly conflict: string | null;
};

export type NotesAutosaveOptions = {
  /** The notes as the server has them when editing starts. */
  initial: string | null;
  /** Writes the notes (null clears them). Rejects when refused. */
  save: (notes: string | null) => Promise<unknown>;
  /** The sentence for a refusal. */
  describeError: (error: unknown) => string;
  /** Pause after the last keystroke before saving. */
  delayMs?: number;
  maxLength?: number;
};

export const NOTES_SAVE_DELAY_MS = 800;

export class NotesAutosave {
  private snapshot: NotesSnapshot;
  /** What the server holds as far as we know, as field text ("" for null). */
  private saved: string;
  /** The text of the save under way, or null. */
  private inFlight: string | null = null;
  /** A save was asked for while another ran: run it when that one ends. */
  private queued = false;
  /** The last server value seen, so repeats are ignored. */
  private lastServer: string;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The last save succeeded and nothing was typed since: "Saved". */
  private justSaved = false;
  private readonly listeners = new Set<() => void>();
  private saveFn: NotesAutosaveOptions["save"];
  private readonly describeError: NotesAutosaveOptions["describeError"];
  private readonly delayMs: number;
  private readonly maxLength: number;

  constructor(options: NotesAutosaveOptions) {
    const initial = options.initial ?? "";
    this.saved = initial;
    this.lastServer = initial;
    this.snapshot = { draft: initial, status: "idle", error: null, conflict: null };
    this.saveFn = options.save;
    this.describeError = options.describeError;
    this.delayMs = options.delayMs ?? NOTES_SAVE_DELAY_MS;
    this.maxLength = options.maxLength ?? Number.POSITIVE_INFINITY;
  }

  readonly getSnapshot = (): NotesSnapshot => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The save function can change (a new mutation instance); the latest is used. */
  setSave(save: NotesAutosaveOptions["save"]): void {
    this.saveFn = save;
  }

  /** Whether leaving now would lose text: unsaved, being saved, or refused. */
  hasUnsavedChanges(): boolean {
    return this.inFlight !== null || this.snapshot.draft !== this.saved;
  }

  type(text: string): void {
    this.update({ draft: text });
    this.cancelTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.saveNow();
    }, this.delayMs);
  }

  /** Saves now what waits for a pause (on blur and unmount). */
  flush(): void {
    this.cancelTimer();
    void this.saveNow();
  }

  retry(): void {
    this.flush();
  }

  /** The server's notes, whenever they may have changed (a refetch, an event, a rollback). */
  serverValue(value: string | null): void {
    const text = value ?? "";
    if (text === this.lastServer) return;
    this.lastServer = text;
    // Our own write coming back (optimistically or confirmed), or a rollback to what was saved.
    if (text === this.saved || text === this.inFlight) return;
    if (text === this.snapshot.draft && this.inFlight === null) {
      // Stored elsewhere exactly as typed here: nothing is left to save.
      this.saved = text;
      this.update({ error: null });
      return;
    }
    const clean = this.inFlight === null && this.snapshot.draft === this.saved && !this.snapshot.error;
    this.saved = text;
    if (clean) {
      this.update({ draft: text, conflict: null, error: null });
      return;
    }
    // Unsaved typing wins the field; the other text stays at hand, and the draft is saved over it.
    this.update({ conflict: text });
    if (this.inFlight === null && this.timer === null) this.type(this.snapshot.draft);
  }

  /** Replaces the draft with the text that arrived from elsewhere, and saves that. */
  takeTheirs(): void {
    const theirs = this.snapshot.conflict;
    if (theirs === null) return;
    this.update({ draft: theirs, conflict: null });
    this.flush();
  }

  dismissConflict(): void {
    this.update({ conflict: null });
  }

  /** Stops a scheduled save without sending it. */
  dispose(): void {
    this.cancelTimer();
    this.listeners.clear();
  }

  private async saveNow(): Promise<void> {
    if (this.inFlight !== null) {
      this.queued = true;
      return;
    }
    const text = this.snapshot.draft;
    if (text === this.saved) {
      // Typed back to what is stored: nothing to send, and nothing left to fail.
      if (this.snapshot.error) this.update({ error: null });
      return;
    }
    if (text.length > this.maxLength) {
      this.update({ error: `Notes can be at most ${this.maxLength.toLocaleString("en")} characters. Shorten them to save.` });
      return;
    }
    this.inFlight = text;
    this.update({ error: null });
    let error: string | null = null;
    try {
      await this.saveFn(text === "" ? null : text);
      this.saved = text;
    } catch (cause) {
      error = this.describeError(cause);
    }
    this.inFlight = null;
    this.update({ error }, error === null);
    const again = this.queued;
    this.queued = false;
    // A refusal is not retried by itself: the person decides (Retry, or typing on).
    if (again && error === null) await this.saveNow();
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private update(change: Partial<Omit<NotesSnapshot, "status">>, saved = false): void {
    const next = { ...this.snapshot, ...change };
    if (saved) this.justSaved = true;
    if (next.draft !== this.snapshot.draft) this.justSaved = false;
    const status: NotesStatus =
      this.inFlight !== null
        ? "saving"
        : next.error
          ? "error"
          : next.draft !== this.saved
            ? "pending"
            : this.justSaved
              ? "saved"
              : "idle";
    const snapshot = { ...next, status };
    if (
      snapshot.draft === this.snapshot.draft &&
      snapshot.status === this.snapshot.status &&
      snapshot.error === this.snapshot.error &&
      snapshot.conflict === this.snapshot.conflict
    ) {
      return;
    }
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}
