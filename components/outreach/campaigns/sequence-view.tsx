"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsInteger, useQueryState } from "nuqs";
import { useMemo, type ReactNode } from "react";

import { cn } from "@/components/ui/cn";
import { HeartIcon, HourglassIcon, MessageSquareTextIcon, CircleHelpIcon } from "@/components/ui/icons";
import { inputClassName } from "@/components/ui/input";
import type { Campaign, Segment } from "@/lib/api/outreach/campaigns";
import type { Lead, List } from "@/lib/api/outreach/leads";
import { personName } from "@/lib/client/format";
import { campaignPageQueries } from "@/lib/client/outreach/campaigns/queries";
import { delayLabel, previewOf, stepsOf, variableValue, versionsOf, type SequenceStep } from "@/lib/client/outreach/campaigns/sequence";
import { outreachQueries } from "@/lib/client/queries/outreach";

/**
 * The campaign's sequence: the active version's steps by default, any earlier version through
 * the picker (kept in the URL as `version`), each message with its segments and a preview
 * filled from a real lead of the campaign's first included list.
 */
export function SequenceView({ campaign }: { campaign: Campaign }) {
  const [picked, setPicked] = useQueryState("version", parseAsInteger);
  const versions = versionsOf(campaign);
  const version = picked !== null && versions.includes(picked) ? picked : campaign.activeVersion;
  const steps = useMemo(() => stepsOf(campaign.steps, version), [campaign.steps, version]);
  const preview = usePreviewLead(campaign);

  return (
    <section aria-labelledby="sequence-heading" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="sequence-heading" className="text-base font-semibold">
            Sequence
          </h2>
          <p className="text-sm text-muted-foreground">
            {version === campaign.activeVersion ? `Version ${version}, the one that runs.` : `Version ${version}, an earlier one: version ${campaign.activeVersion} runs now.`}
          </p>
        </div>
        {versions.length > 1 && (
          <label className="grid gap-1 text-sm font-medium">
            Version
            <select value={version} onChange={(e) => void setPicked(Number(e.target.value) === campaign.activeVersion ? null : Number(e.target.value))} className={cn(inputClassName, "w-44")}>
              {versions.map((v) => (
                <option key={v} value={v}>
                  {v === campaign.activeVersion ? `Version ${v} (active)` : `Version ${v}`}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {steps.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">This version has no steps yet.</p>
      ) : (
        <ol aria-label={`Steps of version ${version}`} className="grid gap-2">
          {steps.map((step, index) => (
            <li key={step.id} className="grid grid-cols-[2rem_1fr] gap-3 rounded-lg border bg-card p-3">
              <span className="flex size-7 items-center justify-center rounded-full bg-muted text-xs font-semibold tabular-nums" aria-hidden>
                {index + 1}
              </span>
              <StepBody step={step} campaign={campaign} preview={preview} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

type Preview = { state: "none" } | { state: "loading" } | { state: "empty"; listName: string } | { state: "error" } | { state: "ready"; lead: Lead; list: List | undefined };

function usePreviewLead(campaign: Campaign): Preview {
  const listId = campaign.lists.find((l) => !l.exclude)?.listId ?? null;
  const lists = useQuery(outreachQueries.lists());
  const lead = useQuery({ ...campaignPageQueries.previewLead(listId ?? ""), enabled: listId !== null });
  if (listId === null) return { state: "none" };
  if (lead.isPending) return { state: "loading" };
  if (lead.isError) return { state: "error" };
  const list = lists.data?.find((l) => l.id === listId);
  if (!lead.data) return { state: "empty", listName: list?.name ?? "its first list" };
  return { state: "ready", lead: lead.data, list };
}

function StepBody({ step, campaign, preview }: { step: SequenceStep; campaign: Campaign; preview: Preview }) {
  switch (step.kind) {
    case "message":
      return (
        <div className="grid gap-2">
          <StepTitle icon={<MessageSquareTextIcon className="size-4" aria-hidden />}>Message</StepTitle>
          <p className="text-sm leading-7">
            {step.segments.map((segment, i) => (
              <SegmentView key={i} segment={segment} campaign={campaign} />
            ))}
          </p>
          <MessagePreview segments={step.segments} preview={preview} />
        </div>
      );
    case "delay":
      return <StepTitle icon={<HourglassIcon className="size-4" aria-hidden />}>{delayLabel(step.amount, step.unit)}</StepTitle>;
    case "likePost":
      return <StepTitle icon={<HeartIcon className="size-4" aria-hidden />}>Like one of their recent posts</StepTitle>;
    case "unknown":
      return <StepTitle icon={<CircleHelpIcon className="size-4" aria-hidden />}>A “{step.type}” step, which the inbox can&apos;t show yet</StepTitle>;
  }
}

function StepTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return <p className="flex min-h-7 items-center gap-2 text-sm font-medium">{icon}{children}</p>;
}

function SegmentView({ segment, campaign }: { segment: Segment; campaign: Campaign }) {
  if (segment.type === "static") return <span className="whitespace-pre-wrap">{segment.text}</span>;
  if (segment.type === "variation") {
    return (
      <span className="mx-0.5 inline-flex flex-wrap items-center gap-1 rounded-md border border-dashed px-1.5 align-middle text-xs leading-6">
        <span className="sr-only">one of:</span>
        {segment.options.map((option, i) => (
          <span key={i} className="inline-flex items-center gap-1">
            {i > 0 && <span className="text-muted-foreground" aria-hidden>/</span>}
            <span className="rounded bg-muted px-1">{option}</span>
          </span>
        ))}
      </span>
    );
  }
  const defined = campaign.customVariables[segment.name];
  return (
    <span title={defined?.displayName ?? "Not defined in this campaign"} className={cn("mx-0.5 inline-flex items-center rounded-full px-2 align-middle font-mono text-xs leading-6", defined ? "bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-100" : "bg-amber-100 text-amber-950 dark:bg-amber-400/15 dark:text-amber-100")}>
      <span className="sr-only">variable </span>
      {`{${segment.name}}`}
    </span>
  );
}

function MessagePreview({ segments, preview }: { segments: Segment[]; preview: Preview }) {
  // A message without variables reads the same for everyone: its preview would only repeat it.
  if (!segments.some((segment) => segment.type === "variable")) return null;
  if (preview.state === "none") return <p className="text-xs text-muted-foreground">No included list to preview with.</p>;
  if (preview.state === "loading") return <p className="text-xs text-muted-foreground">Loading a lead for the preview…</p>;
  if (preview.state === "error") return <p className="text-xs text-muted-foreground">Couldn&apos;t load a lead for the preview.</p>;
  if (preview.state === "empty") return <p className="text-xs text-muted-foreground">{preview.listName} has no lead yet to preview with.</p>;
  const parts = previewOf(segments, (name) => variableValue(name, preview.lead, preview.list?.columns));
  return (
    <div className="rounded-md bg-muted/60 p-2.5 text-sm">
      <p className="mb-1 text-xs font-medium text-muted-foreground">Preview for {personName(preview.lead.prospect)}</p>
      <p className="whitespace-pre-wrap">
        {parts.map((part, i) =>
          part.kind === "text" ? (
            <span key={i}>{part.text}</span>
          ) : part.kind === "value" ? (
            <mark key={i} className="rounded bg-sky-100 px-0.5 text-inherit dark:bg-sky-400/20">
              {part.text}
            </mark>
          ) : (
            <span key={i} className="rounded bg-amber-100 px-1 text-xs text-amber-950 dark:bg-amber-400/15 dark:text-amber-100">
              no value for {part.name}
            </span>
          ),
        )}
      </p>
    </div>
  );
}
