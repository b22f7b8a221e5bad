"use client";

import { useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isBranded } from "@/lib/api/branded-error";
import type { ApiError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/primitives";
import type { Thread } from "@/lib/api/threads";
import { noteGone } from "@/lib/client/list/own-changes";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";

/**
 * A thread that no longer exists — the person deleted it, or its read answered 404 (deleted
 * elsewhere, its event not seen yet) — leaves the lists at once and the folder counts are read
 * again. Its own queries are the caller's: a delete drops them, a 404 keeps the error the pane
 * shows.
 */
export function forgetThread(queryClient: QueryClient, threadId: string): Promise<unknown> {
  noteGone(threadId);
  queryClient.setQueriesData<InfiniteData<Page<Thread>>>({ queryKey: threadQueries.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.filter((t) => t.id !== threadId) })) } : data,
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: threadQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: inboxQueries.counts().queryKey }),
  ]);
}

/** By the error's brand, as lib/client/query-client reads it: lib/api/errors would bring zod's schemas with it. */
export function isNotFound(error: unknown): boolean {
  return isBranded(error, "ApiError") && (error as ApiError).status === 404;
}

/**
 * The open thread's own read answered 404: it is gone, so it leaves the lists (the pane says
 * "not found"). A history that answered 404 asks for the thread again first — it was shown from
 * the list's copy, which may not know yet.
 */
export function useForgetGone(threadId: string, { thread, history }: { thread?: unknown; history?: unknown }): void {
  const queryClient = useQueryClient();
  const threadGone = isNotFound(thread);
  const historyGone = isNotFound(history);
  useEffect(() => {
    if (threadGone) void forgetThread(queryClient, threadId);
  }, [threadGone, threadId, queryClient]);
  useEffect(() => {
    if (historyGone) void queryClient.invalidateQueries({ queryKey: threadQueries.detail(threadId).queryKey });
  }, [historyGone, threadId, queryClient]);
}
