
import { Skeleton } from "@/components/ui/skeleton";

/** The contact panel's shape while it loads: also what shows while the panel's code arrives (components/inbox/lazy-panes). */
export function SidebarSkeleton() {
  return (
    <div role="status" aria-label="Loading the contact" className="grid gap-5 p-4">
      <div className="flex items-center gap-3">
        <Skeleton className="size-11 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-10" />
      <div className="grid gap-2">
        <Skeleton className="h-3 w-20" />
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
      <div className="grid gap-2">
        <Skeleton className="h-3 w-16" />
        <Skeleton className="h-20" />
      </div>
    </div>
  );
}
