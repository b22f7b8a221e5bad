/**
 * The inbox's keyboard shortcuts, defined once: the shell binds them, the shortcut sheet (`?`)
 * and the command palette show them. `keys` names what the key produces, not where it sits:
 * `?` is `?` whether it is Shift+/ (US), Shift+ß (German) or Shift+, (French), so shortcuts
 * work on every layout (`matchesShortcut`). `g>i` is g then i; `shift+x` and `mod+k` (Ctrl, or
 * ⌘ on a Mac) add modifiers.
 */
type ShortcutDefinition = { id: string; keys: string; display: readonly string[]; label: string; group: "Move" | "Select" | "Act" | "Go to" | "Show" };

export const SHORTCUTS = [
  { id: "next", keys: "j", display: ["j"], label: "Next conversation", group: "Move" },
  { id: "previous", keys: "k", display: ["k"], label: "Previous conversation", group: "Move" },
  { id: "open", keys: "enter", display: ["Enter"], label: "Open conversation", group: "Move" },
  { id: "close", keys: "escape", display: ["Esc"], label: "Clear the selection, or back to the list", group: "Move" },
  { id: "applyUpdates", keys: ".", display: ["."], label: "Show updated conversations", group: "Move" },
  { id: "select", keys: "x", display: ["x"], label: "Select or unselect conversation", group: "Select" },
  { id: "selectRange", keys: "shift+x", display: ["Shift", "x"], label: "Select from the last selected to here", group: "Select" },
  { id: "selectAll", keys: "mod+a", display: ["⌘/Ctrl", "A"], label: "Select all in view", group: "Select" },
  { id: "archive", keys: "e", display: ["e"], label: "Archive or unarchive", group: "Act" },
  { id: "toggleRead", keys: "u", display: ["u"], label: "Mark read or unread", group: "Act" },
  { id: "assign", keys: "a", display: ["a"], label: "Assign", group: "Act" },
  { id: "tag", keys: "t", display: ["t"], label: "Tag the contact", group: "Act" },
  { id: "status", keys: "s", display: ["s"], label: "Set the contact's status", group: "Act" },
  { id: "snooze", keys: "z", display: ["z"], label: "Snooze", group: "Act" },
  { id: "reply", keys: "r", display: ["r"], label: "Reply", group: "Act" },
  { id: "comment", keys: "c", display: ["c"], label: "Write an internal comment", group: "Act" },
  { id: "savedReply", keys: ";", display: [";"], label: "Insert a saved reply", group: "Act" },
  // Shift: it cannot be taken back, so not a key pressed by accident.
  { id: "stopSequence", keys: "shift+s", display: ["Shift", "s"], label: "Stop the lead's campaign sequence", group: "Act" },
  { id: "goInbox", keys: "g>i", display: ["g", "i"], label: "Inbox", group: "Go to" },
  { id: "goNoReply", keys: "g>n", display: ["g", "n"], label: "No reply", group: "Go to" },
  { id: "goRequests", keys: "g>r", display: ["g", "r"], label: "Requests", group: "Go to" },
  { id: "goArchived", keys: "g>a", display: ["g", "a"], label: "Archived", group: "Go to" },
  { id: "goMentions", keys: "g>m", display: ["g", "m"], label: "Mentions", group: "Go to" },
  { id: "search", keys: "/", display: ["/"], label: "Search", group: "Go to" },
  { id: "toggleContact", keys: "i", display: ["i"], label: "Show or hide the contact", group: "Show" },
  { id: "shortcuts", keys: "?", display: ["?"], label: "Keyboard shortcuts", group: "Show" },
  { id: "palette", keys: "mod+k", display: ["⌘/Ctrl", "K"], label: "Command palette", group: "Show" },
] as const satisfies readonly ShortcutDefinition[];

export type ShortcutId = (typeof SHORTCUTS)[number]["id"];
export type Shortcut = ShortcutDefinition & { id: ShortcutId };

export function shortcut(id: ShortcutId): Shortcut {
  return (SHORTCUTS as readonly Shortcut[]).find((s) => s.id === id)!;
}

/** How long the second key of a sequence may wait after the first. */
export const SEQUENCE_TIMEOUT_MS = 1000;

/** The sequences (`g>i`: g, then i). */
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

/** What a keydown says, as a KeyboardEvent has it (a plain object in tests). */
export type KeyEventLike = {
  key: string;
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** AltGr held: some layouts type `/`, `?` or `;` with it, and Windows reports it as Ctrl+Alt. */
  altGraph?: boolean;
};

/**
 * The key a press names, as the shortcuts table writes it: a Latin letter in lower case
 * whatever Shift or Caps Lock did to it; on a non-Latin layout (Cyrillic, Greek…) the Latin
 * letter of the same key, which such keyboards also print; any other character as produced;
 * a named key in lower case (`enter`, `escape`).
 */
export function pressedKey(event: Pick<KeyEventLike, "key" | "code">): string {
  const { key, code } = event;
  if ([...key].length !== 1) return key.toLowerCase();
  if (/^[a-z]$/i.test(key)) return key.toLowerCase();
  const position = /^Key([A-Z])$/.exec(code);
  if (position && /^\p{L}$/u.test(key)) return position[1]!.toLowerCase();
  return key;
}

/**
 * Whether a keydown is the shortcut `keys`. A character other than a letter matches what it
 * produces with whatever Shift or AltGr it took (German `?` is Shift+ß); a letter or a named
 * key also matches Shift as written (`x` and `shift+x` differ) and never Caps Lock. A sequence
 * (`g>i`) matches its second key right after its first (`recent`, from `pressedKey`).
 */
export function matchesShortcut(keys: string, event: KeyEventLike, recent: { previous: KeyPress | null; last: KeyPress | null } = { previous: null, last: null }): boolean {
  const pressed = pressedKey(event);
  if (keys.includes(">")) {
    const [first, second] = keys.split(">") as [string, string];
    if (pressed !== second || event.ctrlKey || event.metaKey || event.altKey) return false;
    return recent.previous !== null && recent.last !== null && recent.previous.key === first && recent.last.at - recent.previous.at <= SEQUENCE_TIMEOUT_MS;
  }
  const parts = keys.split("+");
  const key = parts.pop()!;
  const modifiers = new Set(parts);
  if (pressed !== key) return false;
  const character = [...key].length === 1 && !/^[a-z]$/.test(key);
  if (modifiers.has("mod")) return event.ctrlKey || event.metaKey;
  if (event.metaKey) return false;
  // AltGr (Ctrl+Alt on Windows) is how some layouts type punctuation; elsewhere Ctrl or Alt makes it another key.
  if ((event.ctrlKey || event.altKey) && !(character && event.altGraph)) return false;
  return character || event.shiftKey === modifiers.has("shift");
}
