import { create } from "zustand";

/**
 * Message search's UI state: whether the list shows conversations or message hits for the
 * search box's text, and the message a hit asked the open thread to scroll to and highlight.
 */
export type SearchView = "conversations" | "messages";
export type JumpTarget = { threadId: string; messageId: string };

type MessageSearchState = {
  view: SearchView;
  jump: JumpTarget | null;
  setView: (view: SearchView) => void;
  setJump: (jump: JumpTarget | null) => void;
};

export const useMessageSearchStore = create<MessageSearchState>()((set) => ({
  view: "conversations",
  jump: null,
  setView: (view) => set({ view }),
  setJump: (jump) => set({ jump }),
}));
