"use client";

import { useEffect, useRef } from "react";
import { useHotkeys } from "react-hotkeys-hook";
import type { Folder, Thread } from "@/lib/api/threads";
import { movedCursor } from "@/lib/client/list/cursor";
import type { InboxParamsChange } from "@/lib/client/list/inbox-url";
import { useUnreadFor } from "@/lib/client/mutations/reads";
import { useThreadActions } from "@/lib/client/hooks/use-thread-actions";
import { endsSequence, matchesShortcut, pressedKey, shortcut, type KeyPress, type ShortcutId } from "@/lib/client/shortcuts";
import { typeTriggerSign } from "@/lib/client/saved-replies/type-trigger-sign";
import { COMMENT_BOX_ID, openComposer } from "@/lib/client/stores/composer-mode";
import { useSelectionStore } from "@/lib/client/stores/selection";
import { useUiStore } from "@/lib/client/stores/ui";

export const SEARCH_INPUT_ID = "inbox-search";
export const COMPOSER_ID = "composer";
/** The campaign bar's Stop sequence (components/thread/campaign-bar), which its key presses. */
export const STOP_SEQUENCE_ID = "stop-sequence";

export type SetParams = (change: InboxParamsChange, options?: { history?: "push" | "replace" }) => unknown;

/**
 * The inbox's keyboard: every shortcut of lib/client/shortcuts bound to what it does. Keys
 * are ignored while typing in a field and while a dialog is open, except the palette's.
 */
export function useInboxHotkeys({
  rows,
  cursorId,
  setCursorId,
  openId,
  open,
  close,
  applyUpdates,
  removeRow,
  setParams,
  viewKey,
}: {
  rows: Thread[];
  cursorId: string | null;
  setCursorId: (id: string | null) => void;
  openId: string | null;
  open: (thread: Thread, how?: "push" | "replace") => void;
  close: () => void;
  applyUpdates: () => void;
  removeRow: (id: string) => void;
  setParams: SetParams;
  /** The list's view (lib/client/stores/selection): what x and Esc select in and clear. */
  viewKey: string;
}) {
  const ui = useUiStore();
  const act = useThreadActions();
  const unreadFor = useUnreadFor();
  const index = cursorId ? rows.findIndex((r) => r.id === cursorId) : -1;
  const target = rows.find((r) => r.id === (openId ?? cursorId)) ?? null;

  const move = (by: number) => {
    // An open thread's row is highlighted: the cursor on it shows even before any key.
    const nextId = movedCursor(rows.map((r) => r.id), cursorId, by, ui.keyboardNav || openId !== null);
    ui.setKeyboardNav(true);
    const next = rows.find((r) => r.id === nextId);
    if (!next) return;
    if (openId) {
      if (next.id !== openId) open(next, "replace");
    } else setCursorId(next.id);
  };

  const go = (folder: Folder) => void setParams({ ...CLEARED, folder, thread: null });

  const actions: Record<ShortcutId, () => void> = {
    next: () => move(1),
    previous: () => move(-1),
    open: () => {
      const row = rows[index];
      if (row) open(row);
    },
    close: () => {
      const selection = useSelectionStore.getState();
      // Esc first lets go of a selection, then leaves the thread.
      if (selection.viewKey === viewKey && (selection.selection.ids.size > 0 || selection.everything.state !== "off")) selection.clear();
      else if (openId) close();
    },
    select: () => {
      const row = rows[index];
      if (row) useSelectionStore.getState().toggle(viewKey, row.id);
    },
    selectRange: () => {
      const row = rows[index];
      if (row) useSelectionStore.getState().extend(viewKey, rows.map((r) => r.id), row.id);
    },
    selectAll: () => useSelectionStore.getState().selectAll(viewKey, rows.map((r) => r.id)),
    applyUpdates,
    archive: () => {
      if (!target) return;
      const archived = !target.archived;
      // The next row takes the cursor (and opens, if this one was open), as in a mail client.
      const after = rows[index + 1] ?? rows[index - 1];
      removeRow(target.id);
      act({ kind: "archive", archived }, target);
      if (after && after.id !== target.id) {
        if (openId === target.id) open(after, "replace");
        else setCursorId(after.id);
      } else if (openId === target.id) {
        close();
      }
    },
    toggleRead: () => {
      if (!target) return;
      act({ kind: "read", read: unreadFor(target) }, target);
    },
    assign: () => target && ui.setPicker("assign"),
    tag: () => target && ui.setPicker("tag"),
    status: () => target && ui.setPicker("status"),
    snooze: () => {
      // A selection in this view is snoozed whole; else the open or focused conversation.
      const { viewKey: selectedIn, selection } = useSelectionStore.getState();
      const selected = selectedIn === viewKey ? [...selection.ids] : [];
      ui.openSnooze(selected.length ? selected : target ? [target.id] : []);
    },
    reply: () => openComposer("reply", COMPOSER_ID),
    comment: () => openId && openComposer("comment", COMMENT_BOX_ID),
    savedReply: () => openId && typeTriggerSign(openId, COMPOSER_ID),
    stopSequence: () => openId && document.getElementById(STOP_SEQUENCE_ID)?.click(),
    search: () => document.getElementById(SEARCH_INPUT_ID)?.focus(),
    goInbox: () => go("inbox"),
    goNoReply: () => go("noReply"),
    goRequests: () => go("requests"),
    goArchived: () => go("archived"),
    goMentions: () => void setParams({ ...CLEARED, view: "mentions", thread: null }),
    toggleContact: ui.toggleContactPanel,
    shortcuts: () => ui.setShortcutsOpen(true),
    palette: () => ui.setPaletteOpen(!ui.paletteOpen),
  };

  const keys = useRecentKeys();
  const bind = (id: ShortcutId, options: { allowInDialogs?: boolean; allowInFields?: boolean; onlyOnList?: boolean } = {}) =>
    // eslint-disable-next-line react-hooks/rules-of-hooks -- called a fixed number of times, in a fixed order
    useHotkeys(
      // Every key, judged by matchesShortcut: by the character it produces, not the US position react-hotkeys-hook reads.
      "*",
      (event) => {
        if (!matchesShortcut(shortcut(id).keys, keyEvent(event), keys.current)) return;
        // A key something else already acted on (a popover's Escape, an editor's Enter) is not ours too.
        if (event.defaultPrevented) return;
        // `a` after `g` belongs to `g a`: a single key yields to the sequence it finishes.
        if (!shortcut(id).keys.includes(">") && endsSequence(keys.current.previous, keys.current.last ?? { key: pressedKey(event), at: event.timeStamp })) return;
        if (!options.allowInDialogs && dialogOpen()) return;
        // Enter on a focused button or link is that control's; only on the list (or nowhere) is it ours.
        if (options.onlyOnList && !onListOrBody(event.target)) return;
        event.preventDefault();
        actions[id]();
      },
      { enableOnFormTags: options.allowInFields, preventDefault: false },
      [actions[id]],
    );

  bind("next");
  bind("previous");
  bind("open", { onlyOnList: true });
  bind("close");
  bind("applyUpdates");
  bind("select");
  bind("selectRange");
  bind("selectAll", { onlyOnList: true });
  bind("archive");
  bind("toggleRead");
  bind("assign");
  bind("tag");
  bind("status");
  bind("snooze");
  bind("reply");
  bind("comment");
  bind("savedReply");
  bind("stopSequence");
  bind("search");
  bind("goInbox");
  bind("goNoReply");
  bind("goRequests");
  bind("goArchived");
  bind("goMentions");
  bind("toggleContact");
  bind("shortcuts");
  bind("palette", { allowInDialogs: true, allowInFields: true });
}

/** Every filter cleared: a folder shortcut goes to the plain folder. */
export const CLEARED: InboxParamsChange = {
  accountLinkId: null,
  platform: null,
  tag: null,
  status: null,
  assigneeId: null,
  unassigned: null,
  campaignId: null,
  q: null,
  searchIn: null,
  order: null,
  view: null,
  comment: null,
};

function onListOrBody(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  return target === document.body || target.closest("[data-thread-list]") !== null;
}

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;
}

/**
 * The last two key presses, recorded before any shortcut handler runs (capture phase), so a
 * handler can tell whether its key finishes a sequence. Modifier keys on their own are not
 * presses: Shift held for `?` must not break a sequence.
 */
function useRecentKeys() {
  const keys = useRef<{ previous: KeyPress | null; last: KeyPress | null }>({ previous: null, last: null });
  useEffect(() => {
    const record = (event: KeyboardEvent) => {
      if (event.repeat || ["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock"].includes(event.key)) return;
      keys.current = { previous: keys.current.last, last: { key: pressedKey(event), at: event.timeStamp } };
    };
    document.addEventListener("keydown", record, { capture: true });
    return () => document.removeEventListener("keydown", record, { capture: true });
  }, []);
  return keys;
}

function keyEvent(event: KeyboardEvent) {
  const altGraph = typeof event.getModifierState === "function" && event.getModifierState("AltGraph");
  return { key: event.key, code: event.code, shiftKey: event.shiftKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, altGraph };
}
