import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { outboxStore } from "@/lib/client/stores/outbox";

/**
 * Carries on with sends a reload interrupted: `sending` items go again with their own key,
 * `unconfirmed` ones are read again, held ones go (the member had sent them). Safe to call from
 * several places; each item runs once. The send pipeline's code (./send) comes with the first
 * conversation opened, so a page load whose outbox is empty, nearly every one, does not fetch it
 * for this (issue 18: the inbox page's JavaScript).
 */
export function useResumeOutbox(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (outboxStore.getState().items.length === 0) return;
    void import("./use-send-pipeline").then(({ sendPipelineFor }) => sendPipelineFor(queryClient).resume());
  }, [queryClient]);
}
