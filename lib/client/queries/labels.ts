import { queryOptions } from "@tanstack/react-query";
import { paginate } from "@/lib/api/client-transport";
import type { ThreadListQuery } from "@/lib/api/threads";
import { api } from "@/lib/client/api";
import type { LabelKind, LabelUsage } from "@/lib/client/settings/label-form";
import { threadQueries } from "@/lib/client/queries/threads";

const USAGE_MAX_PAGES = 20;

/**
 * How many contacts carry a label, for the delete confirmation. GET /contacts can't filter by
 * tag or status (it looks people up by platform), but GET /threads can, by the thread's
 * contact: the distinct contacts of the matching threads in every folder. Every contact the
 * inbox knows has a thread, since a thread's person becomes a contact when it is created.
 * Kept under `threads`, so whatever makes threads stale makes the count stale too.
 */
export function labelUsageQuery(kind: LabelKind, labelId: string) {
  return queryOptions({
    queryKey: [...threadQueries.all(), "labelUsage", kind, labelId] as const,
    queryFn: async ({ signal }): Promise<LabelUsage> => {
      const filter: Omit<ThreadListQuery, "cursor"> = { folder: "all", limit: 100, ...(kind === "tag" ? { tag: [labelId] } : { status: [labelId] }) };
      const contacts = new Set<string>();
      let pages = 0;
      for await (const page of paginate((query: ThreadListQuery) => api.threads.list(query, { signal }), filter)) {
        for (const thread of page.data) if (thread.contactId) contacts.add(thread.contactId);
        pages += 1;
        if (pages >= USAGE_MAX_PAGES && page.nextCursor) return { count: contacts.size, complete: false };
      }
      return { count: contacts.size, complete: true };
    },
    staleTime: 0,
    gcTime: 60_000,
  });
}
