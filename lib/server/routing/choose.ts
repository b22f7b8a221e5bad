import "server-only";
import type { RoutingMode } from "@/lib/api/routing";

/**
 * Who gets a new conversation: pure, so the rule is tested on its own (choose.test.ts) and the
 * worker (./router) only gathers the state and carries the decisions out.
 *
 * - Only members chosen for the link, available now and below their capacity are eligible.
 *   Capacity bounds what routing hands out: the open conversations routing gave a member that
 *   are still theirs (`routed`); what a manager assigns by hand is the manager's call.
 * - Sticky first: a contact someone already handles goes back to them when they are available
 *   and below capacity (chosen for the link or not: the contact is theirs).
 * - `balanced`: fewest open conversations; a tie goes to whoever routing served longest ago,
 *   then to the link's order. So each arrival goes to a least-loaded member, and when nobody
 *   frees up no member is ever more than one conversation ahead of another.
 * - `roundRobin`: the next eligible member after the last one served, in the link's order.
 * - The queue is served oldest first; a conversation nobody can take waits, and the ones behind
 *   it on other links (other members) still go.
 */
export type Candidate = {
  memberId: string;
  name: string;
  available: boolean;
  /** How many open conversations routing may have given them at once; null: no limit. */
  capacity: number | null;
  /** Open conversations assigned to them, however assigned: what `balanced` compares. */
  open: number;
  /** Of those, the ones routing gave them: what `capacity` bounds. */
  routed: number;
  /** When routing last gave them one (ms), or null. */
  lastAssignedAt: number | null;
};

export type LinkRule = { mode: RoutingMode; memberIds: readonly string[]; routeRequests: boolean; lastMemberId: string | null };

export type Arrival = {
  threadId: string;
  accountLinkId: string;
  arrivedAt: number;
  isRequest: boolean;
  /** Who already handles the contact, if anyone. */
  stickyMemberId: string | null;
};

export type Decision = { memberId: string; rule: "sticky" | "roundRobin" | "balanced"; reason: string };

export type Plan = {
  /** In the order to carry out. */
  assigned: (Decision & { threadId: string })[];
  /** Still waiting, oldest first: everyone eligible is away or at capacity. */
  waiting: string[];
  /** Not for routing: its link routes nothing, or it is a request the link does not route. */
  dropped: string[];
};

export function hasRoom(member: Candidate): boolean {
  return member.available && (member.capacity === null || member.routed < member.capacity);
}

/** The member for one arrival, or null when it must wait. */
export function choose(rule: LinkRule, members: ReadonlyMap<string, Candidate>, stickyMemberId: string | null): Decision | null {
  const sticky = stickyMemberId ? members.get(stickyMemberId) : undefined;
  if (sticky && hasRoom(sticky)) return { memberId: sticky.memberId, rule: "sticky", reason: `sticky: ${firstName(sticky.name)} already handles this contact` };
  const eligible = rule.memberIds.flatMap((id) => {
    const member = members.get(id);
    return member && hasRoom(member) ? [member] : [];
  });
  if (eligible.length === 0) return null;
  if (rule.mode === "roundRobin") {
    const after = rule.lastMemberId ? rule.memberIds.indexOf(rule.lastMemberId) : -1;
    const position = (id: string) => (rule.memberIds.indexOf(id) - after - 1 + rule.memberIds.length) % rule.memberIds.length;
    const next = [...eligible].sort((a, b) => position(a.memberId) - position(b.memberId))[0]!;
    return { memberId: next.memberId, rule: "roundRobin", reason: `round-robin: ${firstName(next.name)}'s turn` };
  }
  const order = (id: string) => rule.memberIds.indexOf(id);
  const best = [...eligible].sort((a, b) => a.open - b.open || (a.lastAssignedAt ?? -1) - (b.lastAssignedAt ?? -1) || order(a.memberId) - order(b.memberId))[0]!;
  return { memberId: best.memberId, rule: "balanced", reason: `balanced: ${firstName(best.name)} had ${best.open} open` };
}

/**
 * Decisions for the whole queue, oldest first, each counted before the next is made. `members`
 * and `rules` are not changed; `now` stamps the assignments made here (ms).
 */
export function plan(queue: readonly Arrival[], rules: ReadonlyMap<string, LinkRule>, members: ReadonlyMap<string, Candidate>, now: number): Plan {
  const state = new Map([...members].map(([id, member]) => [id, { ...member }]));
  const places = new Map([...rules].map(([id, rule]) => [id, rule.lastMemberId]));
  const result: Plan = { assigned: [], waiting: [], dropped: [] };
  const ordered = [...queue].sort((a, b) => a.arrivedAt - b.arrivedAt || (a.threadId < b.threadId ? -1 : 1));
  for (const arrival of ordered) {
    const rule = rules.get(arrival.accountLinkId);
    if (!rule || rule.mode === "off" || (arrival.isRequest && !rule.routeRequests)) {
      result.dropped.push(arrival.threadId);
      continue;
    }
    const decision = choose({ ...rule, lastMemberId: places.get(arrival.accountLinkId) ?? null }, state, arrival.stickyMemberId);
    if (!decision) {
      result.waiting.push(arrival.threadId);
      continue;
    }
    const member = state.get(decision.memberId)!;
    member.open += 1;
    member.routed += 1;
    member.lastAssignedAt = now;
    if (decision.rule === "roundRobin") places.set(arrival.accountLinkId, decision.memberId);
    result.assigned.push({ threadId: arrival.threadId, ...decision });
  }
  return result;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}
