"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

import { OutreachReadError } from "@/components/outreach/outreach-unavailable";
import { cn } from "@/components/ui/cn";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { listHref } from "@/lib/client/outreach/leads/links";
import { outreachQueries } from "@/lib/client/queries/outreach";

const count = (value: number) => new Intl.NumberFormat("en").format(value);

/** A list's frame: its name and counts, and its two views as tabs (Leads, Import jobs). */
export function ListFrame({ listId, children }: { listId: string; children: ReactNode }) {
  const list = useQuery(outreachQueries.list(listId));
  // Null only under the Pages Router (its one page, pages/login.tsx, draws none of this).
  const pathname = usePathname() ?? "";
  const base = listHref(listId);
  const tabs = [
    { href: base, label: "Leads", current: pathname === base },
    { href: `${base}/imports`, label: "Import jobs", current: pathname.startsWith(`${base}/imports`) },
  ];
  if (list.isError) return <OutreachReadError what="this list" error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2 border-b px-4 pt-3 md:px-6">
        <div className="flex min-w-0 flex-col gap-1 pb-2">
          <Link href="/outreach/lists" className="inline-flex w-fit items-center gap-1 rounded-sm text-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50">
            <ChevronLeftIcon className="size-3.5" aria-hidden />
            All lists
          </Link>
          {list.isPending ? (
            <div role="status" aria-label="Loading the list" className="flex flex-col gap-1.5">
              <Skeleton className="h-6 w-48" />
              <Skeleton className="h-4 w-72" />
            </div>
          ) : (
            <>
              <h1 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
                <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: list.data.color ?? "var(--muted-foreground)" }} aria-hidden />
                {list.data.name}
              </h1>
              <p className="text-sm text-muted-foreground tabular-nums">
                {count(list.data.profilesCount)} profiles · {count(list.data.reachableEstimate)} reachable (estimate) · {count(list.data.reachableCount)} reachable
              </p>
            </>
          )}
        </div>
        <nav aria-label="List" className="-mb-px flex gap-1 md:ml-auto">
          {tabs.map((tab) => (
            <Link
              key={tab.href}
              href={tab.href}
              aria-current={tab.current ? "page" : undefined}
              className={cn(
                "border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring/50",
                tab.current ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
              )}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
      </div>
      <div className="flex min-h-0 flex-1 flex-col">{children}</div>
    </div>
  );
}
