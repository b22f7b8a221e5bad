"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useMemo, useState } from "react";

import { ConnectionBanner } from "@/components/inbox/connection-banner";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { ArrowLeftIcon, SquareKanbanIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/client/errors";
import { money } from "@/lib/client/format";
import { useInboxEvents } from "@/lib/client/hooks/use-inbox-events";
import { useNow } from "@/lib/client/hooks/use-now";
import { usePipelineBoard } from "@/lib/client/hooks/use-pipeline-board";
import { useUpdateContact } from "@/lib/client/mutations/contacts";
import { cardName, statusOfColumn, type PipelineCard } from "@/lib/client/pipeline/pipeline";
import { boardFiltersOf, usePipelineParams } from "@/lib/client/pipeline/pipeline-url";
import { teamQueries } from "@/lib/client/queries/team";
import { hasRole, useViewer, ViewerProvider, type ClientViewer } from "@/lib/client/viewer";

import { PipelineBoard } from "./pipeline-board";
import type { CardLookups } from "./pipeline-card";
import { PipelineFilters } from "./pipeline-filters";
import { TooltipProvider } from "@/components/ui/tooltip";

/**
 * The pipeline board page: contacts by stage, filtered by what the URL says, following
 * server events so a teammate's change moves the card here too. Moving a card sets the
 * contact's status; everyone who may set a status (members too) may move cards.
 */
export function PipelineShell({ viewer }: { viewer: ClientViewer }) {
  return (
    <ViewerProvider viewer={viewer}>
      <TooltipProvider>
        <Pipeline />
      </TooltipProvider>
    </ViewerProvider>
  );
}

function Pipeline() {
  useInboxEvents();
  const [params, setParams] = usePipelineParams();
  const filters = useMemo(() => boardFiltersOf(params), [params]);
  const [pending, setPending] = useState<ReadonlyMap<string, string | null>>(new Map());
  const board = usePipelineBoard(filters, pending);
  const lookups = useCardLookups();
  const filterOptions = useFilterOptions();
  const update = useUpdateContact();
  const now = useNow();

  const move = useCallback(
    (card: PipelineCard, toKey: string) => {
      const status = statusOfColumn(toKey);
      const contactId = card.contact.id;
      const to = status === null ? "No status" : (board.statuses?.find((s) => s.id === status)?.name ?? "the stage");
      const name = cardName(card);
      setPending((held) => new Map(held).set(contactId, status));
      // The mutation patches every cached copy and rolls back with a toast when refused; the
      // pending move only bridges the moment before its optimistic patch lands.
      update
        .mutateAsync({ contactId, patch: { status }, label: `move ${name} to ${to}` })
        .catch(() => undefined)
        .finally(() =>
          setPending((held) => {
            const next = new Map(held);
            next.delete(contactId);
            return next;
          }),
        );
    },
    [update, board.statuses],
  );

  const cards = board.columns?.reduce((n, c) => n + c.cards.length, 0) ?? 0;
  const total = board.columns?.reduce((n, c) => n + c.total, 0) ?? 0;
  const filtered = filters.assigneeId.length + filters.tag.length + filters.accountLinkId.length > 0 || filters.unassigned;

  return (
    <div className="flex h-dvh flex-col">
      <ConnectionBanner />
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-4 py-3 md:px-6">
        <Link href="/" className="inline-flex items-center gap-1.5 rounded-md px-1 py-1 text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50">
          <ArrowLeftIcon className="size-4" aria-hidden />
          Inbox
        </Link>
        <div className="flex min-w-0 items-center gap-2">
          <SquareKanbanIcon className="size-5 text-muted-foreground" aria-hidden />
          <h1 className="text-lg font-semibold tracking-tight">Pipeline</h1>
          {board.columns ? (
            <p className="text-sm text-muted-foreground tabular-nums" data-testid="pipeline-summary">
              {cards} {cards === 1 ? "contact" : "contacts"} · {money(total, lookups.currency)}
            </p>
          ) : null}
        </div>
        <div className="ml-auto flex items-center gap-2">
          <PipelineFilters params={params} options={filterOptions} onChange={(change) => void setParams(change)} />
          <ThemeToggle />
        </div>
      </header>
      <main className="flex min-h-0 flex-1 flex-col pt-3">
        {board.error && !board.columns ? (
          <ErrorState message={errorMessage(board.error)} onRetry={() => void board.retry()} />
        ) : board.isPending || !board.columns ? (
          <BoardSkeleton />
        ) : board.statuses?.length === 0 ? (
          <NoStatuses />
        ) : (
          <>
            {filtered && cards === 0 ? (
              <p className="mx-4 mb-3 text-sm text-muted-foreground md:mx-6">
                No contacts match these filters.{" "}
                <button type="button" className="font-medium text-foreground underline underline-offset-4" onClick={() => void setParams({ assigneeId: null, unassigned: null, tag: null, accountLinkId: null })}>
                  Clear the filters
                </button>
              </p>
            ) : null}
            <PipelineBoard columns={board.columns} lookups={lookups} now={now} onMove={move} />
          </>
        )}
      </main>
    </div>
  );
}

function BoardSkeleton() {
  return (
    <div role="status" aria-label="Loading the pipeline" className="flex gap-3 overflow-hidden px-4 md:px-6">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex w-72 shrink-0 flex-col gap-2 rounded-xl border bg-muted/40 p-3">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
          {i % 2 === 0 ? <Skeleton className="h-24 w-full" /> : null}
        </div>
      ))}
    </div>
  );
}

function NoStatuses() {
  const viewer = useViewer();
  return (
    <div className="mx-auto mt-16 flex max-w-md flex-col items-center gap-2 px-6 text-center">
      <span className="grid size-10 place-items-center rounded-full bg-muted text-muted-foreground">
        <SquareKanbanIcon className="size-5" aria-hidden />
      </span>
      <h2 className="text-sm font-medium">No stages yet</h2>
      {hasRole(viewer, "manager") ? (
        <>
          <p className="text-sm text-muted-foreground">The board has a column for each status. Add the stages your team moves contacts through, such as Lead, Qualified and Won.</p>
          <Button asChild size="sm" className="mt-2">
            <Link href="/settings/labels">Add statuses in settings</Link>
          </Button>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          The board has a column for each status, and your team has none yet. Only managers can add statuses: ask one to add them under{" "}
          <Link href="/settings/labels" className="font-medium text-foreground underline underline-offset-4">
            Tags and statuses
          </Link>
          .
        </p>
      )}
    </div>
  );
}

function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto mt-16 flex max-w-md flex-col items-center gap-3 px-6 text-center">
      <p className="text-sm font-medium">The pipeline could not be loaded.</p>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function useCardLookups(): CardLookups {
  const team = useQuery(teamQueries.team());
  const members = useQuery(teamQueries.members());
  const tags = useQuery(teamQueries.tags());
  const colors = useQuery(teamQueries.colors());
  return useMemo(
    () => ({
      members: new Map(members.data?.map((m) => [m.id, m])),
      tags: new Map(tags.data?.map((t) => [t.id, t])),
      colors: colors.data,
      // Until the team is read, amounts show without a currency rather than in a wrong one.
      currency: team.data?.currency ?? "",
    }),
    [team.data, members.data, tags.data, colors.data],
  );
}

function useFilterOptions() {
  const members = useQuery(teamQueries.members());
  const tags = useQuery(teamQueries.tags());
  const links = useQuery(teamQueries.accountLinks());
  return {
    assigneeId: members.data?.map((m) => ({ value: m.id, label: m.name })),
    tag: tags.data?.map((t) => ({ value: t.id, label: t.name })),
    accountLinkId: links.data?.map((l) => ({ value: l.id, label: l.displayName })),
  };
}
