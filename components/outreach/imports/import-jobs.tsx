"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { OutreachReadError } from "@/components/outreach/outreach-unavailable";
import { InfoIcon, UploadIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import type { ImportJob } from "@/lib/api/outreach/import-jobs";
import { api } from "@/lib/client/api";
import { toastError } from "@/lib/client/errors";
import { byNewest, jobTypeLabel, pausedJobs, resumedSentence, SLOTS_SENTENCE } from "@/lib/client/outreach/import-jobs";
import { outreachReason } from "@/lib/client/outreach/reasons";
import { outreachQueries } from "@/lib/client/queries/outreach";
import { toast } from "@/lib/client/stores/toasts";
import { hasRole, useViewer } from "@/lib/client/viewer";

import { ImportJobItem, ResumeButton } from "./import-job-item";

/**
 * A list's import jobs, newest first, with their live progress: the list's jobs are read
 * again every few seconds while one of them moves (outreachQueries.importJobs; the API sends
 * no import events), and after a resume. Managers resume one job or every paused one.
 */
export function ImportJobs({ listId }: { listId: string }) {
  const viewer = useViewer();
  const jobs = useQuery(outreachQueries.importJobs(listId));
  const reason = outreachReason("resumeImports", hasRole(viewer, "manager"));
  const resume = useResume(listId);
  const resumeAll = useResumeAll(listId);

  if (jobs.isPending) return <ImportsSkeleton />;
  // The plan page or the error with Try again, for this read alone.
  if (jobs.isError) return <OutreachReadError what="the import jobs" error={jobs.error} onRetry={() => void jobs.refetch()} />;

  const paused = pausedJobs(jobs.data);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <section aria-labelledby="imports-title" className="mx-auto grid w-full max-w-4xl gap-4 p-4 md:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <div className="min-w-64 flex-1">
            <h2 id="imports-title" className="text-base font-semibold">
              Import jobs
            </h2>
            <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
              <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              {SLOTS_SENTENCE}
            </p>
          </div>
          <ResumeButton
            all
            label="every paused import"
            resuming={resumeAll.isPending}
            reason={reason}
            disabled={paused.length === 0}
            onResume={() => resumeAll.mutate()}
          />
        </div>
        {jobs.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
            <UploadIcon className="size-6 text-muted-foreground" aria-hidden />
            <p className="text-sm font-medium">No imports yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">Imports that fill this list — a CSV file, a profile&apos;s followers, a post&apos;s likes — show here with their progress.</p>
          </div>
        ) : (
          <ul className="grid gap-3" aria-label="Import jobs of this list">
            {byNewest(jobs.data).map((job) => (
              <ImportJobItem
                key={job.id}
                job={job}
                reason={reason}
                resuming={resumeAll.isPending || (resume.isPending && resume.variables === job.id)}
                onResume={() => resume.mutate(job.id)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Resume one: the API answers the job as it now is, which replaces the list's copy before the list is read again. */
function useResume(listId: string) {
  const queryClient = useQueryClient();
  const key = outreachQueries.importJobs(listId).queryKey;
  return useMutation({
    mutationFn: async (jobId: string) => (await api.importJobs.resume(listId, jobId)).body,
    onSuccess: (job) => {
      queryClient.setQueryData<ImportJob[]>(key, (jobs) => jobs?.map((j) => (j.id === job.id ? job : j)));
      toast({ title: `${jobTypeLabel(job.type)} resumed`, description: resumedSentence(job), variant: "success" });
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => toastError("Couldn't resume the import", error),
  });
}

/** Resume every paused job of the list (which also lets the team's import queue move again). */
function useResumeAll(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.importJobs.bulkResume(listId),
    onSuccess: () => {
      toast({ title: "Paused imports resumed", description: "Each starts when an import slot is free.", variant: "success" });
      return queryClient.invalidateQueries({ queryKey: outreachQueries.importJobs(listId).queryKey });
    },
    onError: (error) => toastError("Couldn't resume the imports", error),
  });
}

function ImportsSkeleton() {
  return (
    <div role="status" aria-label="Loading the import jobs" className="mx-auto grid w-full max-w-4xl gap-3 p-4 md:p-6">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-4 w-96 max-w-full" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-24 w-full rounded-lg" />
      ))}
    </div>
  );
}
