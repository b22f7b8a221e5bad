
import { Skeleton } from "@/components/ui/skeleton";

/** The open conversation's shape while it loads: also what shows while the pane's code arrives (components/inbox/lazy-panes). */
export function ThreadSkeleton() {
  return (
    <div role="status" aria-label="Loading the conversation" className="flex h-full flex-col">
      <div className="flex h-14 shrink-0 items-center gap-3 border-b px-4">
        <Skeleton className="size-9 rounded-full" />
        <div className="flex-1 space-y-1.5">
          <Skeleton className="h-3.5 w-36" />
          <Skeleton className="h-3 w-52" />
        </div>
        <Skeleton className="h-7 w-28" />
      </div>
      <div className="flex flex-1 flex-col justify-end gap-3 p-4">
        <Skeleton className="h-10 w-2/3 rounded-2xl" />
        <Skeleton className="h-14 w-1/2 self-end rounded-2xl" />
        <Skeleton className="h-10 w-3/5 rounded-2xl" />
        <Skeleton className="h-10 w-2/5 self-end rounded-2xl" />
      </div>
      <ComposerPlaceholder />
    </div>
  );
}

/**
 * The reply box's shape, for the moment between a conversation's messages and its reply box
 * (components/thread/thread-pane draws the box in the render after): the same height (133 px, an
 * empty box), so the history does not move when the box comes.
 */
export function ComposerPlaceholder() {
  return (
    <div aria-hidden className="shrink-0 border-t px-3 pt-2 pb-3">
      <Skeleton className="mb-2 h-6 w-40" />
      <Skeleton className="h-20 w-full rounded-lg" />
    </div>
  );
}
