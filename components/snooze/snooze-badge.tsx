

import { cn } from "@/components/ui/cn";
import { AlarmClockIcon, CornerUpLeftIcon } from "@/components/ui/icons";
import type { SnoozeMark } from "@/lib/client/snooze-marks";

/** A row's word on its snooze or reminder: waiting (blue, a clock) or back (amber, a return arrow). */
export function SnoozeBadge({ mark }: { mark: SnoozeMark }) {
  const Icon = mark.tone === "returned" ? CornerUpLeftIcon : AlarmClockIcon;
  return (
    <span
      title={mark.title}
      className={cn(
        // Before the labels: it says where the conversation stands, so it is the last to be cut.
        "inline-flex max-w-[60%] min-w-0 shrink-0 items-center gap-1 rounded px-1.5 py-px",
        mark.tone === "returned" ? "bg-amber-100 font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200" : "bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200",
      )}
    >
      <Icon className="size-3 shrink-0" aria-hidden />
      <span className="truncate">{mark.label}</span>
    </span>
  );
}
