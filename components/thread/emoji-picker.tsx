"use client";

import { useState } from "react";

import { cn } from "@/components/ui/cn";
import { LoaderIcon, PlusIcon } from "@/components/ui/icons";
import { onDemand } from "@/components/ui/on-demand";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { quickReactions, readRecentReactions, rememberReaction, type QuickReaction } from "@/lib/client/thread/recent-reactions";

/**
 * Choosing a reaction: a row of quick ones (the member's recent first) and "More reactions",
 * which turns the row into the full picker with its search focused. Arrows move through the
 * results, Enter picks, Escape closes the popover this sits in. One the team already gave is
 * marked, and taking it again removes it.
 */
// The full picker (frimousse) loads when "More reactions" is first chosen, not with the inbox.
const FullPicker = onDemand(
  () => import("./emoji-full-picker").then((m) => m.FullPicker),
  <div role="status" className="flex h-[22rem] w-[18.75rem] items-center justify-center gap-2 text-sm text-muted-foreground">
    <LoaderIcon className="size-4 animate-spin" aria-hidden />
    Loading emoji…
  </div>,
);

export function ReactionPicker({ ownEmojis, onPick }: { ownEmojis: ReadonlySet<string>; onPick: (emoji: string, mine: boolean) => void }) {
  const [full, setFull] = useState(false);
  // Read when the popover opens (this mounts then), so a reaction given a moment ago is first.
  const [recent] = useState(readRecentReactions);
  const pick = (reaction: QuickReaction) => {
    const mine = ownEmojis.has(reaction.emoji);
    if (!mine) rememberReaction(reaction);
    onPick(reaction.emoji, mine);
  };
  return full ? (
    <FullPicker ownEmojis={ownEmojis} onPick={pick} />
  ) : (
    <QuickReactions reactions={quickReactions(recent)} ownEmojis={ownEmojis} onPick={pick} onMore={() => setFull(true)} />
  );
}

function QuickReactions({
  reactions,
  ownEmojis,
  onPick,
  onMore,
}: {
  reactions: readonly QuickReaction[];
  ownEmojis: ReadonlySet<string>;
  onPick: (reaction: QuickReaction) => void;
  onMore: () => void;
}) {
  return (
    <div role="group" aria-label="Quick reactions" className="flex items-center gap-0.5 p-1.5">
      {reactions.map((reaction) => {
        const mine = ownEmojis.has(reaction.emoji);
        return (
          <button
            key={reaction.emoji}
            type="button"
            aria-label={mine ? `${reaction.name}: remove your reaction` : reaction.name}
            aria-pressed={mine}
            onClick={() => onPick(reaction)}
            className={cn(
              "grid size-9 cursor-pointer place-items-center rounded-md text-lg outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
              mine && "bg-primary/10 ring-1 ring-primary/40",
            )}
          >
            <span aria-hidden>{reaction.emoji}</span>
          </button>
        );
      })}
      <span aria-hidden className="mx-0.5 h-6 w-px bg-border" />
      <Tooltip>
        <TooltipTrigger asChild>
          <button
            type="button"
            aria-label="More reactions"
            onClick={onMore}
            className="grid size-9 cursor-pointer place-items-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <PlusIcon className="size-4" aria-hidden />
          </button>
        </TooltipTrigger>
        <TooltipContent side="top">More reactions</TooltipContent>
      </Tooltip>
    </div>
  );
}
