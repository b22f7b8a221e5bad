
import { Skeleton } from "@/components/ui/skeleton";

/** Message search's hits while they load, and while the results' own code does (components/inbox/lazy-panes). */
export function ResultsSkeleton() {
  return (
    <div role="status" aria-label="Searching messages" className="flex min-h-0 flex-1 flex-col">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex gap-3 border-b px-3 py-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-32" />
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-3.5 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
