import { create } from "zustand";
import { browserLayout, saveInboxLayout } from "@/lib/client/layout-cookie";

/**
 * The inbox's UI state that is not in the URL: which overlays are open, whether the contact
 * panel shows, and the list's keyboard cursor. The contact panel's choice is remembered in the
 * layout cookie, which the server reads too: read it with `useContactPanelOpen`
 * (lib/client/inbox-layout), which agrees with the server's HTML while hydrating.
 */
type UiState = {
  paletteOpen: boolean;
  shortcutsOpen: boolean;
  contactPanelOpen: boolean;
  /** The dialog a keyboard shortcut asked for on the open thread (`a`, `t`, `s`), or the snooze dialog (`z`). */
  picker: "assign" | "tag" | "status" | "snooze" | null;
  /** The conversations the snooze dialog puts away: the open one, or a selection. */
  snoozeIds: string[];
  /** Whether the person is moving by keyboard: the list's cursor shows only then. */
  keyboardNav: boolean;
  setKeyboardNav: (keyboardNav: boolean) => void;
  /**
   * How many times a mention was opened (the Mentions view, a notification or its toast): each
   * time scrolls the conversation to the comment again, even when the URL already names it.
   */
  commentJump: { commentId: string | null; n: number };
  askCommentJump: (commentId: string) => void;
  setPaletteOpen: (open: boolean) => void;
  setShortcutsOpen: (open: boolean) => void;
  setContactPanelOpen: (open: boolean) => void;
  toggleContactPanel: () => void;
  setPicker: (picker: UiState["picker"]) => void;
  openSnooze: (threadIds: string[]) => void;
};

export const useUiStore = create<UiState>()((set) => ({
  paletteOpen: false,
  shortcutsOpen: false,
  contactPanelOpen: typeof document === "undefined" ? true : browserLayout().contactPanel !== false,
  picker: null,
  snoozeIds: [],
  keyboardNav: false,
  commentJump: { commentId: null, n: 0 },
  askCommentJump: (commentId) => set((s) => ({ commentJump: { commentId, n: s.commentJump.n + 1 } })),
  setKeyboardNav: (keyboardNav) => set((s) => (s.keyboardNav === keyboardNav ? s : { keyboardNav })),
  setPaletteOpen: (paletteOpen) => set({ paletteOpen }),
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
  setContactPanelOpen: (contactPanelOpen) => set({ contactPanelOpen }),
  toggleContactPanel: () => set((s) => ({ contactPanelOpen: !s.contactPanelOpen })),
  setPicker: (picker) => set({ picker }),
  openSnooze: (snoozeIds) => set(snoozeIds.length ? { picker: "snooze", snoozeIds } : {}),
}));

// The contact panel's choice outlives the page, for the server's next render as much as ours.
if (typeof document !== "undefined") {
  useUiStore.subscribe((state, before) => {
    if (state.contactPanelOpen !== before.contactPanelOpen) saveInboxLayout({ contactPanel: state.contactPanelOpen });
  });
}
