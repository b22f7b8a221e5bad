
import type * as React from "react";

import { cn } from "@/components/ui/cn";

/**
 * A key, as printed on it. `hint` marks a key shown beside a control as a shortcut: it shows
 * only where some pointer is fine (a mouse, a trackpad), so a phone, with no keyboard at hand,
 * is spared keys it cannot press.
 */
export function Kbd({ className, hint = false, ...props }: React.ComponentProps<"kbd"> & { hint?: boolean }) {
  return (
    <kbd
      data-slot="kbd"
      className={cn(
        "pointer-events-none inline-flex h-5 min-w-5 items-center justify-center rounded border bg-muted px-1 font-mono text-[0.6875rem] font-medium text-muted-foreground select-none",
        hint && "hidden any-pointer-fine:inline-flex",
        className,
      )}
      {...props}
    />
  );
}
