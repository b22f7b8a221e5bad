"use client";

import { useEffect, useLayoutEffect, useRef } from "react";
import type { Folder, Thread } from "@/lib/api/threads";
import { movedCursor } from "@/lib/client/list/cursor";
import { CLEARED, type InboxParamsChange } from "@/lib/client/list/inbox-url";
import { useUnreadFor } from "@/lib/client/mutations/reads";
import { useThreadActions } from "@/lib/client/hooks/use-thread-actions";
import { endsSequence, matchesShortcut, pressedKey, shortcut, type KeyPress, type ShortcutId } from "@/lib/client/shortcuts";
import { typeTriggerSign } from "@/lib/client/saved-replies/type-trigger-sign";
import { COMPOSER_ID, SEARCH_INPUT_ID, STOP_SEQUENCE_ID } from "@/lib/client/element-ids";
import { COMMENT_BOX_ID, openComposer } from "@/lib/client/stores/composer-mode";
import { useSelectionStore } from "@/lib/client/stores/selection";
import { useUiStore } from "@/lib/client/stores/ui";


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
  // One listener for every shortcut, bound again at each render so it acts with this render's
  // rows and cursor. The first binding that takes the key acts; the rest let it be.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A key something else already acted on (a popover's Escape, an editor's Enter) is not ours too.
      if (event.defaultPrevented) return;
      const pressed = keyEvent(event);
      for (const [id, options = {}] of BINDINGS) {
        if (options.allowInFields ? isEditable(event.target) : typedInto(event.target)) continue;
        if (!matchesShortcut(shortcut(id).keys, pressed, keys.current)) continue;
        // `a` after `g` belongs to `g a`: a single key yields to the sequence it finishes.
        if (!shortcut(id).keys.includes(">") && endsSequence(keys.current.previous, keys.current.last ?? { key: pressedKey(event), at: event.timeStamp })) continue;
        if (!options.allowInDialogs && dialogOpen()) continue;
        // Enter on a focused button or link is that control's; only on the list (or nowhere) is it ours.
        if (options.onlyOnList && !onListOrBody(event.target)) continue;
        event.preventDefault();
        actions[id]();
        return;
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  });
}

type BindOptions = { allowInDialogs?: boolean; allowInFields?: boolean; onlyOnList?: boolean };

/** Every shortcut the inbox acts on, in the order they are tried. */
const BINDINGS: readonly (readonly [ShortcutId, BindOptions?])[] = [
  ["next"],
  ["previous"],
  ["open", { onlyOnList: true }],
  ["close"],
  ["applyUpdates"],
  ["select"],
  ["selectRange"],
  ["selectAll", { onlyOnList: true }],
  ["archive"],
  ["toggleRead"],
  ["assign"],
  ["tag"],
  ["status"],
  ["snooze"],
  ["reply"],
  ["comment"],
  ["savedReply"],
  ["stopSequence"],
  ["search"],
  ["goInbox"],
  ["goNoReply"],
  ["goRequests"],
  ["goArchived"],
  ["goMentions"],
  ["toggleContact"],
  ["shortcuts"],
  ["palette", { allowInDialogs: true, allowInFields: true }],
];

/**
 * Where a key types rather than commands: a form field, a widget that takes keys of its own by
 * its role (a slider, a menu item, an option…) or editable text. Only the palette's key works there.
 */
const TYPING_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);
const TYPING_ROLES = new Set(["searchbox", "slider", "spinbutton", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio", "textbox"]);

function typedInto(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return TYPING_TAGS.has(target.tagName) || TYPING_ROLES.has(target.getAttribute("role") ?? "") || isEditable(target);
}

/** Text being edited in place: no shortcut, not even the palette's, takes its keys. */
function isEditable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.isContentEditable;
}


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
