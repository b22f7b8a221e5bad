import "server-only";
import { ROUTING_ACTOR, type MemberAvailability, type RoutingQueueSummary } from "@/lib/api/routing";
import type { Thread } from "@/lib/api/threads";
import type { Database } from "@/lib/db/connection";
import { ApiError } from "@/lib/api/errors";
import type { ActivityLog } from "../activity/activity";
import type { Bus } from "../events/bus";
import type { Gateway } from "../gateway/gateway";
import { log } from "../runtime/log";
import { createDrainLoop } from "./drain-loop";
import { plan, type Arrival, type Candidate, type LinkRule } from "./choose";
import { availabilityOf, createRoutingStore, queueArrivals, type QueueRow } from "./store";

/**
 * Routing's worker: new conversations are queued once per event, in the transaction that claims
 * it (`onClaimed`), so across instances and restarts each is queued exactly once; then the queue
 * is drained, oldest first, by the instance that replays events (the bus's leader: one at a time
 * across instances, and in one process one drain at a time). A drain runs after events that may
 * free someone (archived, reassigned…), when a member says they are available or comes back
 * from idle, and every `SWEEP_MS` (members go idle without a request to say so).
 *
 * Each decision is carried out through the gateway at background priority, below members' own
 * writes, and recorded in the activity log with "routing" as the actor and the reason. A thread
 * that has an assignee of its own by the time it is routed (a manager was faster, or a drain
 * died after its write) leaves the queue untouched, so nothing is assigned twice.
 */
export type Router = ReturnType<typeof createRouter>;

export type RouterOptions = {
  db: Database;
  gateway: Gateway;
  bus: Bus;
  activity: ActivityLog;
  /** The inbox's users who act as members: routing's candidates, with their names. */
  members(): Promise<{ memberId: string; name: string }[]>;
  awayAfterMs: number;
  /** Conversations rules have yet to act on (lib/server/routing/rules): rules run first, so routing leaves them queued until then. */
  waiting?: () => Promise<ReadonlySet<string>>;
  now?: () => number;
};

const SWEEP_MS = 30_000;
/** Events come in bursts: one drain after a burst. */
const KICK_DELAY_MS = 50;
/** A member's "seen" is written at most this often. */
const SEEN_EVERY_MS = 30_000;

export function createRouter(options: RouterOptions) {
  const { gateway, bus, activity } = options;
  const now = options.now ?? Date.now;
  const store = createRoutingStore(options.db);
  const seenWritten = new Map<string, number>();

  /**
   * Per member: open conversations (not archived, message requests included; `except` those
   * still queued), and of those the ones routing gave them. With `prune` (the routing instance,
   * whose index its own writes keep current; another's may lag), routed threads no longer open
   * and theirs are forgotten on the way.
   */
  async function loads(except: ReadonlySet<string> = new Set(), prune = false): Promise<Map<string, { open: number; routed: number }>> {
    await gateway.index.ready();
    const load = new Map<string, { open: number; routed: number }>();
    const of = (memberId: string) => load.get(memberId) ?? load.set(memberId, { open: 0, routed: 0 }).get(memberId)!;
    for (const t of gateway.index.all()) if (!t.archived && t.assigneeId && !except.has(t.id)) of(t.assigneeId).open += 1;
    const stale: string[] = [];
    for (const row of await store.routedThreads()) {
      const thread = gateway.index.get(row.threadId);
      if (thread && !thread.archived && thread.assigneeId === row.memberId) of(row.memberId).routed += 1;
      // Not in the index yet is not gone: only a thread seen archived or with someone else is let go.
      else if (thread) stale.push(row.threadId);
    }
    if (prune) await store.forgetRouted(stale);
    return load;
  }

  async function availability(except?: ReadonlySet<string>, prune = false): Promise<MemberAvailability[]> {
    const at = now();
    const [people, rows, signedIn, load] = await Promise.all([options.members(), store.members(), store.signedIn(new Date(at)), loads(except, prune)]);
    const byId = new Map(rows.map((r) => [r.memberId, r]));
    return people.map((p) => availabilityOf(p.memberId, byId.get(p.memberId), signedIn.has(p.memberId), load.get(p.memberId) ?? { open: 0, routed: 0 }, at, options.awayAfterMs));
  }

  async function drainOnce(): Promise<void> {
    if (!(await bus.leads())) return;
    const held = (await options.waiting?.()) ?? new Set<string>();
    const queued = (await store.queue()).filter((row) => !held.has(row.threadId));
    if (queued.length === 0) return;
    // A queued conversation its contact's member already holds is not counted against them twice.
    const [people, states, linkRows, rows] = await Promise.all([options.members(), availability(new Set(queued.map((q) => q.threadId)), true), store.linkRows(), store.members()]);
    const all = gateway.index.all();
    const stateOf = new Map(states.map((s) => [s.memberId, s]));
    const lastAssigned = new Map(rows.map((r) => [r.memberId, r.lastAssignedAt?.getTime() ?? null]));
    const candidates = new Map<string, Candidate>(
      people.map((p) => {
        const state = stateOf.get(p.memberId)!;
        return [p.memberId, { memberId: p.memberId, name: p.name, available: state.available, capacity: state.capacity, open: state.open, routed: state.routed, lastAssignedAt: lastAssigned.get(p.memberId) ?? null }];
      }),
    );
    const rules = new Map<string, LinkRule>(linkRows.map((r) => [r.accountLinkId, { mode: r.mode as LinkRule["mode"], memberIds: r.memberIds, routeRequests: r.routeRequests, lastMemberId: r.lastMemberId }]));

    const arrivals: Arrival[] = [];
    const threads = new Map<string, Thread>();
    const gone: string[] = [];
    for (const row of queued) {
      const thread = await current(row);
      // Gone, archived, or assigned by hand (the thread's own assignee): not routing's any more.
      if (!thread || thread.archived || thread.assigneeSource === "thread") {
        gone.push(row.threadId);
        continue;
      }
      threads.set(thread.id, thread);
      arrivals.push({ threadId: thread.id, accountLinkId: thread.accountLinkId, arrivedAt: row.arrivedAt.getTime(), isRequest: thread.isRequest, stickyMemberId: stickyFor(thread, all) });
    }
    const decided = plan(arrivals, rules, candidates, now());
    await store.dequeue([...gone, ...decided.dropped]);

    for (const decision of decided.assigned) {
      const thread = threads.get(decision.threadId)!;
      const body = JSON.stringify({ assigneeId: decision.memberId });
      const response = await gateway.write(
        "threads.update",
        `/threads/${thread.id}`,
        { threadId: thread.id },
        { method: "PATCH", headers: new Headers({ "content-type": "application/json" }), body },
        "background",
      );
      if (response.status === 404) {
        await store.dequeue([thread.id]);
        continue;
      }
      if (!response.ok) {
        // Left queued: the next drain tries again (the budget already waited out any 429).
        log.warn({ threadId: thread.id, status: response.status }, "routing could not assign a conversation; it stays queued");
        return;
      }
      const answer: unknown = await response.json().catch(() => null);
      const at = new Date(now());
      await store.assignedThread(thread.id, decision.memberId, at);
      await store.dequeue([thread.id]);
      await store.assigned(decision.memberId, at);
      if (decision.rule === "roundRobin") await store.setPlace(thread.accountLinkId, decision.memberId);
      await activity.record(
        { userId: ROUTING_ACTOR, name: ROUTING_ACTOR, memberId: null },
        { operation: "threads.update", params: { threadId: thread.id }, body: { assigneeId: decision.memberId, reason: decision.reason }, answer, before: { assigneeId: thread.assigneeId }, requestId: response.headers.get("x-request-id") },
      );
      log.info({ threadId: thread.id, memberId: decision.memberId, reason: decision.reason }, `routing assigned a conversation (${decision.reason})`);
    }
  }

  async function current(row: QueueRow): Promise<Thread | null> {
    const held = gateway.index.get(row.threadId);
    if (held) return held;
    try {
      return await gateway.thread(row.threadId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }

  const loop = createDrainLoop({ drainOnce, failure: "routing failed; the queue is tried again", kickDelayMs: KICK_DELAY_MS, sweepMs: SWEEP_MS });
  const { drain, kick } = loop;

  return {
    store,
    availability,
    drain,
    kick,
    /** For the event feed: queue new conversations in the claiming transaction. */
    onClaimed: queueArrivals,

    /** A member made a request: they are not idle. Coming back from idle frees room for the queue. */
    async seen(memberId: string): Promise<void> {
      if (!memberId) return;
      const at = now();
      if (at - (seenWritten.get(memberId) ?? 0) < SEEN_EVERY_MS) return;
      seenWritten.set(memberId, at);
      const before = await store.seen(memberId, new Date(at));
      if (!before || at - before.getTime() > options.awayAfterMs) kick();
    },

    async setStatus(memberId: string, status: "available" | "away"): Promise<void> {
      const at = now();
      seenWritten.set(memberId, at);
      await store.setStatus(memberId, status, new Date(at));
      if (status === "available") kick();
    },

    async queueSummary(): Promise<RoutingQueueSummary> {
      const rows = await store.queue();
      return {
        length: rows.length,
        oldestArrivedAt: rows[0]?.arrivedAt.toISOString() ?? null,
        items: rows.slice(0, 50).map((r) => ({ threadId: r.threadId, accountLinkId: r.accountLinkId, arrivedAt: r.arrivedAt.toISOString() })),
      };
    },

    start: loop.start,
    stop: loop.stop,
  };
}

/** Who already handles the thread's contact: the contact's assignee, else the assignee of its latest other conversation. */
function stickyFor(thread: Thread, all: readonly Thread[]): string | null {
  if (thread.assigneeSource === "contact" && thread.assigneeId) return thread.assigneeId;
  if (!thread.contactId) return null;
  const others = all.filter((t) => t.id !== thread.id && t.contactId === thread.contactId && t.assigneeId);
  others.sort((a, b) => Date.parse(b.activity.at) - Date.parse(a.activity.at));
  return others[0]?.assigneeId ?? null;
}
