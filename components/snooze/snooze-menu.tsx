"use client";

import { AlarmClockIcon, AlarmClockOffIcon, CalendarClockIcon, ClockIcon, MessageCircleReplyIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuShortcut, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ICON_BUTTON, ShortcutHint } from "@/components/ui/icon-button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useSnoozes } from "@/lib/client/hooks/use-snoozes";
import { browserTimeZone, useSnooze, useUnsnooze } from "@/lib/client/mutations/snoozes";
import { snoozeChoices } from "@/lib/client/snooze-marks";
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
        {snoozeChoices(inboxNow(), browserTimeZone()).map((choice) => (
          <DropdownMenuItem key={choice.until} onSelect={() => snooze.mutate({ threadIds, until: choice.until }, { onSuccess: () => onSnoozed?.(threadIds) })}>
            {choice.until === "reply" ? <MessageCircleReplyIcon aria-hidden /> : <ClockIcon aria-hidden />}
            <span className="flex-1">{choice.label}</span>
            {choice.when ? <DropdownMenuShortcut className="tracking-normal tabular-nums">{choice.when}</DropdownMenuShortcut> : null}
          </DropdownMenuItem>
        ))}
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
