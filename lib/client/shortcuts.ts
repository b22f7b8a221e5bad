/**
 * The inbox's keyboard shortcuts, defined once: the shell binds them, the shortcut sheet (`?`)
 * and the command palette show them. `keys` is react-hotkeys-hook's notation (`g>i` is g then i;
 * punctuation by its key code name, `slash` for /).
 */
type ShortcutDefinition = { id: string; keys: string; display: readonly string[]; label: string; group: "Move" | "Select" | "Act" | "Go to" | "Show" };

export const SHORTCUTS = [
  { id: "next", keys: "j", display: ["j"], label: "Next conversation", group: "Move" },
  { id: "previous", keys: "k", display: ["k"], label: "Previous conversation", group: "Move" },
  { id: "open", keys: "enter", display: ["Enter"], label: "Open conversation", group: "Move" },
  { id: "close", keys: "escape", display: ["Esc"], label: "Clear the selection, or back to the list", group: "Move" },
  { id: "applyUpdates", keys: "period", display: ["."], label: "Show updated conversations", group: "Move" },
  { id: "select", keys: "x", display: ["x"], label: "Select or unselect conversation", group: "Select" },
  { id: "selectRange", keys: "shift+x", display: ["Shift", "x"], label: "Select from the last selected to here", group: "Select" },
  { id: "selectAll", keys: "mod+a", display: ["⌘/Ctrl", "A"], label: "Select all in view", group: "Select" },
  { id: "archive", keys: "e", display: ["e"], label: "Archive or unarchive", group: "Act" },
  { id: "toggleRead", keys: "u", display: ["u"], label: "Mark read or unread", group: "Act" },
  { id: "assign", keys: "a", display: ["a"], label: "Assign", group: "Act" },
  { id: "tag", keys: "t", display: ["t"], label: "Tag the contact", group: "Act" },
  { id: "status", keys: "s", display: ["s"], label: "Set the contact's status", group: "Act" },
  { id: "reply", keys: "r", display: ["r"], label: "Reply", group: "Act" },
  { id: "goInbox", keys: "g>i", display: ["g", "i"], label: "Inbox", group: "Go to" },
  { id: "goNoReply", keys: "g>n", display: ["g", "n"], label: "No reply", group: "Go to" },
  { id: "goRequests", keys: "g>r", display: ["g", "r"], label: "Requests", group: "Go to" },
  { id: "goArchived", keys: "g>a", display: ["g", "a"], label: "Archived", group: "Go to" },
  { id: "search", keys: "slash", display: ["/"], label: "Search", group: "Go to" },
  { id: "toggleContact", keys: "i", display: ["i"], label: "Show or hide the contact", group: "Show" },
  { id: "shortcuts", keys: "shift+slash", display: ["?"], label: "Keyboard shortcuts", group: "Show" },
  { id: "palette", keys: "mod+k", display: ["⌘/Ctrl", "K"], label: "Command palette", group: "Show" },
] as const satisfies readonly ShortcutDefinition[];

export type ShortcutId = (typeof SHORTCUTS)[number]["id"];
export type Shortcut = ShortcutDefinition & { id: ShortcutId };

export function shortcut(id: ShortcutId): Shortcut {
  return (SHORTCUTS as readonly Shortcut[]).find((s) => s.id === id)!;
}

/** How long the second key of a sequence may wait after the first (react-hotkeys-hook's default). */
export const SEQUENCE_TIMEOUT_MS = 1000;

/** The sequences (`g>i`), in react-hotkeys-hook's notation. */
const SEQUENCES: ReadonlySet<string> = new Set((SHORTCUTS as readonly Shortcut[]).filter((s) => s.keys.includes(">")).map((s) => s.keys));

export type KeyPress = { key: string; at: number };

/**
 * Whether a key press finishes a sequence rather than standing alone: `a` right after `g` is
 * `g a` (Archived), not Assign. Sequences win over single keys, as the sheet promises.
 */
export function endsSequence(previous: KeyPress | null, current: KeyPress): boolean {
  if (previous === null || current.at - previous.at > SEQUENCE_TIMEOUT_MS) return false;
  return SEQUENCES.has(`${previous.key.toLowerCase()}>${current.key.toLowerCase()}`);
}
