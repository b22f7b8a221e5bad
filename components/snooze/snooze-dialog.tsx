"use client";

import { format } from "date-fns";
import { AlarmClockOffIcon, CalendarClockIcon, ClockIcon, MessageCircleReplyIcon } from "lucide-react";
import { useState, type FormEvent } from "react";

import { PickerDialog } from "@/components/inbox/thread-pickers";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Input } from "@/components/ui/input";
import type { NewSnooze } from "@/lib/api/snoozes";
import { useSnoozes } from "@/lib/client/hooks/use-snoozes";
import { browserTimeZone, useSnooze, useUnsnooze } from "@/lib/client/mutations/snoozes";
import { snoozeChoices, zonedInstant } from "@/lib/client/snooze-marks";
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

  if (custom) return <CustomTime now={now} zone={zone} pending={snooze.isPending} onPick={(at) => pick(at.toISOString())} onBack={() => setCustom(false)} />;
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

/** A date and a time in the member's zone; a time already past is refused with a sentence. */
function CustomTime({ now, zone, pending, onPick, onBack }: { now: Date; zone: string; pending: boolean; onPick: (at: Date) => void; onBack: () => void }) {
  const [date, setDate] = useState(() => format(new Date(now.getTime() + 86_400_000), "yyyy-MM-dd"));
  const [time, setTime] = useState("09:00");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = zonedInstant(date, time, zone);
    if (!at) return setProblem("Choose a date and a time.");
    if (at.getTime() <= now.getTime()) return setProblem("That time has passed. Choose a later one.");
    onPick(at);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 p-4" aria-label="Snooze until a date and time">
      <p className="text-sm font-medium">Snooze until</p>
      <div className="flex gap-2">
        <label className="flex flex-1 flex-col gap-1 text-xs text-muted-foreground">
          Date
          <Input type="date" value={date} min={format(now, "yyyy-MM-dd")} onChange={(e) => setDate(e.target.value)} required autoFocus />
        </label>
        <label className="flex w-32 flex-col gap-1 text-xs text-muted-foreground">
          Time
          <Input type="time" value={time} onChange={(e) => setTime(e.target.value)} required />
        </label>
      </div>
      <p className="text-xs text-muted-foreground">In your time zone, {zone.replaceAll("_", " ")}.</p>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" size="sm" disabled={pending}>
          Snooze
        </Button>
      </div>
    </form>
  );
}
