"use client";

import { useState, useSyncExternalStore } from "react";

/**
 * The current time, moving on each minute, so "waiting 5m" stays true without re-rendering every
 * second. A server-rendered page passes the time it rendered at: the hydrating render then
 * writes the same relative times as the server's HTML, and the browser's clock takes over after.
 */
export function useNow(renderedAt?: number): Date {
  const [rendered] = useState(() => (renderedAt === undefined ? new Date() : new Date(renderedAt)));
  return useSyncExternalStore(subscribeToClock, () => clock.now, () => rendered);
}

/** One clock for every reader, ticking each minute while anyone reads it. */
const clock = { now: new Date(), readers: new Set<() => void>(), timer: undefined as ReturnType<typeof setInterval> | undefined };

function subscribeToClock(onTick: () => void): () => void {
  if (clock.readers.size === 0) {
    // A clock nobody read for a while is stale: fresh for the first reader (React re-reads after subscribing).
    clock.now = new Date();
    clock.timer = setInterval(() => {
      clock.now = new Date();
      clock.readers.forEach((tick) => tick());
    }, 60_000);
  }
  clock.readers.add(onTick);
  return () => {
    clock.readers.delete(onTick);
    if (clock.readers.size === 0) clearInterval(clock.timer);
  };
}
