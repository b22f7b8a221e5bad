"use client";

import { useState } from "react";

import { PickerDialog } from "@/components/inbox/thread-pickers";
import { CustomTime } from "@/components/snooze/custom-time";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { AlarmClockOffIcon, CalendarClockIcon, ClockIcon, MessageCircleReplyIcon } from "@/components/ui/icons";
import type { NewSnooze } from "@/lib/api/snoozes";
import { useSnoozes } from "@/lib/client/hooks/use-snoozes";
import { browserTimeZone, useSnooze, useUnsnooze } from "@/lib/client/mutations/snoozes";
import { snoozeChoices } from "@/lib/client/snooze-choices";
import { useUiStore } from "@/lib/client/stores/ui";

/**
 * The snooze dialog (`z`, or "Pick a date and time…" in a snooze menu): the presets with the
 * time each means, until the contact replies, or a date and time of the member's choosing, for
 * the open conversation or a selection. `onSnoozed` hears which conversations went away.
 */
export function SnoozeDialog({ onSnoozed }: { onSnoozed: (threadIds: string[]) => void }) {
  const picker = useUiStore((s) => s.picker);
  const threadIds = useUiStore((s) => s.snoozeIds);
  const setPicker = useUiStore((s) => s.setPicker);
  const close = () => setPicker(null);
  const count = threadIds.length;
  return (
    <PickerDialog open={picker === "snooze" && count > 0} onClose={close} title="Snooze" description={count === 1 ? "Snooze this conversation until…" : `Snooze ${count} conversations until…`}>
      <SnoozeOptions
        threadIds={threadIds}
        onDone={(ids) => {
          close();
          onSnoozed(ids);
        }}
      />
    </PickerDialog>
  );
}

function SnoozeOptions({ threadIds, onDone }: { threadIds: string[]; onDone: (ids: string[]) => void }) {
  const { byThread, inboxNow } = useSnoozes();
  const snooze = useSnooze();
  const unsnooze = useUnsnooze();
  const [custom, setCustom] = useState(false);
  const now = inboxNow();
  const zone = browserTimeZone();
  const single = threadIds.length === 1 ? threadIds[0]! : null;
  const snoozed = single ? byThread.get(single)?.snooze?.state === "waiting" : false;
  const pick = (until: NewSnooze["until"]) => snooze.mutate({ threadIds, until }, { onSuccess: () => onDone(threadIds) });

  if (custom) return <CustomTime title="Snooze until" submitLabel="Snooze" now={now} zone={zone} pending={snooze.isPending} onPick={(at) => pick(at.toISOString())} onBack={() => setCustom(false)} />;
  return (
    <Command>
      {/* Focus in the list's own field: arrows and Enter choose, typing narrows ("tom"). */}
      <CommandInput placeholder={threadIds.length === 1 ? "Snooze until…" : `Snooze ${threadIds.length} conversations until…`} aria-label="Snooze until" autoFocus />
      <CommandList>
        <CommandEmpty>No such choice. Pick a date and time instead.</CommandEmpty>
        <CommandGroup>
          {snoozeChoices(now, zone).map((choice) => (
            <CommandItem key={choice.until} value={choice.label} disabled={snooze.isPending} onSelect={() => pick(choice.until)}>
              {choice.until === "reply" ? <MessageCircleReplyIcon aria-hidden /> : <ClockIcon aria-hidden />}
              <span className="flex-1">{choice.label}</span>
              {choice.when ? <span className="text-xs text-muted-foreground tabular-nums">{choice.when}</span> : null}
            </CommandItem>
          ))}
          <CommandItem value="Pick a date and time" onSelect={() => setCustom(true)}>
            <CalendarClockIcon aria-hidden />
            Pick a date and time…
          </CommandItem>
        </CommandGroup>
        {snoozed && single ? (
          <CommandGroup>
            <CommandItem value="Unsnooze now" onSelect={() => unsnooze.mutate({ threadId: single, kind: "snooze" }, { onSuccess: () => onDone([]) })}>
              <AlarmClockOffIcon aria-hidden />
              Unsnooze now
            </CommandItem>
          </CommandGroup>
        ) : null}
      </CommandList>
    </Command>
  );
}
