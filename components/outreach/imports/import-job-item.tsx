"use client";

import { format } from "date-fns";
import { Progress } from "radix-ui";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { AlertCircleIcon, PlayIcon } from "@/components/ui/icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { ImportJob } from "@/lib/api/outreach/import-jobs";
import { jobProgress, jobStatusLabel, jobTone, jobTypeLabel, type JobTone } from "@/lib/client/outreach/import-jobs";

const TONES: Record<JobTone, { badge: "secondary" | "outline" | "warning" | "destructive" | "default"; bar: string }> = {
  moving: { badge: "default", bar: "bg-primary" },
  waiting: { badge: "warning", bar: "bg-amber-500" },
  done: { badge: "secondary", bar: "bg-emerald-600" },
  failed: { badge: "destructive", bar: "bg-destructive" },
  stopped: { badge: "outline", bar: "bg-muted-foreground/50" },
};

/**
 * One import job: what it imports, its status, its progress as a bar (processed of total),
 * what it added, skipped as already in the list and failed, and the error when it failed.
 * A paused one has Resume; "Resuming…" shows until the API answers, never before.
 */
export function ImportJobItem({ job, resuming, reason, onResume }: { job: ImportJob; resuming: boolean; reason: string | null; onResume: () => void }) {
  const tone = TONES[jobTone(job.status)];
  const progress = jobProgress(job);
  const label = jobTypeLabel(job.type);
  const percent = progress.max ? Math.round((progress.value / progress.max) * 100) : null;
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4" aria-label={`${label}, ${jobStatusLabel(job.status)}`} data-job-id={job.id}>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">{label}</p>
          <p className="text-xs text-muted-foreground">Started {format(new Date(job.createdAt), "d MMM, HH:mm")}</p>
        </div>
        <Badge variant={tone.badge}>{jobStatusLabel(job.status)}</Badge>
        {job.status === "paused" ? <ResumeButton label={label} resuming={resuming} reason={reason} onResume={onResume} /> : null}
      </div>
      <div className="grid gap-1.5">
        <Progress.Root
          value={progress.max === null ? null : progress.value}
          max={progress.max ?? undefined}
          aria-label={`${label}: ${progress.text}`}
          className="relative h-2 overflow-hidden rounded-full bg-muted"
        >
          <Progress.Indicator
            className={cn("h-full transition-[width] duration-500", tone.bar, percent === null && "w-1/3 animate-pulse")}
            style={percent === null ? undefined : { width: `${percent}%` }}
          />
        </Progress.Root>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className="flex gap-1">
            <dt className="sr-only">Progress</dt>
            <dd className="font-medium text-foreground" data-testid="job-progress">
              {progress.text}
              {percent === null ? "" : ` (${percent}%)`}
            </dd>
          </div>
          <Count term="Added" value={job.addedCount} />
          <Count term="Skipped, already in the list" value={job.skippedCount} />
          <Count term="Failed" value={job.failedCount} />
        </dl>
      </div>
      {job.status === "failed" && job.error ? (
        <p className="flex items-start gap-1.5 text-sm text-destructive">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {job.error}
        </p>
      ) : null}
    </li>
  );
}

function Count({ term, value }: { term: string; value: number }) {
  return (
    <div className="flex gap-1">
      <dt>{term}</dt>
      <dd className="tabular-nums text-foreground">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

/** A manager's Resume; a member's shows why not, and stays focusable so the reason can be read. */
export function ResumeButton({
  label,
  resuming,
  reason,
  onResume,
  all = false,
  disabled = false,
}: {
  label: string;
  resuming: boolean;
  reason: string | null;
  onResume: () => void;
  all?: boolean;
  disabled?: boolean;
}) {
  const name = all ? "Resume all paused" : "Resume";
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant={all ? "outline" : "secondary"}
          size="sm"
          aria-label={all ? undefined : resuming ? `Resuming ${label}…` : `Resume ${label}`}
          aria-disabled={reason ? true : undefined}
          aria-description={reason ?? undefined}
          disabled={resuming || disabled}
          className={cn(reason && "cursor-not-allowed opacity-50")}
          onClick={reason ? undefined : onResume}
        >
          <PlayIcon aria-hidden />
          {resuming ? "Resuming…" : name}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{reason ?? (all ? "Resume every paused import of this list" : "Resume this import: it starts when an import slot is free")}</TooltipContent>
    </Tooltip>
  );
}
