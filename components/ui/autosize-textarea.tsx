"use client";

import { useSyncExternalStore, type ComponentProps, type Ref } from "react";
import TextareaAutosize from "react-textarea-autosize";

import { cn } from "@/components/ui/cn";

const noSubscription = () => () => undefined;
const platformSizes = () => CSS.supports("field-sizing", "content");

/**
 * A textarea that grows with its text from `minRows` to `maxRows`, then scrolls. Where the
 * browser sizes a box to its content itself (`field-sizing: content`: Chromium, Safari), it
 * does, with nothing measured; elsewhere react-textarea-autosize measures a hidden copy — a
 * forced layout on every mount, which is felt where the box mounts on each thread opened.
 * `blockPadding` is the box's top plus bottom padding in px (rows are counted in line heights).
 */
export function AutosizeTextarea({
  minRows,
  maxRows,
  blockPadding,
  className,
  ref,
  ...props
}: Omit<ComponentProps<"textarea">, "rows" | "style"> & { minRows: number; maxRows: number; blockPadding: number; ref?: Ref<HTMLTextAreaElement> }) {
  // The server (and hydration) draws the measured kind; the browser's own sizing takes over once known.
  const native = useSyncExternalStore(noSubscription, platformSizes, () => false);
  if (!native) return <TextareaAutosize ref={ref} minRows={minRows} maxRows={maxRows} className={className} {...props} />;
  return (
    <textarea
      ref={ref}
      rows={minRows}
      className={cn("field-sizing-content", className)}
      style={{ minHeight: `calc(${minRows}lh + ${blockPadding}px)`, maxHeight: `calc(${maxRows}lh + ${blockPadding}px)` }}
      {...props}
    />
  );
}
