import { describe, expect, it } from "vitest";
import {
  DEFAULT_REACTIONS,
  QUICK_REACTION_COUNT,
  RECENT_REACTIONS_KEY,
  quickReactions,
  readRecentReactions,
  rememberReaction,
  withRecent,
} from "@/lib/client/thread/recent-reactions";

const rocket = { emoji: "🚀", name: "Rocket" };
const eyes = { emoji: "👀", name: "Eyes" };
const thumbsUp = DEFAULT_REACTIONS[0]!;

/** A Map standing in for localStorage; `refuse` makes writes throw like a full quota. */
function memoryStorage(initial: Record<string, string> = {}, refuse = false): Storage {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      if (refuse) throw new DOMException("quota", "QuotaExceededError");
      data.set(k, v);
    },
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
    key: () => null,
    get length() {
      return data.size;
    },
  };
}

describe("quick reactions", () => {
  it("are the defaults when nothing was used yet", () => {
    expect(quickReactions([])).toEqual(DEFAULT_REACTIONS.slice(0, QUICK_REACTION_COUNT));
  });

  it("put recents first, then the defaults not among them, keeping the row's length", () => {
    const row = quickReactions([rocket, thumbsUp]);
    expect(row.map((r) => r.emoji)).toEqual(["🚀", "👍", ...DEFAULT_REACTIONS.slice(1, QUICK_REACTION_COUNT - 1).map((r) => r.emoji)]);
    expect(row).toHaveLength(QUICK_REACTION_COUNT);
  });

  it("move a reaction used again to the front, once, and keep only the row's worth", () => {
    expect(withRecent([rocket, eyes], eyes)).toEqual([eyes, rocket]);
    const many = Array.from({ length: QUICK_REACTION_COUNT + 3 }, (_, i) => ({ emoji: String(i), name: `n${i}` }));
    const kept = many.reduce((recent, r) => withRecent(recent, r), [] as typeof many);
    expect(kept).toHaveLength(QUICK_REACTION_COUNT);
    expect(kept[0]).toEqual(many.at(-1));
  });
});

describe("stored recents", () => {
  it("are remembered across reads, most recent first", () => {
    const storage = memoryStorage();
    rememberReaction(rocket, storage);
    rememberReaction(eyes, storage);
    rememberReaction(rocket, storage);
    expect(readRecentReactions(storage)).toEqual([rocket, eyes]);
  });

  it("read as none when missing, unreadable or of another shape", () => {
    expect(readRecentReactions(memoryStorage())).toEqual([]);
    expect(readRecentReactions(memoryStorage({ [RECENT_REACTIONS_KEY]: "{not json" }))).toEqual([]);
    expect(readRecentReactions(memoryStorage({ [RECENT_REACTIONS_KEY]: JSON.stringify([{ emoji: 1 }]) }))).toEqual([]);
  });

  it("lose a note quietly when storage refuses it", () => {
    const storage = memoryStorage({}, true);
    expect(() => rememberReaction(rocket, storage)).not.toThrow();
    expect(readRecentReactions(storage)).toEqual([]);
  });
});
