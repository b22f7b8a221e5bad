"use client";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { AlarmClockIcon, BellIcon, CornerUpLeftIcon, XIcon } from "@/components/ui/icons";
import type { Snooze } from "@/lib/api/snoozes";
import { useSnoozes } from "@/lib/client/hooks/use-snoozes";
import { useUnsnooze } from "@/lib/client/mutations/snoozes";
import { snoozeMark } from "@/lib/client/snooze-marks";

/**
 * Under the conversation's header: that it is snoozed (and till when, by whom), that it came
 * back from a snooze or without a reply, or that a reminder waits — each with the one action
 * that ends it (Unsnooze, Dismiss, Cancel reminder).
 */
export function SnoozeBanner({ threadId }: { threadId: string }) {
  const { byThread, inboxNow } = useSnoozes();
  const unsnooze = useUnsnooze();
  const entries = byThread.get(threadId) ?? {};
  const shown = [entries.followUp?.state === "returned" ? entries.followUp : null, entries.snooze, entries.followUp?.state === "waiting" ? entries.followUp : null].filter(
    (entry): entry is Snooze => Boolean(entry),
  );
  if (shown.length === 0) return null;
  const now = inboxNow();
  return (
    <div className="flex flex-col border-b">
      {shown.map((entry) => {
        const mark = snoozeMark({ [entry.kind]: entry }, now)!;
        const action = entry.state === "returned" ? "Dismiss" : entry.kind === "snooze" ? "Unsnooze" : "Cancel reminder";
        const Icon = entry.state === "returned" ? CornerUpLeftIcon : entry.kind === "snooze" ? AlarmClockIcon : BellIcon;
        return (
          <div
            key={entry.kind}
            role="status"
            className={cn(
              "flex items-center gap-2 px-4 py-1.5 text-sm",
              mark.tone === "returned" ? "bg-amber-50 text-amber-950 dark:bg-amber-400/10 dark:text-amber-100" : "bg-sky-50 text-sky-950 dark:bg-sky-400/10 dark:text-sky-100",
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden />
            <span className="min-w-0 flex-1 truncate" title={mark.title}>
              <span className="font-medium">{mark.label}</span>
              <span className="text-current/75"> · {entry.kind === "snooze" && entry.state === "returned" ? `snoozed by ${entry.by.name}` : `by ${entry.by.name}`}</span>
            </span>
            <Button variant="ghost" size="sm" className="h-7 gap-1 px-2" disabled={unsnooze.isPending} onClick={() => unsnooze.mutate({ threadId, kind: entry.kind })}>
              {entry.state === "returned" ? <XIcon aria-hidden /> : null}
              {action}
            </Button>
          </div>
        );
      })}
    </div>
  );
}
