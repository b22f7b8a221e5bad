"use client";

import { useState } from "react";

import { onDemand } from "@/components/ui/on-demand";
import { useUiStore } from "@/lib/client/stores/ui";

import type { CommandPaletteProps } from "./command-palette-dialog";

// The palette (and cmdk with it) loads the first time it is opened, not with the inbox.
const CommandPaletteDialog = onDemand(() => import("./command-palette-dialog").then((m) => m.CommandPaletteDialog));

/** Cmd/Ctrl+K: the command palette (./command-palette-dialog), mounted from its first opening on. */
export function CommandPalette(props: CommandPaletteProps) {
  const open = useUiStore((s) => s.paletteOpen);
  const [opened, setOpened] = useState(open);
  // Once opened it stays mounted, so closing animates and the next opening is instant.
  if (open && !opened) setOpened(true);
  return opened ? <CommandPaletteDialog {...props} /> : null;
}
