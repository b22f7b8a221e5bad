import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/**
 * What the person has typed but not sent, per thread: kept across navigation and reloads
 * (localStorage), cleared when sent. An empty draft is dropped rather than stored.
 */
type DraftsState = {
  drafts: Record<string, string>;
  setDraft: (threadId: string, text: string) => void;
  clearDraft: (threadId: string) => void;
};

export const DRAFTS_STORAGE_KEY = "inbox-drafts";

export const useDraftsStore = create<DraftsState>()(
  persist(
    (set) => ({
      drafts: {},
      setDraft: (threadId, text) =>
        set((s) => {
          if ((s.drafts[threadId] ?? "") === text) return s;
          const drafts = { ...s.drafts };
          if (text) drafts[threadId] = text;
          else delete drafts[threadId];
          return { drafts };
        }),
      clearDraft: (threadId) =>
        set((s) => {
          if (!(threadId in s.drafts)) return s;
          const { [threadId]: _cleared, ...drafts } = s.drafts;
          return { drafts };
        }),
    }),
    { name: DRAFTS_STORAGE_KEY, version: 1, storage: createJSONStorage(() => localStorage), partialize: (s) => ({ drafts: s.drafts }) },
  ),
);

/** The draft of one thread, "" when there is none. */
export function useDraft(threadId: string): string {
  return useDraftsStore((s) => s.drafts[threadId] ?? "");
}
