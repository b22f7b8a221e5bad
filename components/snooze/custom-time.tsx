"use client";

import { format } from "date-fns";
import { useState, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { zonedInstant } from "@/lib/client/snooze-choices";

/** A date and a time in the member's zone; a time already past is refused with a sentence. */
export function CustomTime({
  title,
  submitLabel,
  now,
  zone,
  pending,
  onPick,
  onBack,
}: {
  title: string;
  submitLabel: string;
  now: Date;
  zone: string;
  pending: boolean;
  onPick: (at: Date) => void;
  onBack: () => void;
}) {
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
    <form onSubmit={submit} className="flex flex-col gap-3 p-4" aria-label={`${title} a date and time`}>
      <p className="text-sm font-medium">{title}</p>
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
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
