"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, useSyncExternalStore } from "react";

import { SettingsHeader } from "@/components/settings/settings-shell";
import { VisibilitySetting } from "@/components/settings/visibility-setting";
import { PersonAvatar } from "@/components/ui/avatar";
import { CheckIcon, CopyIcon } from "@/components/ui/icons";
import { QueryState } from "@/components/ui/query-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/client/errors";
import { fullTime } from "@/lib/client/format";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { teamQueries } from "@/lib/client/queries/team";
import { hasRole, useViewer } from "@/lib/client/viewer";

/** The team as the API knows it, and — for managers — the quota and how events arrive. */
export function TeamSettings() {
  const viewer = useViewer();
  const manager = hasRole(viewer, "manager");
  const team = useQuery(teamQueries.team());

  return (
    <>
      <SettingsHeader title="Team" description="Your team as the messaging service knows it. Its name, image and currency are changed in the service's dashboard." />
      <section aria-labelledby="team-profile" className="rounded-lg border p-5">
        <h2 id="team-profile" className="sr-only">
          Profile
        </h2>
        <QueryState
          query={team}
          loading="the team"
          skeleton={
            <div className="flex items-center gap-4">
              <Skeleton className="size-14 rounded-full" />
              <div className="grid gap-2">
                <Skeleton className="h-5 w-48" />
                <Skeleton className="h-4 w-32" />
              </div>
            </div>
          }
        >
          {(data) => (
              <div className="flex flex-wrap items-center gap-4">
                <PersonAvatar name={data.name} src={data.imageUrl} className="size-14 text-lg" />
                <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">Name</dt>
                  <dd className="font-medium">{data.name}</dd>
                  <dt className="text-muted-foreground">Slug</dt>
                  <dd className="font-mono text-xs leading-5">{data.slug}</dd>
                  <dt className="text-muted-foreground">Currency</dt>
                  <dd>
                    {data.currency} <span className="text-muted-foreground">— every valuation in the inbox is in it</span>
                  </dd>
                  <dt className="text-muted-foreground">Plan</dt>
                  <dd>
                    {data.plan}
                    {data.addOns.length ? <span className="text-muted-foreground"> with {data.addOns.join(", ")}</span> : null}
                  </dd>
                </dl>
              </div>
          )}
        </QueryState>
      </section>
      <VisibilitySetting />
      {manager ? (
        <OperationsSettings />
      ) : (
        <p className="mt-6 text-sm text-muted-foreground">Managers and admins also see the team&apos;s request quota and how events reach the inbox here.</p>
      )}
    </>
  );
}

function OperationsSettings() {
  const status = useQuery(inboxQueries.status());
  const origin = useSyncExternalStore(
    () => () => undefined,
    () => window.location.origin,
    () => "",
  );
  const endpoint = `${origin}/api/webhooks`;
  const quota = status.data?.quota;
  const events = status.data?.events;

  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <section aria-labelledby="team-quota" className="rounded-lg border p-5">
        <h2 id="team-quota" className="font-medium">
          Request quota
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Shared by every member and every other use of the team&apos;s tokens: 300 requests a minute, 10,000 an hour, 100,000 a day.</p>
        {status.isPending ? (
          <Skeleton className="mt-4 h-10 w-full" />
        ) : status.isError ? (
          <p role="alert" className="mt-4 text-sm text-destructive">
            {errorMessage(status.error)}
          </p>
        ) : quota && quota.remaining !== null && quota.limit !== null ? (
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Left now</dt>
            <dd className="font-medium tabular-nums">
              {quota.remaining.toLocaleString()} of {quota.limit.toLocaleString()}
            </dd>
            <dt className="text-muted-foreground">Resets</dt>
            <dd>{quota.resetAt ? fullTime(quota.resetAt) : "—"}</dd>
            <dt className="text-muted-foreground">Waiting</dt>
            <dd>{quota.waiting.write + quota.waiting.read + quota.waiting.background} requests</dd>
          </dl>
        ) : (
          <p className="mt-4 text-sm text-muted-foreground">The API reports the quota with its answers; it shows here after the first one.</p>
        )}
      </section>
      <section aria-labelledby="team-events" className="rounded-lg border p-5">
        <h2 id="team-events" className="font-medium">
          Events
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Paste this endpoint into the service&apos;s webhook settings, with the signing secret in <code className="font-mono text-xs">INBOX_WEBHOOK_SECRET</code>. Without webhooks the inbox
          reads events every few seconds (replay), which costs quota and is slower.
        </p>
        <CopyField label="Webhook endpoint" value={endpoint} />
        <p className="mt-3 text-sm" role="status">
          {events ? (
            events.via === "webhook" ? (
              <>Events arrive by webhook{events.lastWebhookAt ? `; the last one at ${fullTime(events.lastWebhookAt)}` : ""}.</>
            ) : (
              <>Events arrive by replay only{events.lastReplayAt ? `; last read at ${fullTime(events.lastReplayAt)}` : ""}. No webhook has come lately.</>
            )
          ) : null}
        </p>
      </section>
    </div>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-4">
      <label htmlFor="webhook-endpoint" className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input id="webhook-endpoint" readOnly value={value} className="h-8 min-w-0 flex-1 rounded-md border bg-muted/40 px-2 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button
          variant="outline"
          size="sm"
          className="h-8"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            });
          }}
        >
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </div>
  );
}
