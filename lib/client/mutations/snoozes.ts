"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NewSnooze, SnoozeKind } from "@/lib/api/snoozes";
import { toastError } from "@/lib/client/errors";
import { inboxApi } from "@/lib/client/inbox-api";
import { noteOwnChange } from "@/lib/client/list/own-changes";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { snoozeQueries } from "@/lib/client/queries/snoozes";
import { threadQueries } from "@/lib/client/queries/threads";

/**
 * Snoozing, waking and reminding (POST/DELETE /api/inbox/snoozes, POST /api/inbox/follow-ups).
 * Each changes which folder shows the thread, so the lists, the counts and the snoozes are read
 * again once it is done (from the inbox's server: no quota).
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: snoozeQueries.all() }),
      queryClient.invalidateQueries({ queryKey: threadQueries.lists() }),
      queryClient.invalidateQueries({ queryKey: inboxQueries.counts().queryKey }),
    ]);
}

let zone: string | null = null;
/** The member's time zone, in which "tomorrow morning" is meant (read once: resolving it costs a formatter each time). */
export function browserTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  return zone;
}

export function useSnooze() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { threadIds: string[]; until: NewSnooze["until"] }) =>
      Promise.all(input.threadIds.map((threadId) => inboxApi("snoozes.create", { body: { threadId, until: input.until, timeZone: browserTimeZone() } }))),
    // The person's own change: their rows leave the list at once, not behind "N updated".
    onSuccess: (_, { threadIds }) => threadIds.forEach((threadId) => noteOwnChange({ threadId })),
    onError: (error) => toastError("Couldn't snooze", error),
    onSettled: refresh,
  });
}

/** Wakes a snooze now, ends a reminder, or dismisses a returned mark. */
export function useUnsnooze() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ threadId, kind }: { threadId: string; kind: SnoozeKind }) => inboxApi("snoozes.delete", { query: { threadId, kind } }),
    onSuccess: (_, { threadId }) => noteOwnChange({ threadId }),
    onError: (error) => toastError("Couldn't change the snooze", error),
    onSettled: refresh,
  });
}

/** Sets a follow-up reminder after a send. */
export function useFollowUp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ threadId, days }: { threadId: string; days: number }) => inboxApi("followUps.create", { body: { threadId, days } }),
    onError: (error) => toastError("Couldn't set the reminder", error),
    onSettled: refresh,
  });
}
