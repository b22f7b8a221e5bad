"use client";

import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from "react";

import { useConnectionStore } from "@/lib/client/stores/connection";

/**
 * A component whose code is a chunk of its own, fetched when it first mounts (a dialog's first
 * opening, the first toast), drawing `fallback` meanwhile. React's own `lazy` and `Suspense`:
 * Next's `dynamic()` wraps the same and adds its server-side loadable machinery, about 3 kB more
 * on every page for components that are never drawn on the server here. A chunk that fails to
 * load throws to the nearest error boundary, as `dynamic()` did, and is noted for the connection
 * banner's reload (lib/client/stores/connection).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  const Lazy = lazy(async () => ({
    default: await load().catch((error: unknown) => {
      useConnectionStore.getState().missedCode();
      throw error;
    }),
  }));
  function OnDemand(props: P) {
    return <Suspense fallback={fallback}>{createElement(Lazy as ComponentType<P>, props)}</Suspense>;
  }
  return OnDemand;
}
