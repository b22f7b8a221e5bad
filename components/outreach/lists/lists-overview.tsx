"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { OutreachReadError } from "@/components/outreach/outreach-unavailable";
import { ListIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { listHref } from "@/lib/client/outreach/leads/links";
import type { List } from "@/lib/api/outreach/leads";
import { outreachQueries } from "@/lib/client/queries/outreach";

const count = (value: number) => new Intl.NumberFormat("en").format(value);

/** Every lead list of the team with its counts; a list's name opens its leads. */
export function ListsOverview() {
  const lists = useQuery(outreachQueries.lists());
  return (
    <section aria-labelledby="lists-title" className="mx-auto flex w-full max-w-5xl flex-col gap-4 overflow-y-auto p-4 md:p-6">
      <div>
        <h1 id="lists-title" className="text-lg font-semibold tracking-tight">
          Lists
        </h1>
        <p className="text-sm text-muted-foreground">The people your campaigns reach, and how many of them can be messaged.</p>
      </div>
      {lists.isPending ? (
        <div role="status" aria-label="Loading lists" className="grid gap-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : lists.isError ? (
        <OutreachReadError what="the lists" error={lists.error} onRetry={() => void lists.refetch()} />
      ) : lists.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
          <ListIcon className="size-6 text-muted-foreground" aria-hidden />
          <p className="text-sm font-medium">No lists yet</p>
          <p className="max-w-72 text-sm text-muted-foreground">Lists are made and imported in the service&apos;s dashboard; they show here as soon as they exist.</p>
        </div>
      ) : (
        <ListsTable lists={lists.data} />
      )}
    </section>
  );
}

function ListsTable({ lists }: { lists: List[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[36rem] text-sm">
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              List
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Profiles
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Reachable (estimate)
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Reachable
            </th>
          </tr>
        </thead>
        <tbody>
          {lists.map((list) => (
            <tr key={list.id} className="border-t hover:bg-accent/40">
              <th scope="row" className="px-4 py-3 text-left font-normal">
                <div className="flex items-center gap-2.5">
                  <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: list.color ?? "var(--muted-foreground)" }} aria-hidden />
                  <div className="min-w-0">
                    <Link href={listHref(list.id)} className="rounded-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring/50">
                      {list.name}
                    </Link>
                    {list.description ? <p className="truncate text-xs text-muted-foreground">{list.description}</p> : null}
                  </div>
                </div>
              </th>
              <td className="px-4 py-3 text-right tabular-nums">{count(list.profilesCount)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{count(list.reachableEstimate)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{count(list.reachableCount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
