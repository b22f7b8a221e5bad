import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as availabilityRoute from "@/app/api/inbox/availability/route";
import * as activityRoute from "@/app/api/inbox/activity/route";
import * as routingRoute from "@/app/api/inbox/routing/route";
import * as linkRoute from "@/app/api/inbox/routing/links/[accountLinkId]/route";
import * as capacityRoute from "@/app/api/inbox/routing/members/[memberId]/route";
import * as workloadRoute from "@/app/api/inbox/workload/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import type { ActivityEntry } from "@/lib/api/activity";
import type { ApiEvent } from "@/lib/api/events";
import type { RoutingOverview } from "@/lib/api/routing";
import type { TeamWorkload } from "@/lib/api/workload";
import { call, sandboxCaller, startTestBff, type TestBff } from "../testing/bff";

/**
 * The check, end to end on the demo sandbox: balanced routing with capacity 2 for three
 * available members; eight people write in, each starting a new conversation; six go two to each
 * member and two wait, oldest first; one member archives a conversation and gets the oldest
 * waiting one; nothing is assigned twice. Events are replayed by the test, as a webhook would
 * bring them, and routing's drain is awaited rather than timed.
 */
let bff: TestBff;
let manager = "";
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let linkId = "";

const sandbox = (path: string, init?: { method?: string; body?: unknown }) => sandboxCaller(bff.runtime)(path, init);
/** What the inbox has heard so far, applied, and routed. */
const settle = async () => {
  await bff.runtime.events.replayNow();
  await bff.runtime.routing.drain();
};
const assigneeOf = (threadId: string) => bff.runtime.gateway.index.get(threadId)?.assigneeId ?? null;
const overview = async () => (await (await call(routingRoute, "GET", "/api/inbox/routing", { cookie: manager })).json()) as RoutingOverview;

beforeAll(async () => {
  bff = await startTestBff();
  bff.runtime.events.stop();
  await bff.runtime.events.replayNow();
  manager = await bff.signIn("marcus");
  const members = (await sandbox("/v2/members?limit=100")) as { data: { id: string; email: string }[] };
  for (const name of ["sam", "jonas", "aiko"]) {
    ids[name] = members.data.find((m) => m.email === `${name}@acme.test`)!.id;
    cookies[name] = await bff.signIn(name);
  }
  linkId = ((await sandbox("/v2/account-links?limit=100")) as { data: { id: string; status: string }[] }).data.find((l) => l.status === "active")!.id;
  // The seed gives each of them open conversations already: capacity bounds only what routing gives.
  await bff.runtime.gateway.index.ready();
  for (const id of Object.values(ids)) expect(bff.runtime.gateway.index.all().some((t) => !t.archived && t.assigneeId === id)).toBe(true);
}, 90_000);
afterAll(() => bff?.close());

describe("routing", () => {
  it("answers 401 without a session on every routing and availability route", async () => {
    for (const answer of [
      await call(availabilityRoute, "GET", "/api/inbox/availability"),
      await call(availabilityRoute, "PUT", "/api/inbox/availability", { body: { status: "away" } }),
      await call(routingRoute, "GET", "/api/inbox/routing"),
      await call(linkRoute, "PUT", `/api/inbox/routing/links/${linkId}`, { params: { accountLinkId: linkId }, body: { mode: "balanced", memberIds: [] } }),
      await call(capacityRoute, "PUT", `/api/inbox/routing/members/${ids.sam}`, { params: { memberId: ids.sam! }, body: { capacity: 9 } }),
    ]) {
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { code: string }).code).toBe("unauthorized");
    }
  });

  it("refuses members the settings, and refuses a member setting another's availability", async () => {
    const member = cookies.sam!;
    expect((await call(routingRoute, "GET", "/api/inbox/routing", { cookie: member })).status).toBe(403);
    const put = await call(linkRoute, "PUT", `/api/inbox/routing/links/${linkId}`, { cookie: member, params: { accountLinkId: linkId }, body: { mode: "balanced", memberIds: [] } });
    expect(put.status).toBe(403);
    expect((await call(capacityRoute, "PUT", `/api/inbox/routing/members/${ids.sam}`, { cookie: member, params: { memberId: ids.sam! }, body: { capacity: 9 } })).status).toBe(403);
    const other = await call(availabilityRoute, "PUT", "/api/inbox/availability", { cookie: member, body: { status: "away", memberId: ids.jonas } });
    expect(other.status).toBe(403);
    const unknown = await call(linkRoute, "PUT", "/api/inbox/routing/links/al9999", { cookie: manager, params: { accountLinkId: "al9999" }, body: { mode: "balanced", memberIds: [] } });
    expect(unknown.status).toBe(404);
    const bad = await call(linkRoute, "PUT", `/api/inbox/routing/links/${linkId}`, { cookie: manager, params: { accountLinkId: linkId }, body: { mode: "sometimes", memberIds: [] } });
    expect(bad.status).toBe(400);
  });

  it("balanced, capacity 2, three available members: eight arrivals → two each, two queued oldest first; a member who frees up gets the oldest", async () => {
    for (const name of ["sam", "jonas", "aiko"]) {
      const set = await call(availabilityRoute, "PUT", "/api/inbox/availability", { cookie: cookies[name], body: { status: "available" } });
      expect(set.status).toBe(200);
      expect(await set.json()).toMatchObject({ memberId: ids[name], available: true, away: null });
      const capacity = await call(capacityRoute, "PUT", `/api/inbox/routing/members/${ids[name]}`, { cookie: manager, params: { memberId: ids[name]! }, body: { capacity: 2 } });
      expect(capacity.status).toBe(200);
    }
    // No routeRequests: the sandbox's new conversations are requests, routed unless a link says not.
    const rule = { mode: "balanced", memberIds: Object.values(ids) };
    const put = await call(linkRoute, "PUT", `/api/inbox/routing/links/${linkId}`, { cookie: manager, params: { accountLinkId: linkId }, body: rule });
    expect(put.status).toBe(200);

    const arrivals: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { thread } = (await sandbox("/_sandbox/inbound", { method: "POST", body: { accountLinkId: linkId, profile: { platformId: `routing-check-${i}`, displayName: `Writer ${i}` }, content: `Hello ${i}` } })) as { thread: { id: string } };
      arrivals.push(thread.id);
      await sandbox("/_sandbox/clock/advance", { method: "POST", body: { seconds: 1 } });
    }
    await settle();

    const counts = new Map<string, number>();
    for (const id of arrivals.slice(0, 6)) counts.set(assigneeOf(id)!, (counts.get(assigneeOf(id)!) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ [ids.sam!]: 2, [ids.jonas!]: 2, [ids.aiko!]: 2 });
    expect(arrivals.slice(6).map(assigneeOf)).toEqual([null, null]);
    const queue = (await overview()).queue;
    expect(queue.items.map((q) => q.threadId)).toEqual(arrivals.slice(6));
    expect(queue.length).toBe(2);

    // The workload page shows the same: availability, capacity, the queue and its oldest wait.
    const workload = (await (await call(workloadRoute, "GET", "/api/inbox/workload", { cookie: manager })).json()) as TeamWorkload;
    expect(workload.queue).toMatchObject({ length: 2, oldestArrivedAt: queue.oldestArrivedAt });
    expect(workload.availability.find((a) => a.memberId === ids.sam)).toMatchObject({ available: true, capacity: 2, routed: 2 });

    // Sam archives one of theirs: the oldest waiting goes to Sam, the newest still waits.
    const sams = arrivals.slice(0, 6).filter((id) => assigneeOf(id) === ids.sam);
    const archived = await call(v2, "PATCH", `/api/v2/threads/${sams[0]}`, { cookie: cookies.sam, body: { archived: true } });
    expect(archived.status).toBe(200);
    // Routing's write waits behind members' own: it asks the budget at background priority.
    const budget = vi.spyOn(bff.runtime.gateway.budget, "run");
    await settle();
    expect(budget.mock.calls.map(([priority]) => priority)).not.toContain("write");
    expect(budget.mock.calls.map(([priority]) => priority)).toContain("background");
    budget.mockRestore();
    expect(assigneeOf(arrivals[6]!)).toBe(ids.sam);
    expect(assigneeOf(arrivals[7]!)).toBeNull();
    expect((await overview()).queue.items.map((q) => q.threadId)).toEqual([arrivals[7]]);

    // Nothing assigned twice: one thread.assigned per routed conversation, one log line each, by "routing", saying why.
    await settle();
    const events = ((await sandbox("/v2/events?afterSeq=0&limit=1000")) as { data: ApiEvent[] }).data;
    const assigned = events.filter((e) => e.type === "thread.assigned" && arrivals.includes(e.object.id));
    expect(assigned.map((e) => e.object.id).sort()).toEqual(arrivals.slice(0, 7).sort());
    const log = (await (await call(activityRoute, "GET", "/api/inbox/activity?limit=100", { cookie: manager })).json()) as { data: ActivityEntry[] };
    const routed = log.data.filter((e) => e.userName === "routing");
    expect(routed.map((e) => e.threadId).sort()).toEqual(arrivals.slice(0, 7).sort());
    expect(routed.find((e) => e.threadId === arrivals[6])?.after).toEqual({ assigneeId: ids.sam, reason: expect.stringMatching(/^balanced: Sam had \d+ open$/) });
  });

  it("a member who steps away gets nothing; coming back takes the oldest waiting", async () => {
    const jonas = cookies.jonas!;
    expect((await call(availabilityRoute, "PUT", "/api/inbox/availability", { cookie: jonas, body: { status: "away" } })).status).toBe(200);
    // Room for Jonas (one routing gave him is archived), but away: the waiting one stays.
    const mine = (await bff.runtime.routing.store.routedThreads()).filter((r) => r.memberId === ids.jonas);
    await sandbox(`/v2/threads/${mine[0]!.threadId}`, { method: "PATCH", body: { archived: true } });
    await settle();
    const waiting = (await overview()).queue.items[0]!.threadId;
    expect(assigneeOf(waiting)).toBeNull();
    const list = (await (await call(availabilityRoute, "GET", "/api/inbox/availability", { cookie: cookies.sam })).json()) as { data: { memberId: string; away: string | null }[] };
    expect(list.data.find((a) => a.memberId === ids.jonas)?.away).toBe("set");

    expect((await call(availabilityRoute, "PUT", "/api/inbox/availability", { cookie: jonas, body: { status: "available" } })).status).toBe(200);
    await bff.runtime.routing.drain();
    expect(assigneeOf(waiting)).toBe(ids.jonas);
    expect((await overview()).queue.length).toBe(0);
  });
});
