"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { shortcut as shortcutOf, type ShortcutId } from "@/lib/client/shortcuts";

/**
 * A toolbar's icon button: its label in a tooltip, with the key that does the same read from
 * the shortcuts table (so a hint cannot name another key), and, when the member may not use
 * it, the reason. A refused action stays focusable (`aria-disabled`) so the reason can be read;
 * `disabled` is for a button that has nothing to act on.
 */
export function IconButton({
  label,
  shortcut,
  disabled,
  disabledReason,
  onClick,
  className,
  children,
}: {
  label: string;
  shortcut?: ShortcutId;
  disabled?: boolean;
  disabledReason?: string | null;
  onClick?: () => void;
  className?: string;
  children: ReactNode;
}) {
  const refused = Boolean(disabledReason);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn(ICON_BUTTON, className)}
          aria-label={label}
          disabled={disabled}
          aria-disabled={refused || undefined}
          aria-description={disabledReason ?? undefined}
          onClick={refused ? undefined : onClick}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>
        {label}
        {shortcut ? <ShortcutHint id={shortcut} /> : null}
        {disabledReason ? <span className="block opacity-80">{disabledReason}</span> : null}
      </TooltipContent>
    </Tooltip>
  );
}

export const ICON_BUTTON =
  "size-8 text-muted-foreground hover:text-foreground aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent aria-disabled:hover:text-muted-foreground";

/** A tooltip's hint of the key for an action, from the shortcuts table. */
export function ShortcutHint({ id }: { id: ShortcutId }) {
  return (
    <span className="ml-2 rounded border border-background/30 px-1 font-mono text-[0.625rem] opacity-70" aria-hidden>
      {shortcutOf(id).display.join(" ")}
    </span>
  );
}
