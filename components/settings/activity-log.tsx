"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { parseAsString, useQueryStates } from "nuqs";

import { SettingsHeader } from "@/components/settings/settings-shell";
import { Button } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { inputClassName } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { QueryState } from "@/components/ui/query-state";
import { activitySentence, ACTIVITY_ACTIONS } from "@/lib/client/activity-sentences";
import { fullTime, listTime } from "@/lib/client/format";
import { inboxApi } from "@/lib/client/inbox-api";
import { teamQueries } from "@/lib/client/queries/team";
import { hasRole, useViewer } from "@/lib/client/viewer";

const ANY = "any";
const filterParsers = { member: parseAsString, action: parseAsString, from: parseAsString, to: parseAsString };

/** The API acts as the owner for everyone; this is who did what through the inbox, for managers. */
export function ActivityLog() {
  const viewer = useViewer();
  if (!hasRole(viewer, "manager")) {
    return (
      <>
        <SettingsHeader title="Activity log" description="Who did what through the inbox." />
        <p className="text-sm text-muted-foreground">Only managers and admins can see the team&apos;s whole activity. A contact&apos;s activity is in its panel beside the conversation.</p>
      </>
    );
  }
  return <TeamActivity />;
}

function TeamActivity() {
  const [filters, setFilters] = useQueryStates(filterParsers, { history: "replace" });
  const members = useQuery(teamQueries.members());
  const statuses = useQuery(teamQueries.statuses());
  const query = {
    limit: 500,
    memberId: filters.member || undefined,
    action: filters.action || undefined,
    // Dates are days in the viewer's time zone: from its start, to the end of `to`.
    from: filters.from ? new Date(`${filters.from}T00:00:00`).toISOString() : undefined,
    to: filters.to ? new Date(new Date(`${filters.to}T00:00:00`).getTime() + 86_400_000).toISOString() : undefined,
  };
  const search = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
  const activity = useQuery({
    queryKey: ["inbox", "activity", "team", search.toString()],
    queryFn: async ({ signal }) => (await inboxApi("activity.list", { query, signal })).data,
  });
  const names = {
    member: (id: string) => members.data?.find((m) => m.id === id)?.name,
    status: (id: string) => statuses.data?.find((s) => s.id === id)?.name,
  };
  const csv = new URLSearchParams(search);
  csv.set("format", "csv");
  csv.set("limit", "10000");

  return (
    <>
      <SettingsHeader title="Activity log" description="Every change made through the inbox, by whom: the API itself only knows the team's token. Kept for a year.">
        <Button asChild variant="outline" size="sm">
          <a href={`/api/inbox/activity?${csv}`} download>
            <DownloadIcon aria-hidden />
            Export CSV
          </a>
        </Button>
      </SettingsHeader>

      <div role="group" aria-label="Filters" className="mb-4 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          Member
          <Select value={filters.member ?? ANY} onValueChange={(v) => void setFilters({ member: v === ANY ? null : v })}>
            <SelectTrigger className="h-8 w-48" aria-label="Member">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Everyone</SelectItem>
              {members.data?.map((m) => (
                <SelectItem key={m.id} value={m.id}>
                  {m.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </label>
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          Action
          <Select value={filters.action ?? ANY} onValueChange={(v) => void setFilters({ action: v === ANY ? null : v })}>
            <SelectTrigger className="h-8 w-56" aria-label="Action">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Any action</SelectItem>
              {ACTIVITY_ACTIONS.map(({ action, label }) => (
                <SelectItem key={action} value={action}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </label>
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          From
          <input type="date" className={`${inputClassName} h-8 w-40`} value={filters.from ?? ""} onChange={(e) => void setFilters({ from: e.target.value || null })} />
        </label>
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          To
          <input type="date" className={`${inputClassName} h-8 w-40`} value={filters.to ?? ""} onChange={(e) => void setFilters({ to: e.target.value || null })} />
        </label>
        {filters.member || filters.action || filters.from || filters.to ? (
          <Button variant="ghost" size="sm" className="h-8" onClick={() => void setFilters({ member: null, action: null, from: null, to: null })}>
            Clear filters
          </Button>
        ) : null}
      </div>

      <QueryState query={activity} loading="the activity">
        {(data) =>
          data.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing matches. Changes made through the inbox — replies, assignments, tags, notes — show up here.</p>
          ) : (
            <ol aria-label="Activity" className="divide-y rounded-lg border">
              {data.map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-baseline gap-x-2 px-4 py-2.5 text-sm">
                  <time dateTime={entry.at} title={fullTime(entry.at)} className="w-14 shrink-0 text-xs text-muted-foreground tabular-nums">
                    {listTime(entry.at)}
                  </time>
                  <span className="min-w-0 flex-1">
                    <span className="font-medium">{entry.userName}</span> {activitySentence(entry, names)}
                  </span>
                  {entry.threadId ? (
                    <Link href={`/?folder=all&thread=${entry.threadId}`} className="text-xs text-primary underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring/50">
                      Open the conversation
                    </Link>
                  ) : null}
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
    </>
  );
}
