"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { ArrowLeftIcon, LoaderCircleIcon, SearchXIcon } from "@/components/ui/icons";
import { PaneError } from "@/components/ui/query-state";
import type { MessageHit } from "@/lib/api/search";
import { parseSearchQuery } from "@/lib/api/search-query";
import { searchQueries } from "@/lib/client/queries/search";
import { describeQuery } from "@/lib/client/search/query-words";

import { MessageHitRow } from "./message-hit-row";
import { ResultsSkeleton } from "./results-skeleton";
import { OperatorHint } from "./operator-hint";

/**
 * The list pane's message search: the messages `q` finds across the conversations the person
 * may see, newest first, each with its match marked. Arrows move between hits, Enter opens
 * one (the thread pane scrolls to the message), Escape goes back to the search box.
 */
export function MessageResults({
  q,
  openMessageId,
  now,
  onOpen,
  onBack,
  onEscape,
}: {
  q: string;
  /** The message the thread pane was asked to show, if it came from here. */
  openMessageId: string | null;
  now: Date;
  onOpen: (hit: MessageHit) => void;
  /** Back to the conversations the search box filters. */
  onBack: () => void;
  /** Escape from the hits: the search box takes the focus. */
  onEscape: () => void;
}) {
  const parsed = useMemo(() => parseSearchQuery(q), [q]);
  const query = useInfiniteQuery({ ...searchQueries.messages(q), enabled: parsed.ok });
  const hits = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const pending = query.data?.pages[0]?.pending ?? 0;
  const listRef = useRef<HTMLUListElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const tabbableId = activeId && hits.some((h) => h.messageId === activeId) ? activeId : (hits[0]?.messageId ?? null);
  const label = parsed.ok ? `Messages ${describeQuery(parsed.query)}` : "Message search";

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const rows = [...(listRef.current?.querySelectorAll<HTMLButtonElement>("[data-message-hit]") ?? [])];
    const index = rows.indexOf(event.currentTarget);
    let next: HTMLButtonElement | undefined;
    if (event.key === "ArrowDown") next = rows[index + 1];
    else if (event.key === "ArrowUp") next = rows[index - 1];
    else if (event.key === "Home") next = rows[0];
    else if (event.key === "End") next = rows.at(-1);
    else if (event.key === "Escape") {
      event.preventDefault();
      onEscape();
      return;
    } else return;
    event.preventDefault();
    if (!next && event.key === "ArrowDown" && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    next?.focus();
  };

  return (
    <section aria-label={label} data-message-results className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 items-start gap-1 border-b px-2 py-1.5">
        <Button variant="ghost" size="sm" className="h-7 shrink-0 px-2 text-xs" onClick={onBack}>
          <ArrowLeftIcon aria-hidden />
          Conversations
        </Button>
        <h2 className="min-w-0 flex-1 self-center truncate text-xs font-medium text-muted-foreground" title={label}>
          {label}
        </h2>
      </div>
      <OperatorHint />
      {!parsed.ok ? (
        <Notice icon={<SearchXIcon className="size-5" aria-hidden />} title={parsed.message} hint="Fix the search above; the tips show each filter." alert />
      ) : query.isPending ? (
        <ResultsSkeleton />
      ) : query.isError ? (
        <PaneError title="Couldn't search the messages" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <p role="status" className={pending > 0 ? "flex items-center gap-1.5 border-b px-3 py-2 text-xs text-muted-foreground" : "sr-only"}>
            {pending > 0 ? (
              <>
                <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden />
                Reading {pending} more {pending === 1 ? "conversation" : "conversations"} into search; results may grow.
              </>
            ) : (
              `${hits.length}${query.hasNextPage ? "+" : ""} ${hits.length === 1 ? "message" : "messages"} found`
            )}
          </p>
          {hits.length === 0 ? (
            <Notice
              icon={<SearchXIcon className="size-5" aria-hidden />}
              title={`No messages match ${describeQuery(parsed.query)}`}
              hint={pending > 0 ? "Some conversations are still being read; this list updates by itself." : "Check the spelling, use the start of a word, or remove a filter."}
            />
          ) : (
            <ul ref={listRef} aria-label={label}>
              {hits.map((hit) => (
                <li key={hit.messageId}>
                  <MessageHitRow
                    hit={hit}
                    open={hit.messageId === openMessageId}
                    tabbable={hit.messageId === tabbableId}
                    now={now}
                    onOpen={() => onOpen(hit)}
                    onFocus={() => setActiveId(hit.messageId)}
                    onKeyDown={onKeyDown}
                  />
                </li>
              ))}
            </ul>
          )}
          {query.hasNextPage ? (
            <div className="flex justify-center p-3">
              <Button variant="outline" size="sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
                {query.isFetchingNextPage ? "Loading more…" : "Show more messages"}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

function Notice({ icon, title, hint, alert }: { icon: ReactNode; title: string; hint: string; alert?: boolean }) {
  return (
    <div role={alert ? "alert" : undefined} className="flex flex-col items-center gap-2 p-8 text-center">
      <span className="grid size-10 place-items-center rounded-full bg-muted text-muted-foreground">{icon}</span>
      <p className="text-sm font-medium">{title}</p>
      <p className="max-w-72 text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}
