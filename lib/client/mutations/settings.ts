"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamSettingsPatch } from "@/lib/api/settings";
import { toastError } from "@/lib/client/errors";
import { inboxApi } from "@/lib/client/inbox-api";
import { inboxQueries } from "@/lib/client/queries/inbox";

/**
 * An admin changes the team's inbox settings. It waits for the server: a visibility change
 * decides what every member's open inbox shows (their streams resync), so it is shown once
 * it holds, and a refusal is a toast with the reason.
 */
export function useUpdateTeamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TeamSettingsPatch) => inboxApi("settings.update", { body: patch }),
    onSuccess: (saved) => queryClient.setQueryData(inboxQueries.settings().queryKey, saved),
    onError: (error) => toastError("Couldn't change who sees which conversations", error),
  });
}
