"use client";

import { useQuery } from "@tanstack/react-query";
import { teamQueries } from "@/lib/client/queries/team";
import type { RuleNames } from "@/lib/client/rule-sentences";
import type { Choice } from "./choice-select";

/** What a rule may name (members, tags, statuses, account links, platforms), as choices and as names. */
export type RuleChoices = { members: Choice[]; tags: Choice[]; statuses: Choice[]; accountLinks: Choice[]; platforms: Choice[]; names: RuleNames };

export function useRuleChoices(): RuleChoices {
  const members = useQuery(teamQueries.members()).data ?? [];
  const tags = useQuery(teamQueries.tags()).data ?? [];
  const statuses = useQuery(teamQueries.statuses()).data ?? [];
  const links = useQuery(teamQueries.accountLinks()).data ?? [];
  const lookup = (list: { id: string; name?: string; displayName?: string | null }[]) => (id: string) => {
    const found = list.find((item) => item.id === id);
    return found ? (found.name ?? found.displayName ?? undefined) : undefined;
  };
  return {
    members: members.map((m) => ({ value: m.id, label: m.name })),
    tags: tags.map((t) => ({ value: t.id, label: t.name })),
    statuses: statuses.map((s) => ({ value: s.id, label: s.name })),
    accountLinks: links.map((l) => ({ value: l.id, label: l.displayName ?? l.id })),
    platforms: [...new Set(links.map((l) => l.platform))].map((p) => ({ value: p, label: p })),
    names: { member: lookup(members), tag: lookup(tags), status: lookup(statuses), accountLink: lookup(links) },
  };
}
