import { z } from "zod";
import { openEnum, serviceId, timestamp } from "../primitives";

/**
 * Import jobs, which fill a list. A team has a fixed number of import slots
 * (`IMPORT_SLOTS`): a job holds one while `starting` or `running`; a job that wants one
 * when none is free waits `queued`, oldest first. Progress advances with the service's
 * clock (sandbox: `IMPORT_RATE_PER_MINUTE`); see lib/api/outreach.ts for the rules we chose.
 */
export const IMPORT_JOB_STATUSES = ["queued", "starting", "running", "paused", "completed", "failed", "canceled"] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];
export const IMPORT_JOB_TYPES = ["csv", "followers", "likes", "comments", "search"] as const;

export const importJob = z.looseObject({
  id: serviceId,
  /** Ours: the list the job fills, as in its path. */
  listId: serviceId,
  type: openEnum(IMPORT_JOB_TYPES),
  status: openEnum(IMPORT_JOB_STATUSES),
  totalCount: z.number().int().nonnegative().nullable(),
  processedCount: z.number().int().nonnegative(),
  addedCount: z.number().int().nonnegative(),
  skippedCount: z.number().int().nonnegative(),
  failedCount: z.number().int().nonnegative(),
  error: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

/** The number of jobs a team may have `starting` or `running` at once. */
export const IMPORT_SLOTS = 2;
/** How long a job stays `starting` once it has a slot. */
export const IMPORT_STARTING_SECONDS = 10;

/** POST …/bulk-resume: `jobIds`, or none for every paused job of the list. */
export const bulkResumeBody = z.strictObject({ jobIds: z.array(serviceId).min(1).max(100).optional() });
/** Resume, pause and cancel take an empty object. */
export const emptyBody = z.strictObject({});

export const successResult = z.looseObject({ success: z.literal(true) });
