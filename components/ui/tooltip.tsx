"use client";

import { Tooltip as TooltipPrimitive } from "radix-ui";
import { createContext, use } from "react";
import type * as React from "react";

import { cn } from "@/components/ui/cn";

const DELAY_MS = 300;
const Provided = createContext(false);

/**
 * Tooltips under one provider share its open delay: once one shows, the next under the pointer
 * shows at once. Mounted where tooltips sit side by side (the conversation's toolbars, the
 * other pages' shells), not for the whole app, so the inbox's first paint carries none of
 * radix's tooltip code (./hint).
 */
export function TooltipProvider({ delayDuration = DELAY_MS, children, ...props }: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <TooltipPrimitive.Provider data-slot="tooltip-provider" delayDuration={delayDuration} {...props}>
      <Provided value>{children}</Provided>
    </TooltipPrimitive.Provider>
  );
}

/** A tooltip; one outside any TooltipProvider brings its own (radix needs one). */
export function Tooltip(props: React.ComponentProps<typeof TooltipPrimitive.Root>) {
  const root = <TooltipPrimitive.Root data-slot="tooltip" {...props} />;
  return use(Provided) ? root : <TooltipPrimitive.Provider delayDuration={DELAY_MS}>{root}</TooltipPrimitive.Provider>;
}

export function TooltipTrigger(props: React.ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return <TooltipPrimitive.Trigger data-slot="tooltip-trigger" {...props} />;
}

export function TooltipContent({
  className,
  sideOffset = 6,
  children,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          "z-50 w-fit max-w-xs origin-(--radix-tooltip-content-transform-origin) rounded-md bg-foreground px-2.5 py-1.5 text-xs text-balance text-background shadow-md data-[state=closed]:animate-exit data-[state=delayed-open]:animate-enter data-[state=instant-open]:animate-enter",
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" width={10} height={5} />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
