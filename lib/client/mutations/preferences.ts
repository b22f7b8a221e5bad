"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MemberPreferences, NotificationScopes, PreferencesPatch } from "@/lib/api/preferences";
import { toastError } from "@/lib/client/errors";
import { inboxApi } from "@/lib/client/inbox-api";
import { inboxQueries } from "@/lib/client/queries/inbox";

/** Changing one's notification scopes: shown at once, rolled back with a toast when refused. */
export function useSetNotificationScopes() {
  return useSetPreference((change: Partial<NotificationScopes>, before) => ({ notifications: { ...before.notifications, ...change } }), (change) => ({ notifications: change }));
}

/** Whether a mention of oneself raises a browser notification (lib/api/preferences), as the scopes are changed. */
export function useSetMentionNotifications() {
  return useSetPreference((mentions: boolean) => ({ mentions }), (mentions) => ({ mentions }));
}

function useSetPreference<Change>(merge: (change: Change, before: MemberPreferences) => Partial<MemberPreferences>, patch: (change: Change) => PreferencesPatch) {
  const queryClient = useQueryClient();
  const key = inboxQueries.preferences().queryKey;
  return useMutation({
    mutationFn: (change: Change) => inboxApi("preferences.update", { body: patch(change) }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { ...before, ...merge(change, before) } satisfies MemberPreferences);
      return { before };
    },
    onError: (error, _change, context) => {
      queryClient.setQueryData(key, context?.before);
      toastError("Couldn't save your notification choice", error);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

/** Changing one's undo window: shown at once, rolled back with a toast when refused. */
export function useSetUndoSendSeconds() {
  const queryClient = useQueryClient();
  const key = inboxQueries.preferences().queryKey;
  return useMutation({
    mutationFn: (undoSendSeconds: number) => inboxApi("preferences.update", { body: { undoSendSeconds } }),
    onMutate: async (undoSendSeconds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { ...before, undoSendSeconds } satisfies MemberPreferences);
      return { before };
    },
    onError: (error, _seconds, context) => {
      queryClient.setQueryData(key, context?.before);
      toastError("Couldn't save your undo window", error);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
