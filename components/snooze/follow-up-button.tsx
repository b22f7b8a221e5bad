"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { BellIcon, BellOffIcon, CheckIcon } from "@/components/ui/icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { FOLLOW_UP_DAYS } from "@/lib/api/snoozes";
import { useFollowUp } from "@/lib/client/mutations/snoozes";

const daysLabel = (days: number) => (days === 1 ? "1 day" : `${days} days`);

/**
 * "Remind me if no reply in N days", chosen in the composer before sending: `commit()` sets the
 * reminder once the message is handed to the send pipeline, and the choice goes back to none.
 */
export function useFollowUpChoice(threadId: string) {
  const [choice, setChoice] = useState<{ threadId: string; days: number | null }>({ threadId, days: null });
  const followUp = useFollowUp();
  // Another conversation starts without a reminder.
  const days = choice.threadId === threadId ? choice.days : null;
  return {
    days,
    setDays: (next: number | null) => setChoice({ threadId, days: next }),
    commit() {
      if (days === null) return;
      followUp.mutate({ threadId, days });
      setChoice({ threadId, days: null });
    },
  };
}

export function FollowUpButton({ days, onChange, disabled }: { days: number | null; onChange: (days: number | null) => void; disabled?: boolean }) {
  const label = days === null ? "Remind me if no reply" : `Remind me if no reply in ${daysLabel(days)}`;
  return (
    <DropdownMenu>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button type="button" variant="ghost" size="sm" disabled={disabled} aria-label={label} className={cn("h-7 gap-1 px-1.5 text-muted-foreground hover:text-foreground", days !== null && "text-primary hover:text-primary")}>
              <BellIcon aria-hidden />
              {days !== null ? <span className="text-xs">{daysLabel(days)}</span> : null}
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>{label}</TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuLabel className="font-normal text-muted-foreground">Bring the conversation back if the contact has not replied in…</DropdownMenuLabel>
        {FOLLOW_UP_DAYS.map((option) => (
          <DropdownMenuItem key={option} onSelect={() => onChange(option)}>
            <span className="flex-1">{daysLabel(option)}</span>
            {days === option ? <CheckIcon aria-label="Chosen" /> : null}
          </DropdownMenuItem>
        ))}
        {days !== null ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onChange(null)}>
              <BellOffIcon aria-hidden />
              No reminder
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
