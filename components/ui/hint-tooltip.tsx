"use client";

import type { ReactNode } from "react";

import type { HintProps } from "./hint";
import { Tooltip, TooltipContent, TooltipTrigger } from "./tooltip";

/** ./hint's tooltip, in a chunk of its own with radix's. */
export function HintTooltip({ label, side, className, children }: Omit<HintProps, "children"> & { children?: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side={side} className={className}>
        {label}
      </TooltipContent>
    </Tooltip>
  );
}
