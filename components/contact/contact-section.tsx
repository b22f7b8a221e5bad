import { useId } from "react";
import type * as React from "react";

import { cn } from "@/components/ui/cn";

/**
 * One part of the contact panel under its own heading, so a screen reader can jump between
 * them. `aside` sits at the heading's end (a save status, a count). Pass `headingId` when a
 * field inside is named by the heading.
 */
export function ContactSection({
  title,
  headingId,
  aside,
  children,
  className,
}: {
  title: React.ReactNode;
  headingId?: string;
  aside?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const fallbackId = useId();
  const id = headingId ?? fallbackId;
  return (
    <section aria-labelledby={id} className={cn("border-t px-4 py-4", className)}>
      <div className="mb-2.5 flex min-h-6 flex-wrap items-center gap-x-2 gap-y-1">
        <h3 id={id} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {title}
        </h3>
        {aside ? <div className="ml-auto flex min-w-0 items-center gap-1.5 text-xs">{aside}</div> : null}
      </div>
      {children}
    </section>
  );
}
