"use client";

import { useQuery } from "@tanstack/react-query";
import { firstNameOf, type VariableValues } from "@/lib/api/saved-reply-variables";
import type { Thread } from "@/lib/api/threads";
import { teamQueries } from "@/lib/client/queries/team";
import { useViewer } from "@/lib/client/viewer";

/** What a saved reply's variables are filled with in this conversation (lib/api/saved-reply-variables). */
export function useReplyValues(thread: Pick<Thread, "profile" | "accountLinkId"> | null): VariableValues {
  const viewer = useViewer();
  const links = useQuery(teamQueries.accountLinks());
  const accountLink = thread ? links.data?.find((link) => link.id === thread.accountLinkId) : undefined;
  return {
    "first-name": firstNameOf(thread?.profile),
    "display-name": thread?.profile?.displayName?.trim() || null,
    "member-name": viewer.name.trim() || null,
    "account-name": accountLink?.displayName.trim() || null,
  };
}
