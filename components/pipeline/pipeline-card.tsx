"use client";

import Link from "next/link";
import type * as React from "react";

import { LastMessagePreview } from "@/components/inbox/last-message-preview";
import { PersonAvatar } from "@/components/ui/avatar";
import { cn } from "@/components/ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { ArrowRightLeftIcon, CheckIcon, GripVerticalIcon, HourglassIcon, UserRoundIcon } from "@/components/ui/icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Color, Tag } from "@/lib/api/labels";
import type { Member } from "@/lib/api/team";
import { colorHex, fullTime, listTime, money, waited } from "@/lib/client/format";
import { inboxHref } from "@/lib/client/list/inbox-url";
import { cardName, isStale, type PipelineCard as Card } from "@/lib/client/pipeline/pipeline";

/** What cards look up by ID. */
export type CardLookups = {
  members: ReadonlyMap<string, Member>;
  tags: ReadonlyMap<string, Tag>;
  colors: readonly Color[] | undefined;
  currency: string;
};

/** A stage a card can move to, for its "Move to" menu. */
export type Destination = { key: string; name: string; color: string | null };

/** The drag handle's props from the board (dnd-kit attributes and keyboard listener), absent on the overlay copy. */
export type HandleProps = React.ComponentProps<"button"> & { ref?: (element: HTMLElement | null) => void };

/**
 * One contact on the board: who, their latest conversation (linked, to open it), the
 * assignee, tags, valuation and how long it has been in this stage; a handle to drag it and
 * a menu to move it without dragging.
 */
export function PipelineCard({
  card,
  lookups,
  now,
  columnKey,
  destinations,
  onMove,
  handle,
  overlay = false,
  dragging = false,
}: {
  card: Card;
  lookups: CardLookups;
  now: Date;
  columnKey: string;
  destinations: readonly Destination[];
  onMove?: (key: string) => void;
  handle?: HandleProps;
  overlay?: boolean;
  dragging?: boolean;
}) {
  const { contact, thread } = card;
  const profile = thread.profile ?? contact.profiles.find((p) => p.id === thread.profileId) ?? contact.profiles[0];
  const name = cardName(card);
  const assignee = contact.assigneeId ? lookups.members.get(contact.assigneeId) : undefined;
  const tags = contact.tagIds.map((id) => lookups.tags.get(id)).filter((t): t is Tag => Boolean(t));
  const href = `/${inboxHref({ folder: "all", thread: thread.id })}`;
  const age = waited(card.stage.since, now);
  const stale = isStale(card.stage, now);
  const ageText = card.stage.exact ? `${age} in stage` : `≥ ${age} in stage`;
  const ageHint = card.stage.exact
    ? `In this stage since ${fullTime(card.stage.since)}.`
    : `In this stage at least since ${fullTime(card.stage.since)}, the contact's last change: the stage was set outside the inbox, so its exact start is unknown.`;

  return (
    <div
      className={cn(
        "group/card rounded-lg border bg-card p-2.5 text-card-foreground shadow-xs",
        overlay && "rotate-1 shadow-lg ring-2 ring-ring/50",
        dragging && "opacity-40",
      )}
    >
      <div className="flex items-start gap-2">
        {handle ? (
          <button
            type="button"
            {...handle}
            className="-ml-1 grid h-8 w-5 shrink-0 cursor-grab place-items-center rounded text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/60 active:cursor-grabbing"
          >
            <GripVerticalIcon className="size-4" aria-hidden />
          </button>
        ) : (
          <span className="-ml-1 grid h-8 w-5 shrink-0 place-items-center text-muted-foreground" aria-hidden>
            <GripVerticalIcon className="size-4" />
          </span>
        )}
        <PersonAvatar name={name} src={profile?.avatarUrl} className="mt-0.5 size-7" />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline gap-2">
            {overlay ? (
              <span className="min-w-0 truncate text-sm font-medium">{name}</span>
            ) : (
              <Link
                href={href}
                // A drag starts anywhere on the card; the browser's own link dragging would cancel it.
                draggable={false}
                className="min-w-0 truncate rounded-sm text-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring/60"
                aria-label={`Open the conversation with ${name}`}
              >
                {name}
              </Link>
            )}
            <span className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums" title={fullTime(thread.activity.at)}>
              {listTime(thread.activity.at, now)}
            </span>
          </div>
          <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">
            <LastMessagePreview thread={thread} />
          </p>
        </div>
        {!overlay && onMove ? <MoveMenu name={name} current={columnKey} destinations={destinations} onMove={onMove} /> : null}
      </div>

      {tags.length ? (
        <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1">
          {tags.slice(0, 3).map((tag) => (
            <li key={tag.id} className="inline-flex max-w-full items-center gap-1 rounded-full border px-1.5 py-px text-[0.6875rem] text-muted-foreground">
              <span className="size-1.5 shrink-0 rounded-full" style={{ backgroundColor: colorHex(tag.color, lookups.colors) }} aria-hidden />
              <span className="truncate">{tag.name}</span>
            </li>
          ))}
          {tags.length > 3 ? <li className="px-1 text-[0.6875rem] text-muted-foreground">+{tags.length - 3}</li> : null}
        </ul>
      ) : null}

      <div className="mt-2 flex items-center gap-3 text-xs whitespace-nowrap text-muted-foreground">
        <span className={cn("tabular-nums", contact.valuation !== null && "font-medium text-foreground")}>
          {contact.valuation !== null ? money(contact.valuation, lookups.currency) : "No value"}
        </span>
        <span className={cn("inline-flex items-center gap-1 tabular-nums", stale && "font-medium text-amber-700 dark:text-amber-300")} title={ageHint}>
          <HourglassIcon className="size-3" aria-hidden />
          {ageText}
          <span className="sr-only">. {ageHint}</span>
        </span>
        <span className="ml-auto inline-flex shrink-0 items-center" title={assignee ? `Assigned to ${assignee.name}` : "Unassigned"}>
          {assignee ? (
            <PersonAvatar name={assignee.name} src={assignee.avatarUrl} className="size-5 text-[0.5625rem]" />
          ) : (
            <UserRoundIcon className="size-5 rounded-full border border-dashed border-muted-foreground/60 p-0.5" aria-hidden />
          )}
          <span className="sr-only">{assignee ? `Assigned to ${assignee.name}` : "Unassigned"}</span>
        </span>
      </div>
    </div>
  );
}

/** The way to move a card without dragging it. */
function MoveMenu({ name, current, destinations, onMove }: { name: string; current: string; destinations: readonly Destination[]; onMove: (key: string) => void }) {
  return (
    <DropdownMenu>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger
            aria-label={`Move ${name} to another stage`}
            className="grid size-7 shrink-0 place-items-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/60 data-[state=open]:bg-muted"
          >
            <ArrowRightLeftIcon className="size-3.5" aria-hidden />
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>Move to…</TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Move to</DropdownMenuLabel>
        {destinations.map((d) => (
          <DropdownMenuItem key={d.key} disabled={d.key === current} onSelect={() => onMove(d.key)}>
            <StageSwatch color={d.color} />
            <span className="min-w-0 flex-1 truncate">{d.name}</span>
            {d.key === current ? <CheckIcon className="size-3.5" aria-label="Current stage" /> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A stage's color; "No status" has an empty outline. */
export function StageSwatch({ color }: { color: string | null }) {
  return color ? (
    <span className="size-2.5 shrink-0 rounded-[3px]" style={{ backgroundColor: color }} aria-hidden />
  ) : (
    <span className="size-2.5 shrink-0 rounded-[3px] border border-muted-foreground/60" aria-hidden />
  );
}
