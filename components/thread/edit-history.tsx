"use client";

import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";

import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/ui/cn";
import { api } from "@/lib/client/api";
import { errorMessage } from "@/lib/client/errors";
import { fullTime } from "@/lib/client/format";
import { messageHistoryKey } from "@/lib/client/mutations/messages";

/**
 * The "edited" mark, which opens the message's versions (GET /messages/{id}/history) and says
 * where their times come from: the platform, or the moment the service noticed the edit.
 * The history is read only when someone opens it.
 */
export function EditHistory({ messageId, editedAt, align = "start", className }: { messageId: string; editedAt: string; align?: "start" | "end"; className?: string }) {
  return (
    <Popover>
      <PopoverTrigger
        className={cn(
          "cursor-pointer rounded-sm underline-offset-2 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring/50",
          className,
        )}
        aria-label={`Edited ${fullTime(editedAt)}. Show edit history`}
      >
        edited
      </PopoverTrigger>
      <PopoverContent aria-label="Edit history" align={align} className="w-80 p-0">
        <HistoryBody messageId={messageId} />
      </PopoverContent>
    </Popover>
  );
}

function HistoryBody({ messageId }: { messageId: string }) {
  const history = useQuery({
    queryKey: messageHistoryKey(messageId),
    queryFn: async ({ signal }) => (await api.messages.history(messageId, { signal })).body,
  });

  return (
    <div className="grid">
      <div className="border-b px-3 py-2">
        <h2 className="text-sm font-semibold">Edit history</h2>
        {history.data ? <p className="mt-0.5 text-xs text-muted-foreground">{timesNote(history.data.times)}</p> : null}
      </div>
      {history.isPending ? (
        <div role="status" aria-label="Loading the edit history" className="grid gap-3 p-3">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      ) : history.isError ? (
        <p role="alert" className="p-3 text-sm text-muted-foreground">
          {errorMessage(history.error)}
        </p>
      ) : (
        <ol className="max-h-72 overflow-y-auto p-1.5">
          {[...history.data.versions].reverse().map((version, i, all) => {
            const label = i === 0 ? "Current" : i === all.length - 1 ? "Original" : "Earlier";
            return (
              <li key={`${version.at}-${i}`} className="rounded-md px-2 py-1.5">
                <div className="flex items-baseline gap-2 text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{label}</span>
                  <time dateTime={version.at} title={fullTime(version.at)}>
                    {format(new Date(version.at), "d MMM, HH:mm")}
                  </time>
                </div>
                <p className={cn("mt-0.5 text-sm break-words whitespace-pre-wrap", i > 0 && "text-muted-foreground")}>
                  {version.content ?? <span className="italic">No text</span>}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

function timesNote(times: string): string {
  if (times === "platform") return "Times are from the platform.";
  if (times === "observed") return "Times are when we noticed each edit; the platform doesn't say when it was made.";
  return "The source of these times is unknown.";
}
