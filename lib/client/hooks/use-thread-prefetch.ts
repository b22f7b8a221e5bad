"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, type PointerEvent } from "react";
import type { Thread } from "@/lib/api/threads";
import { prefetchPaneBasics, prefetchThread } from "@/lib/client/thread/prefetch";
import { createPrefetchQueue, rowsNear } from "@/lib/client/thread/prefetch-queue";

/** Rows read ahead below the cursor (a screenful and a half) and above it. */
const AHEAD = 12;
const BEHIND = 4;

/**
 * Reads ahead the threads a person is likely to open next — the rows around the keyboard
 * cursor, and the row under the pointer — so that opening one is drawn from the cache, with no
 * request in its way. Returns the list's `onPointerOver` (rows carry `data-thread-id`).
 */
export function useThreadPrefetch(rows: readonly Thread[], cursorId: string | null) {
  const queryClient = useQueryClient();
  const queue = useMemo(() => {
    let basics: Promise<unknown> | null = null;
    return createPrefetchQueue((id) => {
      basics ??= prefetchPaneBasics(queryClient);
      return prefetchThread(queryClient, id);
    });
  }, [queryClient]);
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);
  useEffect(() => queue.want(rowsNear(ids, cursorId, AHEAD, BEHIND)), [queue, ids, cursorId]);
  return useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const id = (event.target as Element).closest("[data-thread-id]")?.getAttribute("data-thread-id");
      if (id) queue.soon(id);
    },
    [queue],
  );
}
