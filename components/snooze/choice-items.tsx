"use client";

import { DropdownMenuItem, DropdownMenuShortcut } from "@/components/ui/dropdown-menu";
import { ClockIcon, MessageCircleReplyIcon } from "@/components/ui/icons";
import { browserTimeZone } from "@/lib/client/mutations/snoozes";
import { snoozeChoices, type SnoozeChoice } from "@/lib/client/snooze-choices";

/**
 * The snooze presets as menu items, each with the time it means in the member's zone. A
 * component of its own so the times are worked out only while its menu is open, not on every
 * render of the header or the composer that holds the menu.
 */
export function SnoozeChoiceItems({ now, withReply, onPick }: { now: () => Date; withReply: boolean; onPick: (until: SnoozeChoice["until"]) => void }) {
  return snoozeChoices(now(), browserTimeZone())
    .filter((choice) => withReply || choice.until !== "reply")
    .map((choice) => (
      <DropdownMenuItem key={choice.until} onSelect={() => onPick(choice.until)}>
        {choice.until === "reply" ? <MessageCircleReplyIcon aria-hidden /> : <ClockIcon aria-hidden />}
        <span className="flex-1">{choice.label}</span>
        {choice.when ? <DropdownMenuShortcut className="tracking-normal tabular-nums">{choice.when}</DropdownMenuShortcut> : null}
      </DropdownMenuItem>
    ));
}
