import { describe, expect, it } from "vitest";
import { choose, plan, type Arrival, type Candidate, type LinkRule } from "./choose";

const member = (memberId: string, over: Partial<Candidate> = {}): Candidate => ({ memberId, name: `${memberId} Surname`, available: true, capacity: null, open: 0, routed: 0, lastAssignedAt: null, ...over });
const team = (...members: Candidate[]) => new Map(members.map((m) => [m.memberId, m]));
const rule = (over: Partial<LinkRule> = {}): LinkRule => ({ mode: "balanced", memberIds: ["ann", "bob", "cyd"], routeRequests: false, lastMemberId: null, ...over });
const arrival = (threadId: string, arrivedAt: number, over: Partial<Arrival> = {}): Arrival => ({ threadId, accountLinkId: "al1", arrivedAt, isRequest: false, stickyMemberId: null, ...over });

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

describe("choosing a member", () => {
  it("balanced: the fewest open, then whoever was served longest ago, and says why", () => {
    const members = team(member("ann", { open: 3 }), member("bob", { open: 1, lastAssignedAt: 50 }), member("cyd", { open: 1, lastAssignedAt: 10 }));
    expect(choose(rule(), members, null)).toEqual({ memberId: "cyd", rule: "balanced", reason: "balanced: cyd had 1 open" });
  });

  it("only chosen, available members below capacity", () => {
    const members = team(member("ann", { available: false }), member("bob", { capacity: 2, open: 5, routed: 2 }), member("cyd", { open: 9 }), member("dee"));
    expect(choose(rule(), members, null)?.memberId).toBe("cyd");
    expect(choose(rule({ memberIds: ["ann", "bob"] }), members, null)).toBeNull();
  });

  it("round-robin: the next eligible after the last served, wrapping around", () => {
    const members = team(member("ann"), member("bob", { available: false }), member("cyd"));
    expect(choose(rule({ mode: "roundRobin", lastMemberId: "ann" }), members, null)?.memberId).toBe("cyd");
    expect(choose(rule({ mode: "roundRobin", lastMemberId: "cyd" }), members, null)).toMatchObject({ memberId: "ann", reason: "round-robin: ann's turn" });
  });

  it("sticky: back to the contact's member when available with room, else by the rule", () => {
    expect(choose(rule(), team(member("ann"), member("bob", { open: 5 })), "bob")).toMatchObject({ memberId: "bob", rule: "sticky" });
    expect(choose(rule(), team(member("ann"), member("bob", { available: false })), "bob")).toMatchObject({ memberId: "ann", rule: "balanced" });
    expect(choose(rule(), team(member("ann"), member("bob", { capacity: 1, open: 1, routed: 1 })), "bob")).toMatchObject({ memberId: "ann" });
  });

  it("capacity bounds what routing gave, not what was assigned by hand; balance compares everything open", () => {
    const members = team(member("ann", { capacity: 2, open: 7, routed: 1 }), member("bob", { capacity: 2, open: 1, routed: 2 }));
    expect(choose(rule({ memberIds: ["ann", "bob"] }), members, null)).toMatchObject({ memberId: "ann", reason: "balanced: ann had 7 open" });
  });
});

describe("planning the queue", () => {
  it("balanced over 1,000 arrivals: nobody is ever more than one ahead", () => {
    const members = team(member("ann", { open: 2 }), member("bob"), member("cyd", { open: 1 }));
    const arrivals = Array.from({ length: 1000 }, (_, i) => arrival(`t${i}`, i));
    const { assigned, waiting } = plan(arrivals, new Map([["al1", rule()]]), members, 0);
    expect(waiting).toEqual([]);
    const open = new Map([...members].map(([id, m]) => [id, m.open]));
    for (const { memberId } of assigned) {
      open.set(memberId, open.get(memberId)! + 1);
      const counts = [...open.values()];
      // The first arrivals even out what members started with; from then on, at most one apart.
      if (Math.max(...counts) > 3) expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    }
    expect([...open.values()].sort()).toEqual([334, 334, 335]);
  });

  it("round-robin over 1,000 arrivals with members coming and going: only available members with room are served, capacity never exceeded", () => {
    const next = random(7);
    const rules = new Map([["al1", rule({ mode: "roundRobin", memberIds: ["ann", "bob", "cyd", "dee"] })]]);
    const members = team(member("ann", { capacity: 3 }), member("bob", { capacity: 5 }), member("cyd", { capacity: 2 }), member("dee", { capacity: 4 }));
    let queue: Arrival[] = [];
    const served: string[] = [];
    for (let i = 0; i < 1000; i++) {
      queue.push(arrival(`t${i}`, i));
      // Members close conversations and step away now and then.
      for (const m of members.values()) {
        if (m.routed > 0 && next() < 0.3) {
          m.routed -= 1;
          m.open -= 1;
        }
        if (next() < 0.05) m.available = !m.available;
      }
      const result = plan(queue, rules, members, i);
      for (const { memberId, threadId } of result.assigned) {
        const m = members.get(memberId)!;
        m.open += 1;
        m.routed += 1;
        expect(m.routed).toBeLessThanOrEqual(m.capacity!);
        expect(m.available).toBe(true);
        served.push(memberId);
        rules.set("al1", { ...rules.get("al1")!, lastMemberId: memberId });
        queue = queue.filter((a) => a.threadId !== threadId);
      }
      // Whatever still waits does so because nobody has room.
      if (result.waiting.length) expect([...members.values()].some((m) => m.available && m.routed < m.capacity!)).toBe(false);
    }
    expect(served.length).toBeGreaterThan(500);
  });

  it("capacity is never exceeded, the rest wait in arrival order, and the oldest goes first when someone frees up", () => {
    const members = team(member("ann", { capacity: 2 }), member("bob", { capacity: 2 }), member("cyd", { capacity: 2 }));
    const rules = new Map([["al1", rule()]]);
    const arrivals = [5, 1, 7, 3, 8, 2, 6, 4].map((at) => arrival(`t${at}`, at));
    const first = plan(arrivals, rules, members, 0);
    expect(first.assigned.map((a) => a.threadId)).toEqual(["t1", "t2", "t3", "t4", "t5", "t6"]);
    const counts = new Map<string, number>();
    for (const a of first.assigned) counts.set(a.memberId, (counts.get(a.memberId) ?? 0) + 1);
    expect([...counts.values()]).toEqual([2, 2, 2]);
    expect(first.waiting).toEqual(["t7", "t8"]);

    // Bob archives one: the oldest waiting is his.
    const after = team(member("ann", { capacity: 2, open: 2, routed: 2 }), member("bob", { capacity: 2, open: 1, routed: 1 }), member("cyd", { capacity: 2, open: 2, routed: 2 }));
    const second = plan(arrivals.filter((a) => first.waiting.includes(a.threadId)), rules, after, 1);
    expect(second.assigned).toEqual([{ threadId: "t7", memberId: "bob", rule: "balanced", reason: "balanced: bob had 1 open" }]);
    expect(second.waiting).toEqual(["t8"]);
  });

  it("requests only where the link routes them; links that route nothing drop theirs", () => {
    const rules = new Map([
      ["al1", rule()],
      ["al2", rule({ routeRequests: true })],
      ["al3", rule({ mode: "off" })],
    ]);
    const result = plan(
      [arrival("req1", 1, { isRequest: true }), arrival("req2", 2, { isRequest: true, accountLinkId: "al2" }), arrival("off", 3, { accountLinkId: "al3" }), arrival("none", 4, { accountLinkId: "al9" })],
      rules,
      team(member("ann")),
      0,
    );
    expect(result.assigned.map((a) => a.threadId)).toEqual(["req2"]);
    expect(result.dropped).toEqual(["req1", "off", "none"]);
  });
});
