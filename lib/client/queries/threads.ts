import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/api/client";
import type { ThreadListQuery } from "@/lib/api/threads";
import { api } from "@/lib/client/api";

/**
 * Threads and their messages. Lists are infinite queries over cursors, keyed by their
 * filters (normalised: empty filters left out, values sorted) so one view is one cache entry
 * however it was reached. Rows need the person and the contact, so lists expand both.
 * A list may be fetched through another client (the server page renders the first page with
 * the BFF's own, lib/server/http/page-api): same key, same request, so the browser takes it over.
 */
export type ThreadFilters = Omit<ThreadListQuery, "cursor" | "limit" | "expand">;

export const THREAD_PAGE_SIZE = 50;
export const MESSAGE_PAGE_SIZE = 40;

export const threadQueries = {
  all: () => ["threads"] as const,
  lists: () => [...threadQueries.all(), "list"] as const,
  list: (filters: ThreadFilters, client: ApiClient = api) =>
    infiniteQueryOptions({
      queryKey: [...threadQueries.lists(), normalizeFilters(filters)] as const,
      queryFn: async ({ pageParam, signal }) =>
        (
          await client.threads.list(
            { ...normalizeFilters(filters), expand: ["contact", "profile"], limit: THREAD_PAGE_SIZE, cursor: pageParam ?? undefined },
            { signal },
          )
        ).body,
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  details: () => [...threadQueries.all(), "detail"] as const,
  detail: (threadId: string) =>
    queryOptions({
      queryKey: [...threadQueries.details(), threadId] as const,
      queryFn: async ({ signal }) => (await api.threads.get(threadId, { expand: ["contact", "profile"] }, { signal })).body,
    }),
  messages: (threadId: string) =>
    infiniteQueryOptions({
      queryKey: [...threadQueries.all(), "messages", threadId] as const,
      // Pages come newest first; the first page is the latest messages.
      queryFn: async ({ pageParam, signal }) =>
        (await api.threads.messages(threadId, { limit: MESSAGE_PAGE_SIZE, cursor: pageParam ?? undefined }, { signal })).body,
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
};

/** Filters as one canonical object: absent, empty and default values dropped, lists sorted. */
export function normalizeFilters(filters: ThreadFilters): ThreadFilters {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length) out[key] = [...value].sort();
    } else if (!(key === "folder" && value === "inbox") && !(key === "order" && value === "newest")) {
      out[key] = value;
    }
  }
  return out as ThreadFilters;
}
