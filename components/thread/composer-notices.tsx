"use client";

import { Button } from "@/components/ui/button";
import { CircleAlertIcon, PaperclipIcon, PencilIcon, XIcon } from "@/components/ui/icons";
import type { OutboxItem } from "@/lib/client/stores/outbox";

/** Over the box while files are dragged onto it. */
export function DropHint() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 z-10 grid place-items-center rounded-lg bg-primary/10 text-sm font-medium text-primary backdrop-blur-[1px]">
      <span className="flex items-center gap-2">
        <PaperclipIcon className="size-4" />
        Drop files to attach them
      </span>
    </div>
  );
}

/** The latest send that failed: why, and the way to correct it. Retry lives on the message itself. */
export function FailedNotice({ item, more, onEdit, onDiscard }: { item: OutboxItem; more: number; onEdit: () => void; onDiscard: () => void }) {
  return (
    <div role="alert" className="mb-2 flex items-center gap-2 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-1.5 text-xs">
      <CircleAlertIcon className="size-3.5 shrink-0 text-destructive" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-medium">Not sent{more > 0 ? ` (and ${more} more)` : ""}: </span>
        <span className="text-muted-foreground">{item.error?.sentence ?? "It couldn't be sent."}</span>
      </p>
      <Button variant="ghost" size="sm" className="h-6 gap-1 px-2 text-xs" onClick={onEdit}>
        <PencilIcon className="size-3" aria-hidden />
        Edit
      </Button>
      <Button variant="ghost" size="sm" className="h-6 gap-1 px-2 text-xs" onClick={onDiscard} aria-label="Discard the message that wasn't sent">
        <XIcon className="size-3" aria-hidden />
        Discard
      </Button>
    </div>
  );
}
