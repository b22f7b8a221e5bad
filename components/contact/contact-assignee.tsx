"use client";

import { useState, type ReactNode } from "react";

import { PersonAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { CheckIcon, ChevronsUpDownIcon, UserXIcon } from "@/components/ui/icons";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Member } from "@/lib/api/team";

/**
 * Who on the team looks after the person. Managers pick anyone (or nobody); members may only
 * take the contact themselves or let go of it, so they get those two actions instead of a list.
 * The server enforces the same rule.
 */
export function ContactAssignee({
  assigneeId,
  members,
  viewerMemberId,
  manager,
  labelId,
  onAssign,
}: {
  assigneeId: string | null;
  /** The team's members; undefined while loading. */
  members: readonly Member[] | undefined;
  /** The viewer's API member, or null when their login is linked to none. */
  viewerMemberId: string | null;
  manager: boolean;
  labelId: string;
  onAssign: (member: Member | null) => void;
}) {
  const assignee = assigneeId ? members?.find((m) => m.id === assigneeId) : undefined;
  const current = <AssigneeName assigneeId={assigneeId} assignee={assignee} loading={!members} viewerMemberId={viewerMemberId} />;

  if (manager) return <AssignPicker {...{ assigneeId, members, viewerMemberId, labelId, onAssign }}>{current}</AssignPicker>;

  const me = viewerMemberId ? members?.find((m) => m.id === viewerMemberId) : undefined;
  const mine = assigneeId !== null && assigneeId === viewerMemberId;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <span id={`${labelId}-value`} className="flex min-h-8 min-w-0 items-center gap-2 text-sm">
        {current}
      </span>
      {viewerMemberId === null ? (
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              variant="outline"
              size="sm"
              className="h-7 px-2 text-xs aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
              aria-disabled="true"
              aria-describedby={`${labelId}-why`}
            >
              Assign to me
            </Button>
          </TooltipTrigger>
          <TooltipContent>{NOT_LINKED}</TooltipContent>
          <span id={`${labelId}-why`} className="sr-only">
            {NOT_LINKED}
          </span>
        </Tooltip>
      ) : mine ? (
        <Button variant="outline" size="sm" className="h-7 px-2 text-xs" onClick={() => onAssign(null)}>
          Unassign me
        </Button>
      ) : (
        <Button variant="outline" size="sm" className="h-7 px-2 text-xs" disabled={!me} onClick={() => me && onAssign(me)}>
          Assign to me
        </Button>
      )}
    </div>
  );
}

const NOT_LINKED = "Your login isn't linked to a team member, so nothing can be assigned to you.";

function AssignPicker({
  assigneeId,
  members,
  viewerMemberId,
  labelId,
  onAssign,
  children,
}: {
  assigneeId: string | null;
  members: readonly Member[] | undefined;
  viewerMemberId: string | null;
  labelId: string;
  onAssign: (member: Member | null) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const buttonId = `${labelId}-button`;
  const choose = (member: Member | null) => {
    setOpen(false);
    if ((member?.id ?? null) !== assigneeId) onAssign(member);
  };
  // The viewer first: taking a contact yourself is the commonest choice.
  const sorted = members ? [...members].sort((a, b) => Number(b.id === viewerMemberId) - Number(a.id === viewerMemberId)) : undefined;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button id={buttonId} variant="ghost" size="sm" aria-labelledby={`${labelId} ${buttonId}`} className="-ml-2 h-8 w-[calc(100%+0.5rem)] justify-start px-2 font-normal">
          {children}
          <ChevronsUpDownIcon className="ml-auto size-3.5 text-muted-foreground" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-64 p-0" aria-label="Assign the contact">
        <Command>
          <CommandInput placeholder="Assign to…" aria-label="Find a member" />
          <CommandList aria-label="Members">
            <CommandEmpty>{members ? "No member by that name." : "Loading members…"}</CommandEmpty>
            <CommandGroup>
              {sorted?.map((member) => (
                <CommandItem key={member.id} value={`${member.name} ${member.email} ${member.id}`} onSelect={() => choose(member)}>
                  <PersonAvatar name={member.name} src={member.avatarUrl} className="size-5 text-[0.5625rem]" />
                  <span className="min-w-0 flex-1 truncate">
                    {member.name}
                    {member.id === viewerMemberId ? <span className="text-muted-foreground"> (you)</span> : null}
                  </span>
                  {member.id === assigneeId ? (
                    <>
                      <CheckIcon className="text-primary" aria-hidden />
                      <span className="sr-only">(assigned)</span>
                    </>
                  ) : null}
                </CommandItem>
              ))}
            </CommandGroup>
            {assigneeId ? (
              <CommandGroup>
                <CommandItem value="unassign nobody" onSelect={() => choose(null)}>
                  <UserXIcon aria-hidden />
                  Unassign
                </CommandItem>
              </CommandGroup>
            ) : null}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}

/** A member as avatar and name; "Unassigned", or "A former member" for an ID no longer on the team. */
export function AssigneeName({
  assigneeId,
  assignee,
  loading,
  viewerMemberId,
}: {
  assigneeId: string | null;
  assignee: Member | undefined;
  loading: boolean;
  viewerMemberId: string | null;
}) {
  if (!assigneeId) return <span className="text-muted-foreground">Unassigned</span>;
  if (!assignee) return <span className="truncate text-muted-foreground">{loading ? "Loading…" : "A former member"}</span>;
  return (
    <>
      <PersonAvatar name={assignee.name} src={assignee.avatarUrl} className="size-5 text-[0.5625rem]" />
      <span className="min-w-0 truncate">
        {assignee.name}
        {assignee.id === viewerMemberId ? <span className="text-muted-foreground"> (you)</span> : null}
      </span>
    </>
  );
}
