import { create } from "zustand";
import { whenShown } from "@/lib/client/focus";

/**
 * Whether the open conversation's box writes a reply to the contact or an internal comment
 * (lib/api/comments). One choice for the inbox, not per thread: it changes only when the member
 * changes it (the tabs, `r`, `c`), so the box never turns into a reply by itself.
 */
export type ComposerMode = "reply" | "comment";

/** The comment box's element ID: the `c` shortcut and the command palette focus it. */
export const COMMENT_BOX_ID = "comment-box";

export const useComposerModeStore = create<{ mode: ComposerMode; setMode: (mode: ComposerMode) => void }>()((set) => ({
  mode: "reply",
  setMode: (mode) => set({ mode }),
}));

/** Switches the box to `mode` and puts the focus in it once it is drawn. */
export function openComposer(mode: ComposerMode, boxId: string): void {
  useComposerModeStore.getState().setMode(mode);
  whenShown(boxId, (box) => box.focus());
}
