"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { CheckIcon, PlusIcon, XIcon } from "@/components/ui/icons";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { LABEL_NAME_MAX, type Color, type Tag } from "@/lib/api/labels";
import { colorHex } from "@/lib/client/format";

/**
 * The contact's tags as chips, each removable, and a searchable multi-select to add more that
 * stays open while several are toggled. Typing a new name offers to create it; only managers
 * may, and members are told so instead of finding the option missing.
 */
export function ContactTags({
  tagIds,
  tags,
  colors,
  canCreate,
  creating,
  onToggle,
  onCreate,
}: {
  tagIds: readonly string[];
  /** The team's tags; undefined while loading. */
  tags: readonly Tag[] | undefined;
  colors: readonly Color[] | undefined;
  canCreate: boolean;
  creating: boolean;
  onToggle: (tag: Tag, add: boolean) => void;
  onCreate: (name: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const onContact = new Set(tagIds);
  const shown = tags?.filter((t) => onContact.has(t.id)) ?? [];
  const name = search.trim();
  const exists = tags?.some((t) => t.name.toLowerCase() === name.toLowerCase()) ?? false;
  const tooLong = name.length > LABEL_NAME_MAX;

  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {!tags && tagIds.length > 0 ? (
        <Skeleton className="h-6 w-28 rounded-full" />
      ) : (
        shown.map((tag) => (
          <span key={tag.id} className="inline-flex h-6 max-w-full min-w-0 items-center gap-1.5 rounded-full border bg-card pr-0.5 pl-2 text-xs font-medium dark:bg-input/20">
            <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: colorHex(tag.color, colors) }} aria-hidden />
            <span className="min-w-0 truncate">{tag.name}</span>
            <Tooltip>
              <TooltipTrigger asChild>
                <button
                  type="button"
                  onClick={() => onToggle(tag, false)}
                  className="inline-flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  aria-label={`Remove tag ${tag.name}`}
                >
                  <XIcon className="size-3" aria-hidden />
                </button>
              </TooltipTrigger>
              <TooltipContent>Remove {tag.name}</TooltipContent>
            </Tooltip>
          </span>
        ))
      )}
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setSearch("");
        }}
      >
        <PopoverTrigger asChild>
          <Button variant="ghost" size="sm" className="h-6 gap-1 rounded-full px-2 text-xs text-muted-foreground">
            <PlusIcon className="size-3.5" aria-hidden />
            {shown.length === 0 && tags ? "Add a tag" : "Add tag"}
          </Button>
        </PopoverTrigger>
        <PopoverContent
          align="start"
          className="w-64 p-0"
          aria-label="Tags of this contact"
          onKeyDown={(event) => {
            // A toggle's Undo toast is the topmost layer and would take Escape from the popover: it hears it itself.
            if (event.key !== "Escape") return;
            event.preventDefault();
            setOpen(false);
            setSearch("");
          }}
        >
          <Command>
            <CommandInput placeholder={canCreate ? "Find or create a tag…" : "Find a tag…"} aria-label="Find a tag" value={search} onValueChange={setSearch} />
            <CommandList aria-label="Tags">
              <CommandEmpty>{tags ? "No tag by that name." : "Loading tags…"}</CommandEmpty>
              <CommandGroup>
                {tags?.map((tag) => {
                  const on = onContact.has(tag.id);
                  return (
                    <CommandItem key={tag.id} value={`${tag.name} ${tag.id}`} onSelect={() => onToggle(tag, !on)}>
                      <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: colorHex(tag.color, colors) }} aria-hidden />
                      <span className="min-w-0 flex-1 truncate">{tag.name}</span>
                      {on ? (
                        <>
                          <CheckIcon className="text-primary" aria-hidden />
                          <span className="sr-only">(on this contact)</span>
                        </>
                      ) : null}
                    </CommandItem>
                  );
                })}
              </CommandGroup>
              {name && !exists && tags ? (
                <CommandGroup forceMount>
                  <CommandItem
                    forceMount
                    value={`create ${name}`}
                    disabled={!canCreate || tooLong || creating}
                    onSelect={() => {
                      onCreate(name);
                      setSearch("");
                    }}
                  >
                    <PlusIcon aria-hidden />
                    <span className="min-w-0 flex-1 truncate">Create tag “{name}”</span>
                  </CommandItem>
                </CommandGroup>
              ) : null}
            </CommandList>
            {name && !exists && tags && (!canCreate || tooLong) ? (
              <p className="border-t px-3 py-2 text-xs text-muted-foreground">
                {tooLong ? `Tag names can be at most ${LABEL_NAME_MAX} characters.` : "Only managers can create tags. Ask one to add it."}
              </p>
            ) : null}
          </Command>
        </PopoverContent>
      </Popover>
    </div>
  );
}
