import { create } from "zustand";

/**
 * The message a search hit asked the open thread to show: the thread view loads older pages
 * until it holds it, scrolls to it and highlights it. Whether the list shows message hits is
 * the URL's (`searchIn`), so a search can be linked and Back leaves it.
 */
export type JumpTarget = { threadId: string; messageId: string };

type MessageSearchState = {
  /** A new object for every choice, so choosing the same hit again scrolls to it again. */
  jump: JumpTarget | null;
  setJump: (jump: JumpTarget | null) => void;
};

export const useMessageSearchStore = create<MessageSearchState>()((set) => ({
  jump: null,
  setJump: (jump) => set({ jump }),
}));
