import { IMPORT_SLOTS, type ImportJob } from "@/lib/api/outreach/import-jobs";

/**
 * A list's import jobs in words (issue 15, import jobs): what each imports, where it stands
 * and how far it got. Pure; components/outreach/imports draws it.
 */

const TYPES: Record<string, string> = {
  csv: "CSV file",
  followers: "Followers of a profile",
  likes: "People who liked a post",
  comments: "People who commented on a post",
  search: "Search results",
};

export function jobTypeLabel(type: string): string {
  return TYPES[type] ?? type;
}

const STATUSES: Record<string, string> = {
  queued: "Queued — waiting for an import slot",
  starting: "Starting",
  running: "Running",
  paused: "Paused",
  completed: "Completed",
  failed: "Failed",
  canceled: "Canceled",
};

export function jobStatusLabel(status: string): string {
  return STATUSES[status] ?? status;
}

/** Why a queued job waits: the team's slots, said once on the page. */
export const SLOTS_SENTENCE = `Your team runs up to ${IMPORT_SLOTS} imports at once. Others wait in the queue, oldest first, and start when a slot frees up.`;

export type JobTone = "moving" | "waiting" | "done" | "stopped" | "failed";

export function jobTone(status: string): JobTone {
  if (status === "starting" || status === "running") return "moving";
  if (status === "queued" || status === "paused") return "waiting";
  if (status === "completed") return "done";
  if (status === "failed") return "failed";
  return "stopped";
}

/** Processed of total, for a progress bar; `max` null while the total is not known yet. */
export function jobProgress(job: Pick<ImportJob, "processedCount" | "totalCount">): { value: number; max: number | null; text: string } {
  const n = (value: number) => value.toLocaleString("en-US");
  if (job.totalCount === null) return { value: job.processedCount, max: null, text: `${n(job.processedCount)} processed` };
  const value = Math.min(job.processedCount, job.totalCount);
  return { value, max: job.totalCount, text: `${n(value)} of ${n(job.totalCount)} processed` };
}

/** The jobs a manager can resume. */
export function pausedJobs(jobs: readonly ImportJob[]): ImportJob[] {
  return jobs.filter((job) => job.status === "paused");
}

/** What a resume led to, for its toast: the API answers the job as it is now. */
export function resumedSentence(job: Pick<ImportJob, "status">): string {
  return job.status === "queued" ? "It waits for an import slot and starts when one frees up." : "It is starting now.";
}

/** Newest first: the import someone just started is the one they look for. */
export function byNewest(jobs: readonly ImportJob[]): ImportJob[] {
  return [...jobs].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
}
