"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useDebouncedCallback } from "use-debounce";

import { OutreachReadError } from "@/components/outreach/outreach-unavailable";
import { Button } from "@/components/ui/button";
import { FilterIcon, SearchIcon, XIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import type { Lead } from "@/lib/api/outreach/leads";
import { leadColumns } from "@/lib/client/outreach/leads/columns";
import { conditionCount } from "@/lib/client/outreach/leads/filter-draft";
import { leadViewOf, useLeadViewParams } from "@/lib/client/outreach/leads/view";
import { nextSort } from "@/lib/client/outreach/leads/sort";
import { outreachQueries } from "@/lib/client/queries/outreach";
import { teamQueries } from "@/lib/client/queries/team";
import { moneyFormatter } from "@/lib/client/format";

import { FilterBuilder } from "./filter-builder";
import { leadThreadHref } from "@/lib/client/outreach/leads/links";
import { LeadsTable, type LeadLookups } from "./leads-table";

const SEARCH_DELAY_MS = 300;

/**
 * A list's leads: search, the filter builder and the header sorts, all kept in the URL
 * (lib/client/outreach/leads/view), over the virtualized table that reads pages of 100 as
 * the person scrolls.
 */
export function LeadsView({ listId }: { listId: string }) {
  const [params, setParams] = useLeadViewParams();
  const view = useMemo(() => leadViewOf(params), [params]);
  const leads = useInfiniteQuery(outreachQueries.leads(listId, view));
  const list = useQuery(outreachQueries.list(listId));
  const router = useRouter();
  const lookups = useLeadLookups();
  const [filterOpen, setFilterOpen] = useState(false);
  const columns = useMemo(() => leadColumns(list.data), [list.data]);
  const rows = useMemo(() => leads.data?.pages.flatMap((page) => page.data) ?? [], [leads.data]);
  const filters = conditionCount(params.query);
  const narrowed = Boolean(view.search || view.query);

  const open = (lead: Lead) => {
    if (lead.threadId) router.push(leadThreadHref(lead.threadId));
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b px-4 py-2 md:px-6">
        <SearchBox value={params.search ?? ""} onSearch={(search) => void setParams({ search: search || null })} />
        <Button variant="outline" size="sm" aria-expanded={filterOpen} aria-controls="lead-filter" onClick={() => setFilterOpen((v) => !v)}>
          <FilterIcon aria-hidden />
          Filter{filters ? ` (${filters})` : ""}
        </Button>
        {narrowed ? (
          <Button variant="ghost" size="sm" onClick={() => void setParams({ search: null, query: null })}>
            <XIcon aria-hidden />
            Clear search and filter
          </Button>
        ) : null}
        <p className="ml-auto text-xs text-muted-foreground tabular-nums" aria-live="polite">
          {leads.isPending ? "" : `${new Intl.NumberFormat("en").format(rows.length)}${leads.hasNextPage ? "+" : ""} ${narrowed ? "matching " : ""}leads shown`}
        </p>
      </div>
      {filterOpen ? (
        <FilterBuilder
          id="lead-filter"
          query={params.query}
          onApply={(query) => void setParams({ query })}
          onClose={() => setFilterOpen(false)}
        />
      ) : null}
      {leads.isError && rows.length === 0 ? (
        <OutreachReadError what="the leads" error={leads.error} onRetry={() => void leads.refetch()} />
      ) : (
        <LeadsTable
          listId={listId}
          rows={rows}
          columns={columns}
          lookups={lookups}
          sort={params.sort}
          onSort={(field) => void setParams({ sort: nextSort(params.sort, field) })}
          onOpen={open}
          isPending={leads.isPending}
          hasNextPage={leads.hasNextPage}
          isFetchingNextPage={leads.isFetchingNextPage}
          onEndReached={() => void leads.fetchNextPage()}
          empty={narrowed ? { title: "No leads match", hint: "Try other words or fewer conditions." } : { title: "No leads in this list yet", hint: "Imports add people here as they run." }}
        />
      )}
    </div>
  );
}

/** The search box: what is typed goes to the URL (and the API) once typing pauses. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const [text, setText] = useState(value);
  // The URL changed by itself (Back, Clear, a shared link): show its search, unless it is what is typed.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const debounced = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DELAY_MS);
  return (
    <div className="relative w-full sm:w-72">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        aria-label="Search leads"
        placeholder="Search name, username or bio"
        className="pl-8"
        value={text}
        maxLength={200}
        onChange={(event) => {
          setText(event.target.value);
          debounced(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") debounced.flush();
        }}
      />
    </div>
  );
}

function useLeadLookups(): LeadLookups {
  const tags = useQuery(teamQueries.tags());
  const statuses = useQuery(teamQueries.statuses());
  const colors = useQuery(teamQueries.colors());
  const team = useQuery(teamQueries.team());
  return useMemo(
    () => ({
      tags: new Map((tags.data ?? []).map((t) => [t.id, t])),
      statuses: new Map((statuses.data ?? []).map((s) => [s.id, s])),
      colors: colors.data,
      money: moneyFormatter(team.data?.currency ?? "USD"),
    }),
    [tags.data, statuses.data, colors.data, team.data],
  );
}

