"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { CheckIcon, ChevronsUpDownIcon } from "@/components/ui/icons";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import type { Color, Status } from "@/lib/api/labels";
import { colorHex } from "@/lib/client/format";

/**
 * The contact's pipeline stage: a button showing it, opening the stages in pipeline order
 * (searchable, by keyboard) and "No status".
 */
export function ContactStatus({
  statusId,
  statuses,
  colors,
  labelId,
  onChange,
}: {
  statusId: string | null;
  /** In pipeline order; undefined while loading. */
  statuses: readonly Status[] | undefined;
  colors: readonly Color[] | undefined;
  /** The visible label's ID: the button is named "<label> <current status>". */
  labelId: string;
  onChange: (status: Status | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const current = statusId ? statuses?.find((s) => s.id === statusId) : undefined;
  const buttonId = `${labelId}-button`;
  const choose = (status: Status | null) => {
    setOpen(false);
    if ((status?.id ?? null) !== statusId) onChange(status);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button id={buttonId} variant="ghost" size="sm" aria-labelledby={`${labelId} ${buttonId}`} className="-ml-2 h-8 w-[calc(100%+0.5rem)] justify-start px-2 font-normal">
          {statusId && !current && !statuses ? (
            <span className="text-muted-foreground">Loading…</span>
          ) : current ? (
            <>
              <Swatch color={colorHex(current.color, colors)} />
              <span className="truncate">{current.name}</span>
            </>
          ) : statusId ? (
            // A stage deleted since the contact was read: say so rather than show nothing.
            <span className="truncate text-muted-foreground">Unknown status</span>
          ) : (
            <span className="text-muted-foreground">No status</span>
          )}
          <ChevronsUpDownIcon className="ml-auto size-3.5 text-muted-foreground" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-64 p-0" aria-label="Set the status">
        <Command>
          <CommandInput placeholder="Find a status…" aria-label="Find a status" />
          <CommandList aria-label="Statuses">
            <CommandEmpty>No status by that name.</CommandEmpty>
            <CommandGroup heading="Pipeline">
              {statuses?.map((status) => (
                <CommandItem key={status.id} value={`${status.name} ${status.id}`} onSelect={() => choose(status)}>
                  <Swatch color={colorHex(status.color, colors)} />
                  <span className="min-w-0 flex-1 truncate">{status.name}</span>
                  {status.id === statusId ? <Current /> : null}
                </CommandItem>
              ))}
            </CommandGroup>
            <CommandGroup>
              <CommandItem value="No status none clear" onSelect={() => choose(null)}>
                <span className="size-2.5 shrink-0 rounded-[3px] border border-muted-foreground/60" aria-hidden />
                <span className="flex-1">No status</span>
                {statusId === null ? <Current /> : null}
              </CommandItem>
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}

function Swatch({ color }: { color: string }) {
  return <span className="size-2.5 shrink-0 rounded-[3px]" style={{ backgroundColor: color }} aria-hidden />;
}

function Current() {
  return (
    <>
      <CheckIcon className="text-primary" aria-hidden />
      <span className="sr-only">(current)</span>
    </>
  );
}
