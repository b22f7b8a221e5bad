"use client";

import { useSyncExternalStore } from "react";

/** Whether a media query matches; false on the server and in the first render. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones get one pane at a time (below Tailwind's `md`). */
export const PHONE_QUERY = "(max-width: 767px)";

/**
 * False on the server and in hydration, true after: for UI that depends on the browser
 * (viewport, saved pane sizes) and would otherwise render one way on the server, another after.
 */
export function useMounted(): boolean {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
}
