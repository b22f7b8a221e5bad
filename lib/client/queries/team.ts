import { queryOptions } from "@tanstack/react-query";
import { api, allItems } from "@/lib/client/api";

/**
 * The team's slow-moving data: the team, members, account links, platforms, tags, statuses
 * and colors. Each is one small list read whole and kept for minutes; events invalidate them
 * when they change.
 */
const FIVE_MINUTES = 5 * 60_000;

export const teamQueries = {
  all: () => ["team"] as const,
  team: () =>
    queryOptions({ queryKey: [...teamQueries.all(), "team"], queryFn: async ({ signal }) => (await api.team.get({ signal })).body, staleTime: FIVE_MINUTES }),
  members: () =>
    queryOptions({ queryKey: [...teamQueries.all(), "members"], queryFn: () => allItems(api.members.list), staleTime: FIVE_MINUTES }),
  accountLinks: () =>
    queryOptions({ queryKey: [...teamQueries.all(), "accountLinks"], queryFn: () => allItems(api.accountLinks.list), staleTime: 60_000 }),
  platforms: () =>
    queryOptions({
      queryKey: [...teamQueries.all(), "platforms"],
      queryFn: async ({ signal }) => (await api.platforms.list({ signal })).body,
      staleTime: FIVE_MINUTES,
    }),
  tags: () => queryOptions({ queryKey: [...teamQueries.all(), "tags"], queryFn: () => allItems(api.tags.list), staleTime: FIVE_MINUTES }),
  statuses: () =>
    queryOptions({
      queryKey: [...teamQueries.all(), "statuses"],
      // The pipeline's order, which every picker and the board share.
      queryFn: async () => (await allItems(api.statuses.list)).sort((a, b) => a.position - b.position),
      staleTime: FIVE_MINUTES,
    }),
  colors: () =>
    queryOptions({
      queryKey: [...teamQueries.all(), "colors"],
      queryFn: async ({ signal }) => (await api.colors.list({ signal })).body,
      staleTime: Infinity,
    }),
};
