"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NewScheduledSend, ScheduledSend, ScheduledSendPatch } from "@/lib/api/scheduled-sends";
import { toastError } from "@/lib/client/errors";
import { inboxApi } from "@/lib/client/inbox-api";
import { browserTimeZone } from "@/lib/client/mutations/snoozes";
import { scheduledSendQueries } from "@/lib/client/queries/scheduled-sends";

/**
 * Scheduling, rescheduling and cancelling sends (lib/api/scheduled-sends). Each answer goes
 * straight into the thread's list; server events bring everyone else's changes.
 */
export function useScheduleSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<NewScheduledSend, "timeZone">) => inboxApi("scheduledSends.create", { body: { ...input, timeZone: browserTimeZone() } }),
    onSuccess: (made) => put(queryClient, made),
    onError: (error) => toastError("Couldn't schedule the message", error),
  });
}

export function useReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: Omit<ScheduledSendPatch, "timeZone"> }) =>
      inboxApi("scheduledSends.update", { params: { sendId: id }, body: { ...change, timeZone: browserTimeZone() } }),
    onSuccess: (changed) => put(queryClient, changed),
    onError: (error) => toastError("Couldn't change the scheduled message", error),
  });
}

export function useCancelScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (send: ScheduledSend) => inboxApi("scheduledSends.delete", { params: { sendId: send.id } }),
    onSuccess: (_answer, send) => {
      const key = scheduledSendQueries.thread(send.threadId).queryKey;
      queryClient.setQueryData(key, (list) => (list ? { ...list, data: list.data.filter((s) => s.id !== send.id) } : list));
    },
    onError: (error) => toastError("Couldn't cancel the scheduled message", error),
  });
}

function put(queryClient: ReturnType<typeof useQueryClient>, send: ScheduledSend): void {
  const key = scheduledSendQueries.thread(send.threadId).queryKey;
  queryClient.setQueryData(key, (list) => (list ? { ...list, data: [...list.data.filter((s) => s.id !== send.id), send].sort((a, b) => Date.parse(a.sendAt) - Date.parse(b.sendAt)) } : list));
}
