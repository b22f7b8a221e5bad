import "server-only";
import type { InboxEvent } from "@/lib/api/inbox-events";

/**
 * Who is in which thread right now: the API has no presence, so the inbox keeps it, in memory
 * (it is worth nothing after a restart). Each open browser beats for the thread it shows, every
 * few seconds (lib/client/hooks/use-presence), each beat saying whether its member types; a beat
 * lasts `VIEW_TTL_MS` and a typing beat `TYPING_TTL_MS`, so a tab whose browser died drops out
 * on its own — the sweep, every `SWEEP_MS`, tells everyone within 15 s of its last beat — and a
 * beat that says "not typing" (the member sent) ends typing at once. Every change is published
 * as a `presence` event carrying the thread's whole list, which makes the events idempotent and
 * order-insensitive.
 *
 * Several tabs of one user count once; the user is typing if any of their tabs is.
 *
 * With several inbox instances, each beat is also `share`d with the others (lib/server/events/bus),
 * which `receive` it as if their own browser had sent it; expiry works the same there. An
 * instance that starts late asks, and hears every live tab of the others again (`local`).
 */
// A beat (they go every 5 s) may be lost without the tab dropping out, and the sweep and the event
// still reach everyone well inside the 15 s promised, on a slow machine too.
export const VIEW_TTL_MS = 12_000;
export const TYPING_TTL_MS = 6_000;
export const SWEEP_MS = 1_000;

export type PresenceBeat = {
  /** A tab's own id, so two tabs of one user are told apart. */
  tabId: string;
  userId: string;
  name: string;
  /** The thread the tab shows, or null when it shows none (or is closing). */
  threadId: string | null;
  typing: boolean;
};

type Entry = { userId: string; name: string; threadId: string; viewUntil: number; typingUntil: number };
type Person = { userId: string; name: string; typing: boolean };

export type Presence = {
  /** A beat from a browser of this instance. */
  beat(beat: PresenceBeat): void;
  /** A beat another instance shared. */
  receive(beat: PresenceBeat): void;
  /** The live tabs of this instance's own browsers, as their last beats. */
  local(): PresenceBeat[];
  /** The people in a thread, each once. */
  people(threadId: string): Person[];
  /** Every thread someone is in, as events: what a browser that just connected needs. */
  snapshot(): Extract<InboxEvent, { type: "presence" }>[];
  /** Drops what has expired; runs on a timer, and is exposed for tests. */
  sweep(): void;
  stop(): void;
};

export function createPresence(options: {
  publish: (event: InboxEvent) => void;
  share?: (beat: PresenceBeat) => void;
  now?: () => number;
  sweepMs?: number;
}): Presence {
  const now = options.now ?? Date.now;
  const tabs = new Map<string, Entry>();
  const ownBeats = new Map<string, PresenceBeat>();
  // What was last published per thread, so only real changes go out.
  const published = new Map<string, string>();

  const people = (threadId: string): Person[] => {
    const at = now();
    const byUser = new Map<string, Person>();
    for (const entry of tabs.values()) {
      if (entry.threadId !== threadId || entry.viewUntil <= at) continue;
      const typing = entry.typingUntil > at;
      const known = byUser.get(entry.userId);
      byUser.set(entry.userId, { userId: entry.userId, name: entry.name, typing: typing || (known?.typing ?? false) });
    }
    return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
  };

  const announce = (threadId: string) => {
    const list = people(threadId);
    const key = JSON.stringify(list);
    if ((published.get(threadId) ?? "[]") === key) return;
    if (list.length === 0) published.delete(threadId);
    else published.set(threadId, key);
    options.publish({ type: "presence", threadId, people: list });
  };

  const sweep = () => {
    const at = now();
    const touched = new Set<string>();
    for (const [tabId, entry] of tabs) {
      if (entry.viewUntil <= at) tabs.delete(tabId);
      touched.add(entry.threadId);
    }
    for (const threadId of published.keys()) touched.add(threadId);
    for (const threadId of touched) announce(threadId);
  };

  const timer = setInterval(sweep, options.sweepMs ?? SWEEP_MS);
  timer.unref?.();

  const apply = ({ tabId, userId, name, threadId, typing }: PresenceBeat) => {
    const previous = tabs.get(tabId);
    if (threadId === null) {
      tabs.delete(tabId);
    } else {
      const at = now();
      // Typing lasts a few seconds past a typing beat, in case the next never comes; a beat that
      // says the member no longer types (they sent) ends it at once.
      const typingUntil = typing ? at + TYPING_TTL_MS : 0;
      tabs.set(tabId, { userId, name, threadId, viewUntil: at + VIEW_TTL_MS, typingUntil });
    }
    if (previous && previous.threadId !== threadId) announce(previous.threadId);
    if (threadId !== null) announce(threadId);
  };

  return {
    beat(beat) {
      apply(beat);
      if (beat.threadId === null) ownBeats.delete(beat.tabId);
      else ownBeats.set(beat.tabId, beat);
      options.share?.(beat);
    },
    receive: apply,
    local() {
      const live: PresenceBeat[] = [];
      for (const [tabId, beat] of ownBeats) {
        const entry = tabs.get(tabId);
        if (!entry || entry.viewUntil <= now()) ownBeats.delete(tabId);
        // Told as it stands now: a beat says whether the member types, and a stale "typing" would linger.
        else live.push({ ...beat, threadId: entry.threadId, typing: entry.typingUntil > now() });
      }
      return live;
    },
    people,
    snapshot: () => [...published.keys()].map((threadId) => ({ type: "presence" as const, threadId, people: people(threadId) })),
    sweep,
    stop: () => clearInterval(timer),
  };
}
