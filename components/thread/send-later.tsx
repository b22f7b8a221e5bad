"use client";

import { useState } from "react";

import { PickerDialog } from "@/components/inbox/thread-pickers";
import { SnoozeChoiceItems } from "@/components/snooze/choice-items";
import { CustomTime } from "@/components/snooze/custom-time";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { CalendarClockIcon } from "@/components/ui/icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { SnoozePreset } from "@/lib/api/snoozes";
import { useSnoozes } from "@/lib/client/hooks/use-snoozes";
import { browserTimeZone } from "@/lib/client/mutations/snoozes";

/**
 * "Send later" beside Send: the snooze presets (later today, tomorrow morning, next week) with
 * the time each means in the member's zone, or a date and time of their choosing. `onSchedule`
 * takes a preset or an ISO time; `unavailable` says why the words in the box can't be scheduled.
 * Its name is "Schedule", not "Send later": a name with "send" in it would make the Send
 * button's own name ambiguous to assistive tech's search and to tests that look for it.
 */
export function SendLaterMenu({ disabled, unavailable, pending, onSchedule }: { disabled: boolean; unavailable: string | null; pending: boolean; onSchedule: (sendAt: SnoozePreset | string) => void }) {
  const { inboxNow } = useSnoozes();
  const [custom, setCustom] = useState(false);
  const zone = browserTimeZone();
  const now = inboxNow();
  const label = unavailable ?? "Send later";

  return (
    <>
      <DropdownMenu>
        <Tooltip>
          <TooltipTrigger asChild>
            {/* A disabled button hears no pointer: the wrapper keeps the tooltip saying why. */}
            <span className="inline-flex">
              <DropdownMenuTrigger asChild>
                <Button type="button" variant="ghost" size="sm" disabled={disabled || unavailable !== null || pending} aria-label="Schedule" className="h-7 px-1.5 text-muted-foreground hover:text-foreground">
                  <CalendarClockIcon aria-hidden />
                </Button>
              </DropdownMenuTrigger>
            </span>
          </TooltipTrigger>
          <TooltipContent>{label}</TooltipContent>
        </Tooltip>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="font-normal text-muted-foreground">Send this reply…</DropdownMenuLabel>
          <SnoozeChoiceItems now={inboxNow} withReply={false} onPick={(until) => onSchedule(until as SnoozePreset)} />
          <DropdownMenuItem onSelect={() => setCustom(true)}>
            <CalendarClockIcon aria-hidden />
            Pick a date and time…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <PickerDialog open={custom} onClose={() => setCustom(false)} title="Send later" description="Send this reply at a date and time">
        <CustomTime
          title="Send at"
          submitLabel="Schedule"
          now={now}
          zone={zone}
          pending={pending}
          onBack={() => setCustom(false)}
          onPick={(at) => {
            setCustom(false);
            onSchedule(at.toISOString());
          }}
        />
      </PickerDialog>
    </>
  );
}

