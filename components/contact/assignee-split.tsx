"use client";

import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Member } from "@/lib/api/team";
import { alignRefusal, splitSentence, type AssigneeSplit } from "@/lib/client/contact/assignees";
import { firstName } from "@/lib/client/thread/unsent";

/**
 * The conversation's own assignee beside the contact's, when they differ — "Conversation:
 * Priya · Contact: unassigned" — with the one action that brings the contact in line.
 */
export function AssigneeSplitNote({
  split,
  members,
  viewer,
  onAlign,
}: {
  split: AssigneeSplit;
  members: readonly Member[] | undefined;
  viewer: { memberId: string | null; manager: boolean };
  onAlign: (member: Member) => void;
}) {
  const member = (id: string) => members?.find((m) => m.id === id);
  const nameOf = (id: string) => {
    const found = member(id);
    return found ? firstName(found.name) : members ? "a former member" : "…";
  };
  const target = member(split.conversation);
  const refusal = alignRefusal(split, viewer);
  const label = `Assign contact to ${nameOf(split.conversation)} too`;

  return (
    <div className="mt-3 grid gap-2 rounded-md bg-muted/60 px-2.5 py-2 text-xs" data-testid="assignee-split">
      <p className="font-medium">{splitSentence(split, nameOf)}</p>
      <p className="text-muted-foreground">This conversation has its own assignee. The contact&apos;s other conversations follow the contact&apos;s.</p>
      {target ? (
        refusal ? (
          <Tooltip>
            <TooltipTrigger asChild>
              <Button variant="outline" size="sm" className="h-7 justify-self-start px-2 text-xs aria-disabled:cursor-not-allowed aria-disabled:opacity-50" aria-disabled="true">
                {label}
              </Button>
            </TooltipTrigger>
            <TooltipContent>{refusal}</TooltipContent>
          </Tooltip>
        ) : (
          <Button variant="outline" size="sm" className="h-7 justify-self-start px-2 text-xs" onClick={() => onAlign(target)}>
            {label}
          </Button>
        )
      ) : null}
    </div>
  );
}
