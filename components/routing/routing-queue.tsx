"use client";

import Link from "next/link";

import { HourglassIcon } from "@/components/ui/icons";
import type { AccountLink } from "@/lib/api/platforms";
import type { RoutingQueueSummary } from "@/lib/api/routing";
import { fullTime, waited } from "@/lib/client/format";

/** What waits for routing: how many, since when, and on which accounts, oldest first. */
export function RoutingQueue({ queue, links, onRoutingPage = false }: { queue: RoutingQueueSummary; links: AccountLink[] | undefined; onRoutingPage?: boolean }) {
  const now = new Date();
  const perLink = new Map<string, number>();
  for (const item of queue.items) perLink.set(item.accountLinkId, (perLink.get(item.accountLinkId) ?? 0) + 1);
  return (
    <section aria-labelledby="routing-queue" className="mb-8 rounded-lg border p-4">
      <h2 id="routing-queue" className="flex items-center gap-2 font-medium">
        <HourglassIcon className="size-4 text-muted-foreground" aria-hidden />
        Waiting for routing
      </h2>
      {queue.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">
          Nothing waits: every new conversation routed found someone available.
          {onRoutingPage ? null : (
            <>
              {" "}
              Set routing up under{" "}
              <Link href="/settings/routing" className="underline underline-offset-2 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50">
                Routing
              </Link>
              .
            </>
          )}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm">
            <span className="font-medium tabular-nums">{queue.length}</span> {queue.length === 1 ? "conversation waits" : "conversations wait"} for someone available below capacity
            {queue.oldestArrivedAt ? (
              <>
                {" "}
                — the oldest for{" "}
                <span className="text-amber-800 dark:text-amber-200" title={`Waiting since ${fullTime(queue.oldestArrivedAt)}`}>
                  {waited(queue.oldestArrivedAt, now)}
                </span>
              </>
            ) : null}
            . The oldest goes to the first member who frees up.
          </p>
          <ul className="mt-2 flex flex-wrap gap-2 text-xs text-muted-foreground">
            {[...perLink].map(([id, count]) => (
              <li key={id} className="rounded-full border px-2 py-0.5">
                {links?.find((l) => l.id === id)?.displayName ?? id}: <span className="tabular-nums">{count}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
