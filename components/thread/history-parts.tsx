"use client";

/** The history's parts around its messages (components/thread/message-list): its top, its announcer of new messages, its loading skeleton. */

import { useState } from "react";

import { Button } from "@/components/ui/button";
import { LoaderCircleIcon, RotateCwIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import type { Message } from "@/lib/api/messages";
import { errorMessage } from "@/lib/client/errors";

/** The top of the history: a way to older messages, or the start of the conversation. */
export function HistoryStart({ name, hasOlder, loading, error, onLoad }: { name: string; hasOlder: boolean; loading: boolean; error: unknown; onLoad: () => void }) {
  if (!hasOlder) {
    return <p className="px-4 pt-4 pb-2 text-center text-xs text-muted-foreground">This is the beginning of your conversation with {name}.</p>;
  }
  return (
    <div className="flex min-h-10 flex-col items-center justify-center gap-1 py-2 text-xs text-muted-foreground">
      {loading ? (
        <span role="status" className="inline-flex items-center gap-1.5">
          <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden />
          Loading older messages…
        </span>
      ) : (
        <>
          {error ? <span role="alert">{errorMessage(error)}</span> : null}
          <Button variant="ghost" size="sm" className="h-7 text-xs text-muted-foreground" onClick={onLoad}>
            {error ? <RotateCwIcon aria-hidden /> : null}
            {error ? "Try again" : "Load older messages"}
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * Says the newest message aloud when one arrives from the person. Opening a thread, or older
 * pages arriving, says nothing.
 */
export function NewMessageStatus({ message, sender }: { message: Message | null; sender: string }) {
  // What was newest when the thread opened is history, not news.
  const [openedWith] = useState(() => message?.id ?? null);
  const fresh = message && message.id !== openedWith && message.direction !== "outbound" && !message.deletedAt;
  const text = fresh ? `New message from ${sender}: ${message.content ?? "an attachment"}` : "";
  return (
    <div role="status" className="sr-only">
      {text}
    </div>
  );
}

export function HistorySkeleton() {
  const widths = ["w-52", "w-72", "w-40", "w-64", "w-56", "w-44"];
  return (
    <div role="status" aria-label="Loading messages" className="flex h-full flex-col justify-end gap-4 p-4">
      {widths.map((width, i) => (
        <div key={i} className={i % 3 === 1 ? "flex justify-end" : "flex items-end gap-2.5"}>
          {i % 3 === 1 ? null : <Skeleton className="size-8 rounded-full" />}
          <Skeleton className={`h-10 rounded-2xl ${width}`} />
        </div>
      ))}
    </div>
  );
}
