"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useRef, useState, type KeyboardEvent } from "react";

import { cn } from "@/components/ui/cn";
import { ArrowDownIcon, ArrowUpIcon, ChevronsUpDownIcon, LoaderCircleIcon, UsersIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import type { Lead, LeadSortField } from "@/lib/api/outreach/leads";
import { gridTemplate, tableWidth, type LeadColumn } from "@/lib/client/outreach/leads/columns";
import { ariaSortOf } from "@/lib/client/outreach/leads/sort";

import { DeleteColumnButton } from "./delete-column-button";
import { LeadCell, type LeadLookups } from "./lead-cells";
import { leadThreadHref } from "@/lib/client/outreach/leads/links";

export type { LeadLookups } from "./lead-cells";

const ROW_HEIGHT = 56;
const HEADER_HEIGHT = 40;

type Props = {
  listId: string;
  rows: Lead[];
  columns: LeadColumn[];
  lookups: LeadLookups;
  sort: string | null;
  onSort: (field: LeadSortField) => void;
  onOpen: (lead: Lead) => void;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onEndReached: () => void;
  empty: { title: string; hint: string };
};

/**
 * The leads table: a grid whose rows are virtualized (only those on screen, plus a few, are in
 * the DOM, so 100,000 leads scroll like 100) at a fixed height, reading the next page of 100
 * well before the end comes into view. Rows are focusable one at a time (roving tabindex):
 * arrows, Page Up/Down, Home and End move, Enter opens the lead's conversation when it has one.
 */
export function LeadsTable(props: Props) {
  const { rows, columns, hasNextPage, isFetchingNextPage, onEndReached } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const focusPending = useRef(false);
  const [now] = useState(() => new Date());
  // eslint-disable-next-line react-hooks/incompatible-library -- the table re-renders with the virtualizer; nothing of it is memoized
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    scrollMargin: HEADER_HEIGHT,
    getItemKey: (index) => rows[index]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const activeIndex = Math.min(active, Math.max(rows.length - 1, 0));

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - 30) onEndReached();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, onEndReached]);

  // Focus follows the keyboard once the row it moved to is mounted.
  useEffect(() => {
    if (!focusPending.current) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    if (row) {
      focusPending.current = false;
      row.focus({ preventScroll: true });
    }
  });

  const move = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    focusPending.current = true;
    virtualizer.scrollToIndex(next, { align: "auto" });
  };
  const perPage = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 600) / ROW_HEIGHT) - 1);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      PageDown: () => move(index + perPage),
      PageUp: () => move(index - perPage),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      Enter: () => props.onOpen(rows[index]!),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const width = tableWidth(columns);
  const template = gridTemplate(columns);
  return (
    <div ref={scrollRef} className="relative min-h-0 flex-1 overflow-auto" data-leads-scroll>
      <div role="grid" aria-label="Leads" aria-rowcount={hasNextPage || props.isPending ? -1 : rows.length + 1} aria-busy={props.isPending || undefined} style={{ width, minWidth: "100%" }}>
        <div role="rowgroup" className="sticky top-0 z-10 border-b bg-background" style={{ height: HEADER_HEIGHT }}>
          <div role="row" aria-rowindex={1} className="grid h-full items-center" style={{ gridTemplateColumns: template }}>
            {columns.map((column) => (
              <HeaderCell key={column.key} column={column} sort={props.sort} onSort={props.onSort} listId={props.listId} />
            ))}
          </div>
        </div>
        {props.isPending ? (
          <Loading columns={columns} />
        ) : rows.length === 0 ? (
          <div role="rowgroup">
            <div role="row" aria-rowindex={2}>
              <div role="gridcell" className="sticky left-0 flex w-[min(100vw,40rem)] flex-col items-center gap-2 p-10 text-center">
                <UsersIcon className="size-6 text-muted-foreground" aria-hidden />
                <p className="text-sm font-medium">{props.empty.title}</p>
                <p className="text-sm text-muted-foreground">{props.empty.hint}</p>
              </div>
            </div>
          </div>
        ) : (
          <div
            role="rowgroup"
            style={{ height: virtualizer.getTotalSize(), position: "relative" }}
            // One set of handlers for every row (found by its data-index), so a row's props stay
            // equal across scroll frames and the memoized rows already on screen do not render again.
            onKeyDown={(event) => {
              const index = rowIndexOf(event.target);
              if (index !== null && event.target === event.currentTarget.querySelector(`[data-index="${index}"]`)) onKeyDown(event, index);
            }}
            onFocus={(event) => {
              const index = rowIndexOf(event.target);
              if (index !== null) setActive(index);
            }}
            onClick={(event) => {
              const index = rowIndexOf(event.target);
              if (index === null || (event.target as HTMLElement).closest("a")) return;
              if (rows[index]?.threadId) props.onOpen(rows[index]);
            }}
          >
            {items.map((item) => (
              <LeadRow
                key={item.key}
                lead={rows[item.index]!}
                index={item.index}
                top={item.start - HEADER_HEIGHT}
                active={item.index === activeIndex}
                columns={columns}
                template={template}
                lookups={props.lookups}
                now={now}
              />
            ))}
          </div>
        )}
      </div>
      {isFetchingNextPage ? (
        <div role="status" className="sticky left-0 flex items-center justify-center gap-2 py-3 text-sm text-muted-foreground">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
          Loading more leads…
        </div>
      ) : null}
    </div>
  );
}

function rowIndexOf(target: EventTarget): number | null {
  const row = (target as HTMLElement).closest?.("[data-index]");
  return row ? Number(row.getAttribute("data-index")) : null;
}

type RowProps = { lead: Lead; index: number; top: number; active: boolean; columns: LeadColumn[]; template: string; lookups: LeadLookups; now: Date };

const LeadRow = memo(function LeadRow({ lead, index, top, active, columns, template, lookups, now }: RowProps) {
  const threadHref = lead.threadId ? leadThreadHref(lead.threadId) : null;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-index={index}
      data-lead-id={lead.id}
      tabIndex={active ? 0 : -1}
      className={cn(
        "absolute top-0 left-0 grid w-full items-center border-b text-sm outline-none hover:bg-accent/40 focus-visible:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset",
        lead.threadId && "cursor-pointer",
      )}
      style={{ height: ROW_HEIGHT, gridTemplateColumns: template, transform: `translateY(${top}px)` }}
    >
      {columns.map((column) => (
        <div key={column.key} role="gridcell" className="flex min-w-0 items-center px-3">
          <LeadCell lead={lead} column={column} lookups={lookups} threadHref={threadHref} now={now} />
        </div>
      ))}
    </div>
  );
});

// Memoized like the rows: the header should not render again on every scroll frame.
const HeaderCell = memo(function HeaderCell({ column, sort, onSort, listId }: { column: LeadColumn; sort: string | null; onSort: (field: LeadSortField) => void; listId: string }) {
  const field = column.kind === "fixed" ? column.sort : undefined;
  const ariaSort = field ? ariaSortOf(sort, field) : undefined;
  const Icon = ariaSort === "ascending" ? ArrowUpIcon : ariaSort === "descending" ? ArrowDownIcon : ChevronsUpDownIcon;
  return (
    <div role="columnheader" aria-sort={ariaSort} className="flex min-w-0 items-center gap-1 px-3 text-xs font-medium text-muted-foreground">
      {field ? (
        <button
          type="button"
          onClick={() => onSort(field)}
          className="-mx-1 inline-flex min-w-0 items-center gap-1 rounded-sm px-1 py-0.5 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50"
        >
          <span className="truncate">{column.label}</span>
          <Icon className={cn("size-3.5 shrink-0", ariaSort === "none" && "opacity-40")} aria-hidden />
        </button>
      ) : (
        <span className="truncate">{column.label}</span>
      )}
      {column.kind === "custom" ? <DeleteColumnButton listId={listId} column={column.column} /> : null}
    </div>
  );
});

function Loading({ columns }: { columns: LeadColumn[] }) {
  return (
    <div role="rowgroup">
      {Array.from({ length: 10 }, (_, i) => (
        <div key={i} role="row" aria-rowindex={i + 2} className="grid items-center border-b" style={{ height: ROW_HEIGHT, gridTemplateColumns: gridTemplate(columns) }}>
          {columns.map((column, c) => (
            <div key={column.key} role="gridcell" className="flex items-center gap-2 px-3">
              {c === 0 ? <Skeleton className="size-8 rounded-full" /> : null}
              <Skeleton className="h-3.5 w-3/4" />
              {i === 0 && c === 0 ? <span className="sr-only">Loading leads</span> : null}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
