"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo } from "react";

import { isPlanRequired } from "@/components/outreach/outreach-unavailable";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ShortcutHint } from "@/components/ui/icon-button";
import { MegaphoneIcon, OctagonXIcon } from "@/components/ui/icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Thread } from "@/lib/api/threads";
import { api } from "@/lib/client/api";
import { toastError } from "@/lib/client/errors";
import { personName } from "@/lib/client/format";
import { STOP_SEQUENCE_ID } from "@/lib/client/element-ids";
import { outreachReason } from "@/lib/client/outreach/reasons";
import {
  activeMessageSteps,
  campaignSends,
  includedLists,
  inSequence,
  replyAwaitsStop,
  stepSentence,
} from "@/lib/client/outreach/thread-campaign";
import { stageLabel } from "@/lib/client/outreach/lead-stage";
import { outreachQueries } from "@/lib/client/queries/outreach";
import { threadQueries } from "@/lib/client/queries/threads";
import { toast } from "@/lib/client/stores/toasts";
import { hasRole, useViewer } from "@/lib/client/viewer";

/**
 * A campaign's conversation says so under its header: the campaign (a link to it), the lead's
 * stage, how far the sequence got, and Stop sequence (one click, or Shift+S). When the person
 * wrote last and the campaign would still follow up, the stop is offered at once. Nothing is
 * read for a thread that no campaign started.
 */
export function CampaignBar({ thread }: { thread: Thread }) {
  if (!thread.campaignId) return null;
  return <CampaignLine key={thread.campaignId} thread={thread} campaignId={thread.campaignId} />;
}

function CampaignLine({ thread, campaignId }: { thread: Thread; campaignId: string }) {
  const viewer = useViewer();
  const campaign = useQuery(outreachQueries.campaign(campaignId));
  const lead = useQuery(outreachQueries.threadLead(campaignId, thread.profile, campaign.data ? includedLists(campaign.data) : null));
  const history = useInfiniteQuery(threadQueries.messages(thread.id));
  const messages = useMemo(() => history.data?.pages.flatMap((page) => page.data) ?? [], [history.data]);
  const stop = useStopSequence(thread, campaignId);

  // A team without outreach still has campaign threads: the inbox goes on without the bar.
  if (campaign.isError && isPlanRequired(campaign.error)) return null;

  const name = personName(thread.profile);
  const found = lead.data ?? null;
  const reason = outreachReason("stopSequence", hasRole(viewer, "manager"));
  const stopped = found?.stage === "canceled" || stop.isSuccess;
  const total = campaign.data ? activeMessageSteps(campaign.data) : 0;
  const sent = campaignSends(messages, campaignId);
  const prompt = !stopped && replyAwaitsStop(found, messages);
  const stoppable = !stopped && (found === null ? lead.isSuccess : inSequence(found));

  const stopButton = (id: string, prominent = false) => (
    <StopButton
      id={id}
      prominent={prominent}
      name={name}
      reason={reason}
      pending={stop.isPending}
      disabled={!stoppable || !thread.profile}
      onStop={() => stop.mutate()}
    />
  );

  return (
    <div className="@container border-b bg-muted/30">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1.5 text-xs @lg:px-4" role="group" aria-label="Campaign">
        <MegaphoneIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <Link
          href={`/outreach/campaigns/${encodeURIComponent(campaignId)}`}
          className="min-w-0 truncate font-medium underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring/50"
        >
          {campaign.data?.name ?? (campaign.isError ? "Campaign" : "Loading the campaign…")}
        </Link>
        <Badge variant={stopped ? "destructive" : "outline"} data-testid="lead-stage">
          <span className="sr-only">Lead stage: </span>
          {stopped ? stageLabel("canceled") : found ? stageLabel(found.stage) : lead.isPending ? "…" : "Not in its lists"}
        </Badge>
        <span className="text-muted-foreground">{campaign.data ? stepSentence(sent, total) : null}</span>
        {/* When the lead just wrote, the stop waits in the prompt below (one button, one key). */}
        <span className="ml-auto">{stopped || prompt ? null : stopButton(STOP_SEQUENCE_ID)}</span>
      </div>
      {prompt ? (
        <div role="region" aria-label="The lead replied" className="mx-3 mb-2 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm dark:border-amber-400/30 dark:bg-amber-400/10 @lg:mx-4">
          <p className="min-w-0 flex-1">
            <span className="font-medium">{name} replied.</span> The campaign will keep following up until the sequence is stopped.
          </p>
          {stopButton(STOP_SEQUENCE_ID, true)}
        </div>
      ) : null}
    </div>
  );
}

function StopButton({
  id,
  prominent,
  name,
  reason,
  pending,
  disabled,
  onStop,
}: {
  id: string;
  prominent: boolean;
  name: string;
  reason: string | null;
  pending: boolean;
  disabled: boolean;
  onStop: () => void;
}) {
  const label = prominent ? `Stop sequence for ${name}` : "Stop sequence";
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          id={id}
          variant={prominent ? "default" : "outline"}
          size="sm"
          className={cn("h-7 gap-1 px-2 text-xs", reason && "cursor-not-allowed opacity-50")}
          disabled={disabled || pending}
          // Refused stays focusable, so the reason can be read; the key tells it too.
          aria-disabled={reason ? true : undefined}
          aria-description={reason ?? undefined}
          onClick={() => (reason ? toast({ title: reason }) : onStop())}
        >
          <OctagonXIcon aria-hidden />
          {pending ? "Stopping…" : label}
        </Button>
      </TooltipTrigger>
      <TooltipContent>
        Stops the campaign&apos;s follow-ups to {name}
        <ShortcutHint id="stopSequence" />
        {reason ? <span className="block opacity-80">{reason}</span> : null}
      </TooltipContent>
    </Tooltip>
  );
}

/** Lead cancel for this person, by platform ID on their platform; afterwards the lead and the campaign are read again. */
function useStopSequence(thread: Thread, campaignId: string) {
  const queryClient = useQueryClient();
  const name = personName(thread.profile);
  return useMutation({
    mutationFn: async () => {
      const person = thread.profile;
      if (!person) throw new Error("This conversation does not say who the person is.");
      await api.campaigns.cancelLead(campaignId, person.platformId, { by: "platformId", platform: person.platform });
    },
    onSuccess: () => {
      toast({ title: `Sequence stopped for ${name}`, description: "The campaign sends them nothing more.", variant: "success" });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: outreachQueries.leadsAll() }),
        queryClient.invalidateQueries({ queryKey: outreachQueries.campaignsAll() }),
      ]);
    },
    onError: (error) => toastError("Couldn't stop the sequence", error),
  });
}
