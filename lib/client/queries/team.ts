import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/api/client";
import { api, allItems } from "@/lib/client/api";

/**
 * The team's slow-moving data: the team, members, account links, platforms, tags, statuses
 * and colors. Each is one small list read whole and kept for minutes; events invalidate them
 * when they change. Like thread lists, they may be fetched through another client (the server
 * page, for the rows of its first paint).
 */
const FIVE_MINUTES = 5 * 60_000;

export const teamQueries = {
  all: () => ["team"] as const,
  team: () =>
    queryOptions({ queryKey: [...teamQueries.all(), "team"], queryFn: async ({ signal }) => (await api.team.get({ signal })).body, staleTime: FIVE_MINUTES }),
  members: (client: ApiClient = api) =>
    queryOptions({ queryKey: [...teamQueries.all(), "members"], queryFn: () => allItems(client.members.list), staleTime: FIVE_MINUTES }),
  accountLinks: (client: ApiClient = api) =>
    queryOptions({ queryKey: [...teamQueries.all(), "accountLinks"], queryFn: () => allItems(client.accountLinks.list), staleTime: 60_000 }),
  platforms: (client: ApiClient = api) =>
    queryOptions({
      queryKey: [...teamQueries.all(), "platforms"],
      queryFn: async ({ signal }) => (await client.platforms.list({ signal })).body,
      staleTime: FIVE_MINUTES,
    }),
  tags: (client: ApiClient = api) => queryOptions({ queryKey: [...teamQueries.all(), "tags"], queryFn: () => allItems(client.tags.list), staleTime: FIVE_MINUTES }),
  statuses: (client: ApiClient = api) =>
    queryOptions({
      queryKey: [...teamQueries.all(), "statuses"],
      // The pipeline's order, which every picker and the board share.
      queryFn: async () => (await allItems(client.statuses.list)).sort((a, b) => a.position - b.position),
      staleTime: FIVE_MINUTES,
    }),
  colors: (client: ApiClient = api) =>
    queryOptions({
      queryKey: [...teamQueries.all(), "colors"],
      queryFn: async ({ signal }) => (await client.colors.list({ signal })).body,
      staleTime: Infinity,
    }),
};
