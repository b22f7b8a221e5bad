"use client";

import { useQuery } from "@tanstack/react-query";

import { AccountStatusDot } from "@/components/inbox/account-status";
import { SettingsHeader } from "@/components/settings/settings-shell";
import { PersonAvatar } from "@/components/ui/avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { QueryState } from "@/components/ui/query-state";
import type { AccountLink, PlatformInfo } from "@/lib/api/platforms";
import { capabilityLabel, pauseReasonLabel } from "@/lib/client/capability-reasons";
import { teamQueries } from "@/lib/client/queries/team";

/** Each connected account: its platform, status, and what it can do beside what its platform allows. */
export function AccountsSettings() {
  const links = useQuery(teamQueries.accountLinks());
  const platforms = useQuery(teamQueries.platforms());
  return (
    <>
      <SettingsHeader
        title="Account links"
        description="The team's accounts on each platform. Accounts are connected, reconnected and resumed in the service's dashboard; the inbox shows where each one stands."
      />
      <QueryState
        query={links}
        loading="the account links"
        skeleton={
          <>
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </>
        }
      >
        {(data) =>
          data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No accounts are connected yet. Connect one in the service&apos;s dashboard and it appears here.</p>
          ) : (
            <ul aria-label="Account links" className="grid gap-3">
              {data.map((link) => (
                <li key={link.id}>
                  <AccountCard link={link} platform={platforms.data?.find((p) => p.platform === link.platform)} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </>
  );
}

function AccountCard({ link, platform }: { link: AccountLink; platform: PlatformInfo | undefined }) {
  const lacks = platform ? platform.capabilities.filter((c) => !link.capabilities.includes(c)) : [];
  return (
    <article aria-label={link.displayName} className="rounded-lg border p-4">
      <div className="flex flex-wrap items-start gap-3">
        <PersonAvatar name={link.displayName} src={link.avatarUrl} className="size-10" />
        <div className="min-w-0 flex-1">
          <h2 className="font-medium">{link.displayName}</h2>
          <p className="text-sm text-muted-foreground">
            {platform?.name ?? link.platform}
            {link.username ? ` · @${link.username}` : ""}
          </p>
        </div>
        <StatusLine link={link} />
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5 text-xs">
        {link.capabilities.map((c) => (
          <span key={c} className="rounded border px-1.5 py-0.5">
            {capabilityLabel(c)}
          </span>
        ))}
      </div>
      {lacks.length > 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Narrowed below {platform?.name ?? "its platform"}: this account can&apos;t {lacks.map((c) => capabilityLabel(c).toLowerCase()).join(", ")}.
        </p>
      ) : null}
    </article>
  );
}

function StatusLine({ link }: { link: AccountLink }) {
  const text =
    link.status === "active"
      ? "Active"
      : link.status === "offline"
        ? "Offline — reconnect it in the service's dashboard"
        : link.status === "paused"
          ? `Paused${link.pauseReasons?.length ? ` (${link.pauseReasons.map(pauseReasonLabel).join(", ")})` : ""} — resume it in the service's dashboard`
          : String(link.status);
  return (
    <p className="flex max-w-xs items-center gap-1.5 text-sm">
      <span aria-hidden>
        <AccountStatusDot status={link.status} />
      </span>
      <span className={link.status === "active" ? "" : "text-amber-800 dark:text-amber-200"}>{text}</span>
    </p>
  );
}
