"use client";

import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuShortcut, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { CalendarClockIcon, CircleAlertIcon, ClockIcon, LoaderCircleIcon, PencilIcon, XIcon } from "@/components/ui/icons";
import type { ScheduledSend } from "@/lib/api/scheduled-sends";
import { useSnoozes } from "@/lib/client/hooks/use-snoozes";
import { useCancelScheduled, useReschedule } from "@/lib/client/mutations/scheduled-sends";
import { browserTimeZone } from "@/lib/client/mutations/snoozes";
import { scheduledSendQueries } from "@/lib/client/queries/scheduled-sends";
import { shortTime } from "@/lib/client/snooze-marks";
import { snoozeChoices } from "@/lib/client/snooze-choices";
import { putBackInComposer } from "@/lib/client/thread/put-back";
import { hasRole, useViewer } from "@/lib/client/viewer";

/**
 * What is scheduled to go in this conversation, above its reply box, for everyone who sees it:
 * when, by whom, the words. Its author edits it (back into the box: it is no longer scheduled),
 * moves it to another time, or cancels it; a manager may cancel it too. One that failed says
 * why and keeps its words until its author edits or discards it.
 */
export function ScheduledSendList({ threadId }: { threadId: string }) {
  const query = useQuery(scheduledSendQueries.thread(threadId));
  const sends = query.data?.data ?? [];
  if (sends.length === 0) return null;
  return (
    <section aria-label="Scheduled messages" className="flex max-h-48 shrink-0 flex-col gap-1.5 overflow-y-auto border-t bg-muted/30 px-3 py-2 @lg:px-4">
      {sends.map((send) => (
        <ScheduledSendRow key={send.id} send={send} />
      ))}
    </section>
  );
}

function ScheduledSendRow({ send }: { send: ScheduledSend }) {
  const viewer = useViewer();
  const { inboxNow } = useSnoozes();
  const reschedule = useReschedule();
  const cancel = useCancelScheduled();
  const mine = send.author.userId === viewer.userId;
  const failed = send.state === "failed";
  const sending = send.state === "sending";
  const when = new Date(send.sendAt);
  const busy = reschedule.isPending || cancel.isPending;

  const edit = () => {
    cancel.mutate(send, { onSuccess: () => putBackInComposer(send.threadId, send.content) });
  };

  return (
    <article
      aria-label={failed ? "Scheduled message, not sent" : `Message scheduled for ${format(when, "EEEE d MMMM, HH:mm")}`}
      className={cn("rounded-md border bg-background px-3 py-2 text-sm", failed && "border-destructive/40 bg-destructive/5")}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {failed ? <CircleAlertIcon className="size-4 shrink-0 text-destructive" aria-hidden /> : <CalendarClockIcon className="size-4 shrink-0 text-primary" aria-hidden />}
        <p className="min-w-0 flex-1 text-xs text-muted-foreground">
          {failed ? (
            <span className="font-medium text-destructive">Not sent: {send.error?.sentence ?? "it could not be sent."}</span>
          ) : sending ? (
            <span className="inline-flex items-center gap-1">
              <LoaderCircleIcon className="size-3 animate-spin" aria-hidden /> Sending now
            </span>
          ) : (
            <>
              Scheduled for{" "}
              <time dateTime={send.sendAt} title={format(when, "EEEE d MMMM yyyy, HH:mm")} className="font-medium text-foreground">
                {shortTime(when, inboxNow())}
              </time>
            </>
          )}
          {" · "}
          {mine ? "by you" : `by ${send.author.name}`}
        </p>
        {sending ? null : (
          <div className="-my-1 flex shrink-0 items-center">
            {mine ? (
              <Button variant="ghost" size="sm" className="h-6 gap-1 px-1.5 text-xs" disabled={busy} onClick={edit}>
                <PencilIcon aria-hidden /> Edit
              </Button>
            ) : null}
            {mine && !failed ? <RescheduleMenu disabled={busy} onPick={(sendAt) => reschedule.mutate({ id: send.id, change: { sendAt } })} /> : null}
            {mine || hasRole(viewer, "manager") ? (
              <Button variant="ghost" size="sm" className="h-6 gap-1 px-1.5 text-xs" disabled={busy} onClick={() => cancel.mutate(send)}>
                <XIcon aria-hidden /> {failed ? "Discard" : "Cancel"}
              </Button>
            ) : null}
          </div>
        )}
      </div>
      <p className="mt-1 line-clamp-2 break-words whitespace-pre-wrap [overflow-wrap:anywhere]">{send.content}</p>
    </article>
  );
}

function RescheduleMenu({ disabled, onPick }: { disabled: boolean; onPick: (sendAt: string) => void }) {
  const { inboxNow } = useSnoozes();
  const choices = snoozeChoices(inboxNow(), browserTimeZone()).filter((choice) => choice.until !== "reply");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="h-6 gap-1 px-1.5 text-xs" disabled={disabled}>
          <ClockIcon aria-hidden /> Reschedule
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal text-muted-foreground">Send it instead…</DropdownMenuLabel>
        {choices.map((choice) => (
          <DropdownMenuItem key={choice.until} onSelect={() => onPick(choice.until)}>
            <span className="flex-1">{choice.label}</span>
            {choice.when ? <DropdownMenuShortcut className="tracking-normal tabular-nums">{choice.when}</DropdownMenuShortcut> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
