import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, errorBody } from "@/lib/api/errors";
import { activityPage } from "@/lib/api/activity";
import { readMarks } from "@/lib/api/read-state";
import { userList } from "@/lib/api/users";
import { memberPreferences } from "@/lib/api/preferences";
import { workload } from "@/lib/api/workload";
import { FOLDERS } from "@/lib/api/threads";

/**
 * The inbox's own endpoints beside API v2 (under /api/inbox): what the API has no endpoint
 * for, such as unread counts per folder.
 */
const tally = z.object({ total: z.number(), unread: z.number() });
export const counts = z.object({
  folders: z.object(Object.fromEntries(FOLDERS.map((f) => [f, tally])) as Record<(typeof FOLDERS)[number], typeof tally>),
  mine: tally,
  unassigned: tally,
  byAssignee: z.record(z.string(), tally),
});
export type Counts = z.infer<typeof counts>;

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

export const inboxQueries = {
  all: () => ["inbox"] as const,
  counts: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "counts"],
      queryFn: ({ signal }) => getJson("/api/inbox/counts", counts, signal),
      // Server events refresh the counts; the interval only covers a stream that is down.
      refetchInterval: 120_000,
    }),
  status: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "status"],
      queryFn: ({ signal }) => getJson("/api/inbox/status", inboxStatus, signal),
      // The inbox's own figure, read from answers it already had: polling it costs no quota.
      refetchInterval: 10_000,
    }),
  activityAll: () => [...inboxQueries.all(), "activity"] as const,
  /** Who carries what (managers); server events refresh it with the counts. */
  workload: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "counts", "workload"],
      queryFn: ({ signal }) => getJson("/api/inbox/workload", workload, signal),
      refetchInterval: 60_000,
    }),
  /** A thread's activity log, newest first (who did what through the inbox). */
  activity: (threadId: string) =>
    queryOptions({
      queryKey: [...inboxQueries.activityAll(), threadId],
      queryFn: async ({ signal }) => (await getJson(`/api/inbox/activity?threadId=${threadId}&limit=500`, activityPage, signal)).data,
    }),
  /** A contact's activity log, newest first. */
  contactActivity: (contactId: string) =>
    queryOptions({
      queryKey: [...inboxQueries.activityAll(), "contact", contactId],
      queryFn: async ({ signal }) => (await getJson(`/api/inbox/activity?contactId=${contactId}&limit=50`, activityPage, signal)).data,
    }),
  /** The viewer's read marks, by thread (lib/api/read-state). */
  reads: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "reads"],
      queryFn: async ({ signal }) => new Map((await getJson("/api/inbox/reads", readMarks, signal)).data.map((mark) => [mark.threadId, mark])),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The inbox's users (lib/api/users): who may sign in, their role and member. */
  users: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "users"],
      queryFn: async ({ signal }) => (await getJson("/api/inbox/users", userList, signal)).data,
    }),
  /** The viewer's own preferences (lib/api/preferences). */
  preferences: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "preferences"],
      queryFn: ({ signal }) => getJson("/api/inbox/preferences", memberPreferences, signal),
      staleTime: 5 * 60_000,
    }),
  /** Whether the server reaches the API: polled so the UI can say so before actions fail. */
  health: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "health"],
      queryFn: ({ signal }) => getJson("/api/health", healthReport, signal),
      refetchInterval: 20_000,
      retry: false,
    }),
};

/** GET an inbox endpoint and parse it, with the same errors as the API client. */
export function getJson<Schema extends z.ZodType>(url: string, schema: Schema, signal?: AbortSignal): Promise<z.output<Schema>> {
  return requestJson(url, { signal, headers: { accept: "application/json" } }, schema);
}

/** POST JSON to an inbox endpoint and parse the answer, with the same errors as the API client. */
export function postJson<Schema extends z.ZodType>(url: string, body: unknown, schema: Schema): Promise<z.output<Schema>> {
  return sendJson("POST", url, body, schema);
}

/** Any write to an inbox endpoint; a 204 answers `undefined` (give `z.undefined()`). */
export function sendJson<Schema extends z.ZodType>(method: "POST" | "PATCH" | "PUT" | "DELETE", url: string, body: unknown, schema: Schema): Promise<z.output<Schema>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  return requestJson(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, schema);
}

async function requestJson<Schema extends z.ZodType>(url: string, init: RequestInit, schema: Schema): Promise<z.output<Schema>> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof Error && error.name === "AbortError") throw error;
    throw new ApiError({ status: 0, code: "networkError" });
  }
  const json: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const body = errorBody.safeParse(json);
    throw new ApiError({ status: response.status, code: body.success ? body.data.code : "internalError", details: body.success ? body.data.details : null, requestId: body.success ? body.data.requestId : null });
  }
  return schema.parse(json);
}
