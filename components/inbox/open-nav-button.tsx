"use client";

import { Button } from "@/components/ui/button";
import { MenuIcon } from "@/components/ui/icons";

/** The phone's way to the navigation, first in a list pane's header; nothing where the navigation shows beside it. */
export function OpenNavButton({ onOpenNav }: { onOpenNav?: () => void }) {
  if (!onOpenNav) return null;
  return (
    <Button variant="ghost" size="icon" className="size-8" aria-label="Open navigation" onClick={onOpenNav}>
      <MenuIcon aria-hidden />
    </Button>
  );
}
