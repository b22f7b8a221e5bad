import { queryOptions } from "@tanstack/react-query";
import { inboxApi } from "@/lib/client/inbox-api";

/**
 * Queries of the inbox's own endpoints beside API v2 (their table: lib/api/inbox-endpoints;
 * their client: lib/client/inbox-api), such as unread counts per folder.
 */
export const inboxQueries = {
  all: () => ["inbox"] as const,
  counts: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "counts"],
      queryFn: ({ signal }) => inboxApi("counts.get", { signal }),
      // Server events refresh the counts; the interval only covers a stream that is down.
      refetchInterval: 120_000,
    }),
  status: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "status"],
      queryFn: ({ signal }) => inboxApi("status.get", { signal }),
      // The inbox's own figure, read from answers it already had: polling it costs no quota.
      refetchInterval: 10_000,
    }),
  activityAll: () => [...inboxQueries.all(), "activity"] as const,
  /** Who carries what (managers); server events refresh it with the counts. */
  workload: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "counts", "workload"],
      queryFn: ({ signal }) => inboxApi("workload.get", { signal }),
      refetchInterval: 60_000,
    }),
  /** A thread's activity log, newest first (who did what through the inbox). */
  activity: (threadId: string) =>
    queryOptions({
      queryKey: [...inboxQueries.activityAll(), threadId],
      queryFn: async ({ signal }) => (await inboxApi("activity.list", { query: { threadId, limit: 500 }, signal })).data,
    }),
  /** A contact's activity log, newest first. */
  contactActivity: (contactId: string) =>
    queryOptions({
      queryKey: [...inboxQueries.activityAll(), "contact", contactId],
      queryFn: async ({ signal }) => (await inboxApi("activity.list", { query: { contactId, limit: 50 }, signal })).data,
    }),
  /** The viewer's own draft of a thread and who holds one there (lib/api/drafts); `drafts` server events keep the holders current. */
  drafts: (threadId: string) =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "drafts", threadId],
      queryFn: ({ signal }) => inboxApi("drafts.get", { query: { threadId }, signal }),
    }),
  /** The viewer's read marks, by thread (lib/api/read-state). */
  reads: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "reads"],
      queryFn: async ({ signal }) => new Map((await inboxApi("reads.list", { signal })).data.map((mark) => [mark.threadId, mark])),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The inbox's users (lib/api/users): who may sign in, their role and member. */
  users: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "users"],
      queryFn: async ({ signal }) => (await inboxApi("users.list", { signal })).data,
    }),
  /** The team's inbox settings (lib/api/settings): who sees which conversations. */
  settings: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "settings"],
      queryFn: ({ signal }) => inboxApi("settings.get", { signal }),
    }),
  /** The viewer's own preferences (lib/api/preferences). */
  preferences: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "preferences"],
      queryFn: ({ signal }) => inboxApi("preferences.get", { signal }),
      staleTime: 5 * 60_000,
    }),
  /** The team's saved replies and the viewer's own (lib/api/saved-replies), by name. */
  savedReplies: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "saved-replies"],
      queryFn: async ({ signal }) => (await inboxApi("savedReplies.list", { signal })).data,
      staleTime: 60_000,
    }),
  /** Whether the server reaches the API: polled so the UI can say so before actions fail. */
  health: () =>
    queryOptions({
      queryKey: [...inboxQueries.all(), "health"],
      queryFn: ({ signal }) => inboxApi("health.get", { signal }),
      refetchInterval: 20_000,
      retry: false,
    }),
};
