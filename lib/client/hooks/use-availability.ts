"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { routingQueries } from "@/lib/client/queries/routing";
import type { PresentPerson } from "@/lib/client/stores/presence";

/** People present in a thread, each named "(away)" when they set themselves away: presence shows availability too. */
export function useMarkedAway(people: readonly PresentPerson[]): PresentPerson[] {
  const users = useQuery(inboxQueries.users());
  const availability = useQuery(routingQueries.availability());
  return useMemo(() => {
    const memberOf = new Map((users.data ?? []).map((u) => [u.id, u.memberId]));
    return people.map((person) => {
      const memberId = memberOf.get(person.userId);
      const state = memberId ? availability.data?.get(memberId) : undefined;
      // Someone here now is neither idle nor signed out, whatever the last read said: only their own "away" counts.
      return state?.status === "away" ? { ...person, name: `${person.name} (away)` } : person;
    });
  }, [people, users.data, availability.data]);
}
