"use client";

import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { CheckIcon } from "@/components/ui/icons";
import type { Color, Status } from "@/lib/api/labels";
import { colorHex } from "@/lib/client/format";

/**
 * The one status picker: the team's statuses, searchable, then "No status". `current` marks
 * the contact's status (null: none); left out, as for a selection of many, nothing is marked.
 */
export function StatusOptions({
  statuses,
  colors,
  current,
  onPick,
}: {
  statuses: readonly Status[];
  colors: readonly Color[] | undefined;
  current?: string | null;
  onPick: (statusId: string | null, name: string) => void;
}) {
  const mark = <CheckIcon className="text-primary" aria-label="Current status" />;
  return (
    <Command>
      <CommandInput placeholder="Set status…" aria-label="Search statuses" autoFocus />
      <CommandList>
        <CommandEmpty>No status by that name.</CommandEmpty>
        <CommandGroup>
          {statuses.map((status) => (
            <CommandItem key={status.id} value={status.name} onSelect={() => onPick(status.id, status.name)}>
              <span className="size-2.5 rounded-[3px]" style={{ backgroundColor: colorHex(status.color, colors) }} aria-hidden />
              <span className="flex-1">{status.name}</span>
              {current === status.id ? mark : null}
            </CommandItem>
          ))}
          <CommandItem value="no status none" onSelect={() => onPick(null, "No status")}>
            <span className="size-2.5 rounded-[3px] border" aria-hidden />
            <span className="flex-1">No status</span>
            {current === null ? mark : null}
          </CommandItem>
        </CommandGroup>
      </CommandList>
    </Command>
  );
}
