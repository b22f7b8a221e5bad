import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/**
 * What the person has typed but not sent, per thread: kept across navigation and reloads
 * (localStorage), cleared when sent. An empty draft is dropped rather than stored.
 *
 * `synced` is what this device knows the server holds of each draft (lib/client/drafts): the
 * text it last saved or took from there, and the server's time for it. A draft that differs
 * from it has not reached the server yet, and is never replaced by the server's copy.
 */
export type SyncedDraft = { text: string; at: string };

type DraftsState = {
  drafts: Record<string, string>;
  synced: Record<string, SyncedDraft>;
  setDraft: (threadId: string, text: string) => void;
  clearDraft: (threadId: string) => void;
  /** The server now holds `text` (saved from here, or taken from there); null: it holds none. */
  markSynced: (threadId: string, synced: SyncedDraft | null) => void;
  /** Takes the server's draft into the box: it is newer than this device's and nothing here is unsaved. */
  adopt: (threadId: string, synced: SyncedDraft | null) => void;
};

export const DRAFTS_STORAGE_KEY = "inbox-drafts";

export const useDraftsStore = create<DraftsState>()(
  persist(
    (set) => ({
      drafts: {},
      synced: {},
      setDraft: (threadId, text) =>
        set((s) => {
          if ((s.drafts[threadId] ?? "") === text) return s;
          return { drafts: withEntry(s.drafts, threadId, text || null) };
        }),
      clearDraft: (threadId) =>
        set((s) => {
          if (!(threadId in s.drafts)) return s;
          return { drafts: withEntry(s.drafts, threadId, null) };
        }),
      markSynced: (threadId, synced) => set((s) => ({ synced: withEntry(s.synced, threadId, synced) })),
      adopt: (threadId, synced) =>
        set((s) => ({ drafts: withEntry(s.drafts, threadId, synced?.text || null), synced: withEntry(s.synced, threadId, synced) })),
    }),
    {
      name: DRAFTS_STORAGE_KEY,
      version: 2,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ drafts: s.drafts, synced: s.synced }),
      // Version 1 kept the text alone: none of it has reached the server yet.
      migrate: (persisted, version) => {
        const state = (persisted ?? {}) as { drafts?: Record<string, string>; synced?: Record<string, SyncedDraft> };
        return { drafts: state.drafts ?? {}, synced: version < 2 ? {} : (state.synced ?? {}) };
      },
    },
  ),
);

/** The draft of one thread, "" when there is none. */
export function useDraft(threadId: string): string {
  return useDraftsStore((s) => s.drafts[threadId] ?? "");
}

function withEntry<T>(record: Record<string, T>, key: string, value: T | null): Record<string, T> {
  const { [key]: _old, ...rest } = record;
  return value === null ? rest : { ...rest, [key]: value };
}
