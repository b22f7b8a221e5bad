"use client";

import { useQuery } from "@tanstack/react-query";

import type { Thread } from "@/lib/api/threads";
import { teamQueries } from "@/lib/client/queries/team";

/**
 * The account a conversation runs through and its platform, from the team's cached lists: what
 * the header names and what the composer's checks read. Unknown (undefined) until they arrive.
 */
export function useThreadAccount(thread: Thread) {
  const links = useQuery(teamQueries.accountLinks());
  const platforms = useQuery(teamQueries.platforms());
  const accountLink = links.data?.find((l) => l.id === thread.accountLinkId);
  const platform = platforms.data?.find((p) => p.platform === (accountLink?.platform ?? thread.profile?.platform));
  const platformName = platform?.name ?? accountLink?.platform ?? thread.profile?.platform ?? null;
  return { accountLink, platform, platformName };
}
