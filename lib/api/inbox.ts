import { z } from "zod";
import { readMark } from "./read-state";
import { FOLDERS } from "./threads";

/**
 * Answers of the inbox's own endpoints that have no home of their own in lib/api (their table:
 * lib/api/inbox-endpoints).
 */
const tally = z.object({ total: z.number(), unread: z.number() });

/** GET /api/inbox/counts: threads and unread ones per folder and queue, as the viewer sees them. */
export const counts = z.object({
  folders: z.object(Object.fromEntries(FOLDERS.map((f) => [f, tally])) as Record<(typeof FOLDERS)[number], typeof tally>),
  mine: tally,
  unassigned: tally,
  byAssignee: z.record(z.string(), tally),
});
export type Counts = z.infer<typeof counts>;

/** GET /api/health: whether the server reaches the API, for the UI's banner. */
export const healthReport = z.object({
  status: z.enum(["ok", "degraded"]),
  mode: z.string(),
  upstream: z.object({ reachable: z.boolean(), code: z.string().nullable() }),
});
export type HealthReport = z.infer<typeof healthReport>;

/** GET /api/inbox/status (managers): the team's request quota and how events arrive. */
const isoOrNull = z.string().nullable();
export const inboxStatus = z.object({
  quota: z.object({
    limit: z.number().nullable(),
    remaining: z.number().nullable(),
    resetAt: isoOrNull,
    blockedUntil: isoOrNull,
    waiting: z.object({ write: z.number(), read: z.number(), background: z.number() }),
  }),
  upstream: z.object({ requests: z.number() }),
  events: z.object({ via: z.enum(["webhook", "replay"]), lastSeq: z.number().nullable(), lastWebhookAt: isoOrNull, lastReplayAt: isoOrNull }),
});
export type InboxStatus = z.infer<typeof inboxStatus>;

/** POST /api/inbox/reads: the viewer's new mark, and the team owner's `unread` as it now stands. */
export const readAnswer = z.object({ mark: readMark, ownerUnread: z.boolean() });
export type ReadAnswer = z.infer<typeof readAnswer>;

/** An answer with no body (204). */
export const noContent = z.undefined();
