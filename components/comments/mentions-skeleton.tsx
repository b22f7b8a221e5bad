
import { Skeleton } from "@/components/ui/skeleton";

/** The Mentions view's rows while they load. */
export function MentionsSkeleton() {
  return (
    <>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-2.5 px-2.5 py-2">
          <Skeleton className="size-7 rounded-full" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-3.5 w-2/3" />
            <Skeleton className="h-3 w-full" />
          </div>
        </div>
      ))}
    </>
  );
}

/** The whole Mentions view while its code loads (components/inbox/lazy-panes): its header's place, then rows. */
export function MentionsPaneSkeleton() {
  return (
    <section aria-label="Mentions" aria-busy className="flex h-full min-h-0 flex-col">
      <header className="flex h-12 shrink-0 items-center border-b px-3">
        <h1 className="text-sm font-semibold">Mentions</h1>
      </header>
      <div role="status" aria-label="Loading your mentions" className="p-2">
        <MentionsSkeleton />
      </div>
    </section>
  );
}
