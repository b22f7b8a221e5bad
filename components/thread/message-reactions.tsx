"use client";

import { cn } from "@/components/ui/cn";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { joinNames, type ReactionGroup } from "@/lib/client/thread/message-groups";

/**
 * Reactions under a message, one chip per emoji with its count; the tooltip says who. The
 * team's own reaction is marked, and clicking a chip adds or takes back the team's (only
 * ever the team's: nobody else's reaction can be removed). `reason` says why reacting is not
 * possible, when it is not.
 */
export function MessageReactions({
  groups,
  reason,
  outbound,
  onToggle,
}: {
  groups: readonly ReactionGroup[];
  reason: string | null;
  outbound: boolean;
  onToggle: (emoji: string, mine: boolean) => void;
}) {
  if (groups.length === 0) return null;
  return (
    <ul aria-label="Reactions" className={cn("flex flex-wrap gap-1", outbound ? "justify-end" : "justify-start")}>
      {groups.map((group) => {
        const who = `${group.emoji} from ${joinNames(group.authors)}`;
        const action = reason ? reason : group.mine ? "Click to remove your reaction." : "Click to react with this too.";
        return (
          <li key={group.emoji}>
            <Tooltip>
              <TooltipTrigger asChild>
                <button
                  type="button"
                  aria-pressed={group.mine}
                  aria-disabled={reason !== null || undefined}
                  aria-label={`${group.emoji} ${group.count}: ${joinNames(group.authors)}`}
                  onClick={() => {
                    if (reason === null) onToggle(group.emoji, group.mine);
                  }}
                  className={cn(
                    "inline-flex h-6 cursor-pointer items-center gap-1 rounded-full border bg-card px-2 text-xs tabular-nums outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-disabled:cursor-default aria-disabled:hover:bg-card",
                    group.mine && "border-primary/50 bg-primary/10 hover:bg-primary/15 aria-disabled:hover:bg-primary/10",
                  )}
                >
                  <span aria-hidden className="text-sm leading-none">
                    {group.emoji}
                  </span>
                  <span aria-hidden className={cn("font-medium", group.mine ? "text-foreground" : "text-muted-foreground")}>
                    {group.count}
                  </span>
                </button>
              </TooltipTrigger>
              <TooltipContent side="bottom">
                <span className="block">{who}</span>
                <span className="block opacity-75">{action}</span>
              </TooltipContent>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
