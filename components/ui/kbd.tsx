import type * as React from "react";

import { cn } from "@/components/ui/cn";

export function Kbd({ className, ...props }: React.ComponentProps<"kbd">) {
  return (
    <kbd
      data-slot="kbd"
      className={cn(
        "pointer-events-none inline-flex h-5 min-w-5 items-center justify-center rounded border bg-muted px-1 font-mono text-[0.6875rem] font-medium text-muted-foreground select-none",
        className,
      )}
      {...props}
    />
  );
}
