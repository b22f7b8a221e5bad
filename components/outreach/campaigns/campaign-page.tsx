"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";

import { OutreachReadError } from "@/components/outreach/outreach-unavailable";
import { Button } from "@/components/ui/button";
import { ArrowLeftIcon, InboxIcon, RefreshCwIcon, TriangleAlertIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import type { Campaign } from "@/lib/api/outreach/campaigns";
import { errorMessage } from "@/lib/client/errors";
import { inboxHref } from "@/lib/client/list/inbox-url";
import { campaignIssues, issueSentence } from "@/lib/client/outreach/campaigns/issues";
import { campaignPageQueries } from "@/lib/client/outreach/campaigns/queries";
import { outreachQueries } from "@/lib/client/queries/outreach";
import { CampaignSettings } from "./campaign-settings";
import { CampaignStatusBadge } from "./campaign-status-badge";
import { FunnelChart } from "./funnel-chart";
import { ScheduleGrid } from "./schedule-grid";
import { SequenceView } from "./sequence-view";

/**
 * A campaign's page: opening it syncs the campaign once (fresh figures, or the reasons it
 * cannot run), and shows its funnel, the sequence, the sending week and its settings.
 * Events keep the figures live after that without syncing again.
 */
export function CampaignPage({ campaignId }: { campaignId: string }) {
  const queryClient = useQueryClient();
  const campaign = useQuery(outreachQueries.campaign(campaignId));
  const sync = useQuery(campaignPageQueries.sync(campaignId, queryClient));

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <div className="mx-auto grid w-full max-w-5xl gap-5 p-4 md:p-6">
        <Link href="/outreach/campaigns" className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50">
          <ArrowLeftIcon className="size-4" aria-hidden />
          All campaigns
        </Link>
        {campaign.isPending ? (
          <div role="status" aria-label="Loading the campaign" className="grid gap-3">
            <Skeleton className="h-8 w-1/2" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : campaign.isError ? (
          <OutreachReadError what="the campaign" error={campaign.error} onRetry={() => void campaign.refetch()} />
        ) : (
          <CampaignBody campaign={campaign.data} syncNotice={<SyncNotice campaign={campaign.data} error={sync.error} retry={() => void sync.refetch()} retrying={sync.isFetching} />} />
        )}
      </div>
    </div>
  );
}

function CampaignBody({ campaign, syncNotice }: { campaign: Campaign; syncNotice: ReactNode }) {
  return (
    <>
      <header className="grid gap-3 md:grid-cols-[1fr_minmax(16rem,22rem)]">
        <div className="grid content-start gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-semibold tracking-tight">{campaign.name}</h1>
            <CampaignStatusBadge status={campaign.status} />
          </div>
          {campaign.description && <p className="text-sm text-muted-foreground">{campaign.description}</p>}
          <div>
            {/* Every conversation the campaign started, archived ones too: a finished campaign's replies are often done. */}
            <Button asChild size="sm">
              <Link href={inboxHref("/", { folder: "all", campaignId: [campaign.id] })}>
                <InboxIcon aria-hidden />
                Replies
              </Link>
            </Button>
          </div>
        </div>
        <FunnelChart campaign={campaign} className="rounded-lg border bg-card p-3" />
      </header>
      {syncNotice}
      <SequenceView campaign={campaign} />
      <ScheduleGrid campaign={campaign} />
      <CampaignSettings campaign={campaign} />
    </>
  );
}

/** Sync's answer when it was not the figures: the 422's issues as sentences, or the error with Try again. */
function SyncNotice({ campaign, error, retry, retrying }: { campaign: Campaign; error: unknown; retry: () => void; retrying: boolean }) {
  if (!error) return null;
  const issues = campaignIssues(error);
  if (issues) {
    return (
      <section role="alert" aria-labelledby="campaign-issues" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100">
        <h2 id="campaign-issues" className="flex items-center gap-2 font-semibold">
          <TriangleAlertIcon className="size-4" aria-hidden />
          This campaign can&apos;t run as it is
        </h2>
        <ul className="grid list-disc gap-1 pl-5">
          {issues.map((issue, i) => (
            <li key={`${issue.field}-${i}`}>{issueSentence(issue, campaign.steps)}</li>
          ))}
        </ul>
        <p>Its figures were not refreshed; below is the campaign as it is saved.</p>
      </section>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border p-3 text-sm">
      <span>Couldn&apos;t refresh the figures: {errorMessage(error)}</span>
      <Button variant="outline" size="sm" onClick={retry} disabled={retrying}>
        <RefreshCwIcon aria-hidden />
        Try again
      </Button>
    </div>
  );
}
