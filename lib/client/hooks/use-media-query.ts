"use client";

import { useSyncExternalStore } from "react";

/**
 * Whether a media query matches. The server cannot know, so it renders `serverGuess`, and so
 * does the hydrating render; a wrong guess is corrected right after, without a hydration error.
 */
export function useMediaQuery(query: string, serverGuess = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverGuess,
  );
}

/** Phones get one pane at a time (below Tailwind's `md`). */
export const PHONE_QUERY = "(max-width: 767px)";
