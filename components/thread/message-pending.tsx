"use client";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CircleAlertIcon, LoaderCircleIcon, RotateCwIcon, ShieldQuestionIcon, Undo2Icon } from "@/components/ui/icons";
import { useOutboxFiles, type OutboxItem } from "@/lib/client/stores/outbox";
import { useSendPipeline } from "@/lib/client/thread/use-send-pipeline";
import { undoSend } from "@/lib/client/thread/undo-send";

import { PendingAttachments } from "./attachment-chips";

/**
 * A message on its way out, drawn at the bottom of the history before the API confirms it:
 * held for its undo window (with Undo), sending, failed (with why, and a retry that reuses the send's idempotency key), or
 * unconfirmed — which must never be resent, only waited on.
 */
export function MessagePending({ item, onRetry }: { item: OutboxItem; onRetry: (item: OutboxItem) => void }) {
  const failed = item.state === "failed";
  const unconfirmed = item.state === "unconfirmed";
  const files = useOutboxFiles(item.localId);
  const pipeline = useSendPipeline();
  return (
    <article
      aria-label={failed ? "Your message, not sent" : unconfirmed ? "Your message, delivery unconfirmed" : item.state === "held" ? "Your message, about to send" : "Your message, sending"}
      className="flex flex-row-reverse px-4 pt-1 pb-0.5"
    >
      <div className="flex max-w-[min(70%,36rem)] min-w-0 flex-col items-end gap-1">
        {item.content ? (
          <p
            className={cn(
              "rounded-2xl rounded-br-md px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap [overflow-wrap:anywhere]",
              failed
                ? "border border-destructive/50 bg-destructive/5 text-foreground"
                : unconfirmed
                  ? "border border-amber-500/50 bg-amber-50 text-foreground dark:bg-amber-400/10"
                  : item.state === "held"
                    ? "bg-primary/70 text-primary-foreground"
                    : "bg-primary text-primary-foreground",
            )}
          >
            {item.content}
          </p>
        ) : null}
        <PendingAttachments files={item.attachments ?? []} data={files} />
        <div role="status" className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1 px-1 text-[0.6875rem]">
          {item.state === "held" ? (
            <>
              <span className="text-muted-foreground">Sending in a moment</span>
              <Button variant="outline" size="sm" className="h-6 gap-1 px-2 text-[0.6875rem]" onClick={() => undoSend(pipeline, item.localId, item.threadId)}>
                <Undo2Icon className="size-3" aria-hidden />
                Undo
              </Button>
            </>
          ) : item.state === "sending" ? (
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <LoaderCircleIcon className="size-3 animate-spin" aria-hidden />
              Sending…
            </span>
          ) : failed ? (
            <>
              <span className="inline-flex items-center gap-1 font-medium text-destructive">
                <CircleAlertIcon className="size-3" aria-hidden />
                Failed
              </span>
              {item.error ? <span className="text-muted-foreground">{item.error.sentence}</span> : null}
              <Button variant="outline" size="sm" className="h-6 gap-1 px-2 text-[0.6875rem]" onClick={() => onRetry(item)}>
                <RotateCwIcon className="size-3" aria-hidden />
                Retry
              </Button>
            </>
          ) : unconfirmed ? (
            <span className="inline-flex items-center gap-1 text-amber-800 dark:text-amber-200">
              <ShieldQuestionIcon className="size-3" aria-hidden />
              Delivery unconfirmed — we&apos;re checking; don&apos;t resend
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}
