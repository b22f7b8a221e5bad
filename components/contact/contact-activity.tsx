"use client";

import { useQuery } from "@tanstack/react-query";

import { Skeleton } from "@/components/ui/skeleton";
import { activitySentence } from "@/lib/client/activity-sentences";
import { errorMessage } from "@/lib/client/errors";
import { fullTime, listTime } from "@/lib/client/format";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { teamQueries } from "@/lib/client/queries/team";

import { ContactSection } from "./contact-section";

const SHOWN = 8;

/** What the team did with this person through the inbox, newest first (the API can't say who). */
export function ContactActivity({ contactId }: { contactId: string }) {
  const activity = useQuery(inboxQueries.contactActivity(contactId));
  const members = useQuery(teamQueries.members());
  const statuses = useQuery(teamQueries.statuses());
  const names = {
    member: (id: string) => members.data?.find((m) => m.id === id)?.name,
    status: (id: string) => statuses.data?.find((s) => s.id === id)?.name,
  };
  const entries = activity.data?.slice(0, SHOWN) ?? [];

  return (
    <ContactSection title="Activity">
      {activity.isPending ? (
        <div role="status" aria-label="Loading the activity" className="grid gap-2">
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="h-4 w-3/5" />
        </div>
      ) : activity.isError ? (
        <p className="text-sm text-muted-foreground">{errorMessage(activity.error)}</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet. What the team does here through the inbox shows up in this list.</p>
      ) : (
        <ol aria-label="Recent activity" className="grid gap-2.5 border-l pl-3">
          {entries.map((entry) => (
            <li key={entry.id} className="relative text-sm leading-snug">
              <span className="absolute top-1.5 -left-[calc(0.75rem+3.5px)] size-1.5 rounded-full bg-muted-foreground/60" aria-hidden />
              <span className="font-medium">{entry.userName}</span> {activitySentence(entry, names)}
              <time dateTime={entry.at} title={fullTime(entry.at)} className="ml-1.5 text-xs text-muted-foreground">
                {listTime(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </ContactSection>
  );
}
