import { queryOptions } from "@tanstack/react-query";
import type { Snooze } from "@/lib/api/snoozes";
import { inboxApi } from "@/lib/client/inbox-api";

/**
 * The team's snoozes and follow-up reminders (lib/api/snoozes), one list for the Snoozed view,
 * the rows' marks and the thread's banner; server events (`snooze`) refresh it.
 */
export const snoozeQueries = {
  all: () => ["snoozes"] as const,
  list: () =>
    queryOptions({
      queryKey: [...snoozeQueries.all(), "list"],
      queryFn: ({ signal }) => inboxApi("snoozes.list", { signal }),
      // Server events refresh it; the interval only covers a stream that is down.
      refetchInterval: 120_000,
    }),
};

/** The entries of one thread, by kind. */
export function snoozesOf(list: readonly Snooze[] | undefined, threadId: string): { snooze?: Snooze; followUp?: Snooze } {
  const entries = list?.filter((entry) => entry.threadId === threadId) ?? [];
  return { snooze: entries.find((entry) => entry.kind === "snooze"), followUp: entries.find((entry) => entry.kind === "followUp") };
}
