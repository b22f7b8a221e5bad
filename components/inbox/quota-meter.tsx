"use client";

import { useQuery } from "@tanstack/react-query";

import { cn } from "@/components/ui/cn";
import { Hint } from "@/components/ui/hint";
import { GaugeIcon } from "@/components/ui/icons";
import { fullTime } from "@/lib/client/format";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { hasRole, useViewer } from "@/lib/client/viewer";

/**
 * For managers: how much of the team's shared request quota is left in the current window,
 * as the API last reported it. Every member's reads come out of it, so a manager can see the
 * team running short before anyone waits.
 */
export function QuotaMeter() {
  const viewer = useViewer();
  const manager = hasRole(viewer, "manager");
  const status = useQuery({ ...inboxQueries.status(), enabled: manager });
  if (!manager) return null;
  const quota = status.data?.quota;
  const known = quota && quota.limit !== null && quota.remaining !== null;
  const share = known ? Math.max(0, Math.min(1, quota.remaining! / quota.limit!)) : null;
  const low = share !== null && share < 0.2;
  const held = quota?.blockedUntil ?? null;
  const waiting = quota ? quota.waiting.write + quota.waiting.read + quota.waiting.background : 0;

  const summary = !quota
    ? "Request quota: loading"
    : !known
      ? "Request quota: not reported yet"
      : `Request quota: ${quota.remaining!.toLocaleString()} of ${quota.limit!.toLocaleString()} left`;

  const details = known ? (
    <>
      Shared by every member and every other use of the team&apos;s tokens.{" "}
      {quota.resetAt ? `The window resets at ${fullTime(quota.resetAt)}.` : null}
      {waiting > 0 ? ` ${waiting} request${waiting === 1 ? "" : "s"} waiting; members' changes go first.` : " Nothing is waiting."}
    </>
  ) : (
    "The API reports the quota with its answers; it shows here after the first one."
  );

  return (
    <Hint label={details} side="right" className="max-w-64">
      <div tabIndex={0} role="group" aria-label={summary} className="mx-2 mb-2 rounded-md border bg-background/60 px-2.5 py-2 text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring/50">
        <div className="flex items-center gap-1.5 text-muted-foreground">
          <GaugeIcon className="size-3.5" aria-hidden />
          <span className="flex-1">Request quota</span>
          <span className={cn("tabular-nums", low ? "font-medium text-destructive" : "text-foreground")}>
            {known ? `${quota.remaining!.toLocaleString()} / ${quota.limit!.toLocaleString()}` : "—"}
          </span>
        </div>
        <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
          <div className={cn("h-full rounded-full transition-[width]", low ? "bg-destructive" : "bg-primary")} style={{ width: `${Math.round((share ?? 0) * 100)}%` }} />
        </div>
        {held ? <p className="mt-1 text-destructive">The API asked us to wait until {fullTime(held)}; requests are queued.</p> : null}
      </div>
    </Hint>
  );
}
