"use client";

import { SnoozeChoiceItems } from "@/components/snooze/choice-items";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ICON_BUTTON, ShortcutHint } from "@/components/ui/icon-button";
import { AlarmClockIcon, AlarmClockOffIcon, CalendarClockIcon } from "@/components/ui/icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useSnoozes } from "@/lib/client/hooks/use-snoozes";
import { useSnooze, useUnsnooze } from "@/lib/client/mutations/snoozes";
import { useUiStore } from "@/lib/client/stores/ui";

/**
 * The snooze menu of a conversation's header or of a selection's bulk bar: the presets at a
 * click, "Pick a date and time…" through the snooze dialog, and "Unsnooze now" for one that is
 * snoozed. `onSnoozed` hears which conversations went away.
 */
export function SnoozeMenu({ threadIds, onSnoozed, compact = false }: { threadIds: string[]; onSnoozed?: (threadIds: string[]) => void; compact?: boolean }) {
  const { byThread, inboxNow } = useSnoozes();
  const snooze = useSnooze();
  const unsnooze = useUnsnooze();
  const openSnooze = useUiStore((s) => s.openSnooze);
  const single = threadIds.length === 1 ? threadIds[0]! : null;
  const snoozed = single ? byThread.get(single)?.snooze?.state === "waiting" : false;
  const label = snoozed ? "Snoozed" : "Snooze";

  return (
    <DropdownMenu>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size={compact ? "icon" : "sm"} className={compact ? ICON_BUTTON : "h-7 gap-1.5"} aria-label={label}>
              <AlarmClockIcon aria-hidden className={snoozed ? "text-primary" : undefined} />
              {compact ? null : label}
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>
          {label}
          <ShortcutHint id="snooze" />
        </TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end" className="w-64">
        <SnoozeChoiceItems now={inboxNow} withReply onPick={(until) => snooze.mutate({ threadIds, until }, { onSuccess: () => onSnoozed?.(threadIds) })} />
        <DropdownMenuItem onSelect={() => openSnooze(threadIds)}>
          <CalendarClockIcon aria-hidden />
          Pick a date and time…
        </DropdownMenuItem>
        {snoozed && single ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => unsnooze.mutate({ threadId: single, kind: "snooze" })}>
              <AlarmClockOffIcon aria-hidden />
              Unsnooze now
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
