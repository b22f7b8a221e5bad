"use client";

import type { ReactNode } from "react";

import { useHydrated } from "@/lib/client/hooks/use-hydrated";

/**
 * Controls that arrive in the server's HTML, disabled until React has hydrated them: before
 * that a click on a button does nothing and text typed into a field never reaches React, so
 * the person cannot start what would be lost. Lays nothing out itself (`display: contents`).
 */
export function LiveFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
