"use client";

import { useEffect, useMemo, useRef } from "react";
import { useThrottledCallback } from "use-debounce";
import type { PresenceBeatBody } from "@/lib/api/inbox-events";
import { paintFirstFetch } from "@/lib/client/after-paint";
import { usePresenceStore, type PresentPerson } from "@/lib/client/stores/presence";

/**
 * A beat keeps this tab present; the server forgets it 15 s after the last
 * (lib/server/events/presence), so a few may be lost before anyone sees it leave.
 */
const BEAT_MS = 5_000;
/** Typing beats at most this often while the member types. */
const TYPING_BEAT_MS = 3_000;
/** A keystroke this recent still counts as typing when a beat goes: each beat says whether the member types. */
const TYPING_HOLD_MS = 5_000;

// One id per tab (a duplicated tab gets its own, unlike sessionStorage).
const TAB_ID = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `tab-${Math.random().toString(36).slice(2)}`;

function beat(body: PresenceBeatBody, keepalive = false): void {
  void paintFirstFetch("/api/presence", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...body, tabId: TAB_ID }), keepalive }).catch(
    () => undefined,
  );
}

function leave(): void {
  beat({ tabId: TAB_ID, threadId: null, typing: false }, true);
}

export type PresenceBeat = {
  /** The member typed a key of a reply (throttled to a beat every few seconds). */
  typing: () => void;
  /** The member stopped typing at once — they sent: everyone hears it now, not seconds later. */
  stopTyping: () => void;
};

/**
 * Tells the team which thread this tab shows, for as long as it shows it, and whether the
 * member is typing a reply there.
 */
export function usePresenceBeat(threadId: string | null): PresenceBeat {
  const lastKeyAt = useRef(0);

  // Moving to another thread (or to none) is one beat: the server moves this tab there.
  useEffect(() => {
    lastKeyAt.current = 0;
    const say = () => {
      if (document.visibilityState === "hidden") return;
      beat({ tabId: TAB_ID, threadId, typing: threadId !== null && Date.now() - lastKeyAt.current < TYPING_HOLD_MS });
    };
    say();
    const timer = setInterval(say, BEAT_MS);
    const onVisibility = () => (document.visibilityState === "hidden" ? leave() : say());
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [threadId]);

  // Closing the tab, or the inbox, leaves at once rather than when the server gives up on it.
  useEffect(() => {
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, []);

  const typingBeat = useThrottledCallback(
    () => {
      if (threadId) beat({ tabId: TAB_ID, threadId, typing: true });
    },
    TYPING_BEAT_MS,
    { leading: true, trailing: false },
  );

  return useMemo(
    () => ({
      typing: () => {
        lastKeyAt.current = Date.now();
        typingBeat();
      },
      stopTyping: () => {
        lastKeyAt.current = 0;
        typingBeat.cancel();
        if (threadId) beat({ tabId: TAB_ID, threadId, typing: false });
      },
    }),
    [typingBeat, threadId],
  );
}

/** Everyone else in a thread right now (the viewer left out). */
export function useOthersIn(threadId: string, userId: string): PresentPerson[] {
  const people = usePresenceStore((s) => s.byThread[threadId]);
  return useMemo(() => (people ?? []).filter((p) => p.userId !== userId), [people, userId]);
}
