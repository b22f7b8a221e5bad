"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";

import { SettingsHeader } from "@/components/settings/settings-shell";
import { QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { UNDO_SEND_CHOICES } from "@/lib/api/preferences";
import { usePendingChoices } from "@/lib/client/hooks/use-pending-choices";
import { useSetUndoSendSeconds } from "@/lib/client/mutations/preferences";
import { inboxQueries } from "@/lib/client/queries/inbox";

const CHOICE_LABELS: Record<(typeof UNDO_SEND_CHOICES)[number], string> = {
  0: "Off: send at once",
  5: "5 seconds",
  10: "10 seconds",
  20: "20 seconds",
  30: "30 seconds",
};

/**
 * Settings › Sending, each member's own: how long a reply waits, with an Undo, before it goes
 * (lib/api/preferences `undoSendSeconds`). Saved on the server, so it follows the member.
 */
export function SendingSettings() {
  const preferences = useQuery(inboxQueries.preferences());
  const setSeconds = useSetUndoSendSeconds();
  const choice = usePendingChoices<"undoSendSeconds", number>();
  const id = useId();

  return (
    <>
      <SettingsHeader title="Sending" description="How your replies go out. These choices are yours alone and follow you to every browser you sign in on." />
      <section aria-labelledby={`${id}-undo`}>
        <h2 id={`${id}-undo`} className="font-medium">
          Undo send
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          A reply waits this long before it goes, with an Undo on the message and in its notice. Nothing reaches the contact until then; undone, it goes back into the reply box.
        </p>
        <div className="mt-3">
          <QueryState query={preferences} loading="your choice" skeleton={<Skeleton className="h-40 w-full max-w-sm" />}>
            {(data) => (
              <fieldset className="grid max-w-sm gap-2">
                <legend className="sr-only">Undo window</legend>
                {UNDO_SEND_CHOICES.map((seconds) => (
                  <label key={seconds} className="flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-2.5 text-sm has-checked:border-primary/60 has-checked:bg-primary/5 has-focus-visible:ring-2 has-focus-visible:ring-ring/50">
                    <input
                      type="radio"
                      name={`${id}-seconds`}
                      className="size-4 accent-primary"
                      checked={choice.shown("undoSendSeconds", data.undoSendSeconds) === seconds}
                      onChange={() => choice.choose("undoSendSeconds", seconds, (onSettled) => setSeconds.mutate(seconds, { onSettled }))}
                    />
                    {CHOICE_LABELS[seconds]}
                  </label>
                ))}
              </fieldset>
            )}
          </QueryState>
        </div>
      </section>
    </>
  );
}
