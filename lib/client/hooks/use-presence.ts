"use client";

import { useEffect, useMemo } from "react";
import { useThrottledCallback } from "use-debounce";
import type { PresenceBeatBody } from "@/lib/api/inbox-events";
import { usePresenceStore, type PresentPerson } from "@/lib/client/stores/presence";

/** A beat keeps this tab present; the server forgets it 45 s after the last (lib/server/events/presence). */
const BEAT_MS = 20_000;
/** Typing beats at most this often while the member types. */
const TYPING_BEAT_MS = 3_000;

// One id per tab (a duplicated tab gets its own, unlike sessionStorage).
const TAB_ID = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `tab-${Math.random().toString(36).slice(2)}`;

function beat(body: PresenceBeatBody, keepalive = false): void {
  void fetch("/api/presence", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...body, tabId: TAB_ID }), keepalive }).catch(
    () => undefined,
  );
}

function leave(): void {
  beat({ tabId: TAB_ID, threadId: null, typing: false }, true);
}

/**
 * Tells the team which thread this tab shows, for as long as it shows it, and returns a
 * function to call as the member types a reply there (throttled).
 */
export function usePresenceBeat(threadId: string | null): () => void {
  // Moving to another thread (or to none) is one beat: the server moves this tab there.
  useEffect(() => {
    const say = () => {
      if (document.visibilityState !== "hidden") beat({ tabId: TAB_ID, threadId, typing: false });
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

  // Closing the tab, or the inbox, leaves at once rather than 45 s later.
  useEffect(() => {
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, []);

  return useThrottledCallback(
    () => {
      if (threadId) beat({ tabId: TAB_ID, threadId, typing: true });
    },
    TYPING_BEAT_MS,
    { leading: true, trailing: false },
  );
}

/** Everyone else in a thread right now (the viewer left out). */
export function useOthersIn(threadId: string, userId: string): PresentPerson[] {
  const people = usePresenceStore((s) => s.byThread[threadId]);
  return useMemo(() => (people ?? []).filter((p) => p.userId !== userId), [people, userId]);
}
