"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AvailabilityStatus, LinkRoutingChange } from "@/lib/api/routing";
import { toastError } from "@/lib/client/errors";
import { inboxApi } from "@/lib/client/inbox-api";
import { routingQueries } from "@/lib/client/queries/routing";

/**
 * Routing's writes. Each waits for the server (a rule or a capacity decides who gets the next
 * conversation, so it shows once it holds) and then reads routing again: a change may have
 * let the queue move.
 */
function useRoutingMutation<Input>(run: (input: Input) => Promise<unknown>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: routingQueries.all() }),
    onError: (error) => toastError(failure, error),
  });
}

export function useSetAvailability() {
  return useRoutingMutation((status: AvailabilityStatus) => inboxApi("availability.set", { body: { status } }), "Couldn't change your availability");
}

export function useSetLinkRouting() {
  return useRoutingMutation(
    ({ accountLinkId, change }: { accountLinkId: string; change: LinkRoutingChange }) => inboxApi("routing.setLink", { params: { accountLinkId }, body: change }),
    "Couldn't save the account's routing",
  );
}

export function useSetCapacity() {
  return useRoutingMutation(
    ({ memberId, capacity }: { memberId: string; capacity: number | null }) => inboxApi("routing.setCapacity", { params: { memberId }, body: { capacity } }),
    "Couldn't save the capacity",
  );
}
