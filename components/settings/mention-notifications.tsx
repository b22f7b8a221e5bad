"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";

import { Skeleton } from "@/components/ui/skeleton";
import { usePendingChoices } from "@/lib/client/hooks/use-pending-choices";
import { useSetMentionNotifications } from "@/lib/client/mutations/preferences";
import { inboxQueries } from "@/lib/client/queries/inbox";

/**
 * Settings › Notifications: whether a teammate's @mention raises a browser notification
 * (lib/api/preferences `mentions`). The Mentions view's count and the in-app toast come anyway.
 */
export function MentionNotifications() {
  const preferences = useQuery(inboxQueries.preferences());
  const setMentions = useSetMentionNotifications();
  const choice = usePendingChoices<"mentions", boolean>();
  const id = useId();

  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="font-medium">
        Mentions
      </h2>
      <div className="mt-3">
        {preferences.data ? (
          <label className="flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 has-focus-visible:ring-2 has-focus-visible:ring-ring/50">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={choice.shown("mentions", preferences.data.mentions)}
              onChange={(event) => {
                const checked = event.target.checked;
                choice.choose("mentions", checked, (onSettled) => setMentions.mutate(checked, { onSettled }));
              }}
            />
            <span>
              <span className="block text-sm font-medium">When a teammate mentions me</span>
              <span className="block text-sm text-muted-foreground">An @mention in an internal comment. The Mentions view counts them either way.</span>
            </span>
          </label>
        ) : (
          <Skeleton className="h-12 w-full" />
        )}
      </div>
    </section>
  );
}
