import type * as React from "react";

import { cn } from "@/components/ui/cn";

/** A grey placeholder while data loads; hidden from assistive technology (the region says it is busy). */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="skeleton" aria-hidden className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}
