"use client";

import { useSyncExternalStore } from "react";

/** False on the server and in the hydrating render, true after: whether this page's React is live. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noChanges, () => true, () => false);
}

function noChanges(): () => void {
  return () => {};
}
