import { z } from "zod";

/**
 * The quick reactions offered on a message: the member's most recently used first, then
 * sensible defaults, a short row in all. Recents live in this browser's localStorage (they
 * are a convenience, not data the team shares), each with its name so the row can label a
 * recent emoji before the full picker's data has loaded.
 */

export type QuickReaction = { emoji: string; name: string };

export const RECENT_REACTIONS_KEY = "inbox-recent-reactions";

/** How many quick reactions the row shows, and how many recents are kept. */
export const QUICK_REACTION_COUNT = 6;

export const DEFAULT_REACTIONS: readonly QuickReaction[] = [
  { emoji: "👍", name: "Thumbs up" },
  { emoji: "❤️", name: "Red heart" },
  { emoji: "😂", name: "Face with tears of joy" },
  { emoji: "😮", name: "Face with open mouth" },
  { emoji: "🙏", name: "Folded hands" },
  { emoji: "🎉", name: "Party popper" },
];

const stored = z.array(z.object({ emoji: z.string().min(1).max(32), name: z.string().min(1).max(200) }));

/** The row: recents first, then the defaults not already among them, `count` in all. */
export function quickReactions(recent: readonly QuickReaction[], count = QUICK_REACTION_COUNT): QuickReaction[] {
  const row: QuickReaction[] = [];
  for (const reaction of [...recent, ...DEFAULT_REACTIONS]) {
    if (row.length === count) break;
    if (!row.some((r) => r.emoji === reaction.emoji)) row.push(reaction);
  }
  return row;
}

/** The recents with this one moved (or added) to the front, at most `count` kept. */
export function withRecent(recent: readonly QuickReaction[], reaction: QuickReaction, count = QUICK_REACTION_COUNT): QuickReaction[] {
  return [reaction, ...recent.filter((r) => r.emoji !== reaction.emoji)].slice(0, count);
}

/** The stored recents; nothing when storage is unavailable or holds something else. */
export function readRecentReactions(storage: Storage | undefined = browserStorage()): QuickReaction[] {
  try {
    const raw = storage?.getItem(RECENT_REACTIONS_KEY);
    if (!raw) return [];
    const parsed = stored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.slice(0, QUICK_REACTION_COUNT) : [];
  } catch {
    return [];
  }
}

/** Notes a reaction the member just gave. A full or blocked storage loses the note, nothing more. */
export function rememberReaction(reaction: QuickReaction, storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.setItem(RECENT_REACTIONS_KEY, JSON.stringify(withRecent(readRecentReactions(storage), reaction)));
  } catch {
    // Private windows and full quotas refuse writes; the row falls back to the defaults.
  }
}

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
