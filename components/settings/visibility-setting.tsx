"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { LoaderCircleIcon } from "@/components/ui/icons";
import { QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import type { MemberVisibility } from "@/lib/api/settings";
import { usePendingChoices } from "@/lib/client/hooks/use-pending-choices";
import { useUpdateTeamSettings } from "@/lib/client/mutations/settings";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { hasRole, useViewer } from "@/lib/client/viewer";

const CHOICES: Record<MemberVisibility, { label: string; hint: string }> = {
  all: { label: "Every conversation", hint: "Members see and answer every conversation of the team." },
  assignedAndUnassigned: {
    label: "Their own and unassigned ones",
    hint: "Members see conversations assigned to them and those no one has yet; managers and admins still see all.",
  },
};

/** Which conversations members see (lib/api/settings): admins choose, everyone else reads it. */
export function VisibilitySetting() {
  const id = useId();
  const viewer = useViewer();
  const admin = hasRole(viewer, "admin");
  const settings = useQuery(inboxQueries.settings());
  const update = useUpdateTeamSettings();
  const choosing = usePendingChoices<"memberVisibility", MemberVisibility>();

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-lg border p-5">
      <h2 id={`${id}-title`} className="font-medium">
        What members see
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{admin ? "Takes effect at once, in every open inbox." : "Only admins change this."}</p>
      <div className="mt-4">
        <QueryState query={settings} loading="the team's settings" skeleton={<Skeleton className="h-28 w-full" />}>
          {(data) => {
            const current = choosing.shown("memberVisibility", data.memberVisibility);
            return (
              <fieldset className="grid gap-2" disabled={!admin} aria-describedby={`${id}-title`}>
                <legend className="sr-only">Which conversations members see</legend>
                {(Object.keys(CHOICES) as MemberVisibility[]).map((choice) => (
                  <label key={choice} className="flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 has-disabled:cursor-default has-focus-visible:ring-2 has-focus-visible:ring-ring/50">
                    <input
                      type="radio"
                      name={`${id}-visibility`}
                      value={choice}
                      className="mt-0.5 size-4 accent-primary"
                      checked={current === choice}
                      onChange={() => choosing.choose("memberVisibility", choice, (onSettled) => update.mutate({ memberVisibility: choice }, { onSettled }))}
                    />
                    <span>
                      <span className="flex items-center gap-2 text-sm font-medium">
                        {CHOICES[choice].label}
                        {update.isPending && choosing.pending.memberVisibility === choice ? <LoaderCircleIcon className="size-3.5 animate-spin" aria-label="Saving" /> : null}
                      </span>
                      <span className="block text-sm text-muted-foreground">{CHOICES[choice].hint}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            );
          }}
        </QueryState>
      </div>
    </section>
  );
}
