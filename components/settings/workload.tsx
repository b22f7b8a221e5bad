"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { AccountStatusDot, accountStatusLabel } from "@/components/inbox/account-status";
import { AvailabilityBadge } from "@/components/routing/availability";
import { RoutingQueue } from "@/components/routing/routing-queue";
import { SettingsHeader } from "@/components/settings/settings-shell";
import { PersonAvatar } from "@/components/ui/avatar";
import { QueryState } from "@/components/ui/query-state";
import type { AccountLink } from "@/lib/api/platforms";
import type { MemberAvailability } from "@/lib/api/routing";
import type { Member } from "@/lib/api/team";
import type { TeamWorkload, WorkloadTally } from "@/lib/api/workload";
import { fullTime, waited } from "@/lib/client/format";
import { inboxHref } from "@/lib/client/list/inbox-url";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { teamQueries } from "@/lib/client/queries/team";
import { hasRole, useViewer } from "@/lib/client/viewer";

/** Who is overloaded, what waits unanswered, and where: for managers, updating as events arrive. */
export function WorkloadPage() {
  const viewer = useViewer();
  if (!hasRole(viewer, "manager")) {
    return (
      <>
        <SettingsHeader title="Workload" description="Who carries what." />
        <p className="text-sm text-muted-foreground">Only managers and admins can see the team&apos;s workload.</p>
      </>
    );
  }
  return <TeamWorkload />;
}

function TeamWorkload() {
  const load = useQuery(inboxQueries.workload());
  const members = useQuery(teamQueries.members());
  const links = useQuery(teamQueries.accountLinks());

  return (
    <>
      <SettingsHeader title="Workload" description="Open conversations in the inbox per member and per account, how many are unread, and how many wait on a reply from us — with the longest wait. Who is available, their capacity, and what waits for routing." />
      <QueryState query={load} loading="the workload">
        {(data) => <WorkloadTables data={data} members={members.data} links={links.data} />}
      </QueryState>
    </>
  );
}

function WorkloadTables({ data, members, links }: { data: TeamWorkload; members: Member[] | undefined; links: AccountLink[] | undefined }) {
  const max = Math.max(1, data.unassigned.open, ...data.members.map((m) => m.open), ...data.accountLinks.map((l) => l.open));
  const memberRows = [...data.members].sort((a, b) => b.open - a.open);
  const availability = new Map(data.availability.map((a) => [a.memberId, a]));
  return (
    <>
      <RoutingQueue queue={data.queue} links={links} />
      <LoadTable
        title="Members"
        rows={[
          ...memberRows.map((row) => {
            const member = members?.find((m) => m.id === row.memberId);
            const name = member?.name ?? "A former member";
            const state = availability.get(row.memberId);
            return {
              key: row.memberId,
              name,
              href: `/${inboxHref({ folder: "inbox", assigneeId: [row.memberId] })}`,
              icon: <PersonAvatar name={name} src={member?.avatarUrl} className="size-6" />,
              tally: row,
              below: <RoutingLine availability={state} />,
            };
          }),
          { key: "unassigned", name: "Unassigned", href: `/${inboxHref({ folder: "inbox", unassigned: true })}`, icon: null, tally: data.unassigned },
        ]}
        max={max}
      />
      <LoadTable
        title="Account links"
        rows={data.accountLinks.map((row) => {
          const link = links?.find((l) => l.id === row.accountLinkId);
          return {
            key: row.accountLinkId,
            // Not active (offline, paused) is said in words: it explains a queue that grows.
            name: link && link.status !== "active" ? `${link.displayName} · ${accountStatusLabel(link.status)}` : (link?.displayName ?? row.accountLinkId),
            href: `/${inboxHref({ folder: "inbox", accountLinkId: [row.accountLinkId] })}`,
            icon: link ? <AccountStatusDot status={link.status} /> : null,
            tally: row,
          };
        })}
        max={max}
      />
    </>
  );
}

/** `below` the name: a member's availability and capacity. */
type Row = { key: string; name: string; href: string; icon: React.ReactNode; tally: WorkloadTally; below?: React.ReactNode };

function LoadTable({ title, rows, max }: { title: string; rows: Row[]; max: number }) {
  const now = new Date();
  return (
    <section aria-labelledby={`load-${title}`} className="mb-8">
      <div className="mb-2 flex flex-wrap items-end justify-between gap-2">
        <h2 id={`load-${title}`} className="font-medium">
          {title}
        </h2>
        <Legend />
      </div>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">{title}: open, unread and waiting conversations</caption>
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {title === "Members" ? "Member" : "Account"}
              </th>
              <th scope="col" className="w-2/5 px-3 py-2 font-medium">
                Open
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Unread
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Waiting on us
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Longest wait
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, name, href, icon, tally, below }) => (
              <tr key={key} className="border-t">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <Link href={href} className="inline-flex items-center gap-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring/50">
                    {icon}
                    {name}
                  </Link>
                  {below ? <div>{below}</div> : null}
                </th>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-2">
                    <LoadBar tally={tally} max={max} />
                    <span className="w-8 text-right tabular-nums">{tally.open}</span>
                  </div>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{tally.unread}</td>
                <td className="px-3 py-2 text-right tabular-nums">{tally.waiting}</td>
                <td className="px-3 py-2">
                  {tally.oldestWaitSince ? (
                    <span className="text-amber-800 dark:text-amber-200" title={`Waiting since ${fullTime(tally.oldestWaitSince)}`}>
                      {waited(tally.oldestWaitSince, now)}
                    </span>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A member's availability, and against their capacity what capacity counts: the open conversations routing gave them. */
function RoutingLine({ availability }: { availability: MemberAvailability | undefined }) {
  return (
    <div className="ml-8 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
      <AvailabilityBadge availability={availability} />
      {availability?.capacity != null ? (
        <span className="tabular-nums" title="Open conversations routing gave them, against their capacity">
          · capacity {availability.routed}/{availability.capacity}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Each row's load, on one scale for the page: the open conversations, the part of them waiting
 * on a reply from us, and beneath, the unread ones. The numbers beside it say the same in text.
 */
function LoadBar({ tally, max }: { tally: WorkloadTally; max: number }) {
  const width = (n: number) => `${(n / max) * 100}%`;
  return (
    <div className="grid flex-1 gap-0.5" aria-hidden>
      <div className="flex h-2.5 overflow-hidden rounded-full bg-muted">
        <div className="h-full bg-amber-500 dark:bg-amber-400" style={{ width: width(tally.waiting) }} />
        <div className="h-full bg-primary/70" style={{ width: width(tally.open - tally.waiting) }} />
      </div>
      <div className="h-1 overflow-hidden rounded-full">
        <div className="h-full rounded-full bg-sky-600 dark:bg-sky-400" style={{ width: width(tally.unread) }} />
      </div>
    </div>
  );
}

function Legend() {
  const item = (swatch: string, text: string) => (
    <span className="inline-flex items-center gap-1.5">
      <span className={`inline-block size-2.5 rounded-sm ${swatch}`} />
      {text}
    </span>
  );
  return (
    <p aria-hidden className="flex flex-wrap gap-3 text-xs text-muted-foreground">
      {item("bg-amber-500 dark:bg-amber-400", "Waiting on us")}
      {item("bg-primary/70", "Other open")}
      {item("bg-sky-600 dark:bg-sky-400", "Unread")}
    </p>
  );
}
