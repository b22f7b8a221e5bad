import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliver, kill, launch, startTwoInstances, until, type Instance } from "../testing/instances";

/**
 * Routing across two inbox instances (OS processes, lib/server/testing/instances) on one
 * Postgres database: every new conversation is routed exactly once, whichever instance hears of
 * it and however often (each event is delivered to both), when the instance that routes is
 * killed (the other takes over), and after it comes back. Runs when TEST_DATABASE_URL names a
 * server, in a database of its own.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("routing on several inbox instances", () => {
  let run: Awaited<ReturnType<typeof startTwoInstances>>;
  let linkId = "";
  let memberIds: string[] = [];

  beforeAll(async () => {
    run = await startTwoInstances(serverUrl!, "inbox_routing_instances");
    const { api, sql } = run;
    // Three members signed in, seen just now, available; balanced routing on one link, requests included.
    const members = (await (await api("GET", "/members?limit=100")).json()) as { data: { id: string; name: string }[] };
    memberIds = members.data.slice(0, 3).map((m) => m.id);
    for (const member of members.data.slice(0, 3)) {
      const userId = `routing-${member.id}`;
      await sql`insert into inbox."user" (id, name, email, member_id) values (${userId}, ${member.name}, ${`${member.id}@routing.test`}, ${member.id})`;
      await sql`insert into inbox.session (id, token, user_id, expires_at) values (${randomUUID()}, ${randomUUID()}, ${userId}, now() + interval '1 day')`;
      await sql`insert into inbox.routing_members (member_id, status, last_seen_at) values (${member.id}, 'available', now() + interval '1 hour')`;
    }
    const links = (await (await api("GET", "/account-links?limit=100")).json()) as { data: { id: string; status: string }[] };
    linkId = links.data.find((l) => l.status === "active")!.id;
    await sql`insert into inbox.routing_links (account_link_id, mode, member_ids, route_requests) values (${linkId}, 'balanced', ${sql.json(memberIds)}, true)`;
  }, 120_000);

  afterAll(() => run?.close());

  const api = (method: string, path: string, body?: unknown) => run.api(method, path, body);
  const eventsAfter = (seq: number) => run.eventsAfter(seq);
  const latestSeq = () => run.latestSeq();

  /** Someone new writes in; their events are delivered to each instance given, in turn. */
  async function arrive(n: number, to: Instance[]): Promise<string> {
    const before = await latestSeq();
    const made = await api("POST", "/_sandbox/inbound", { accountLinkId: linkId, profile: { platformId: `routing-instances-${n}`, displayName: `Visitor ${n}` }, content: `Hello ${n}` });
    expect(made.status).toBe(201);
    const { thread } = (await made.json()) as { thread: { id: string } };
    for (const event of await eventsAfter(before)) for (const instance of to) expect(await deliver(instance, event)).toBe(204);
    return thread.id;
  }

  const assignee = async (threadId: string) => ((await (await api("GET", `/threads/${threadId}`)).json()) as { assigneeId: string | null }).assigneeId;
  const allAssigned = async (threadIds: string[]) => (await Promise.all(threadIds.map(assignee))).every((id) => id !== null && memberIds.includes(id));

  it("routes each new conversation once: events heard by both, the routing instance killed, and back", async () => {
    const { a, b, sql } = run;
    const arrivals: string[] = [];
    // Each event reaches both instances, in either order.
    for (let n = 0; n < 6; n++) arrivals.push(await arrive(n, n % 2 ? [a, b] : [b, a]));
    await until(() => allAssigned(arrivals), 20_000);

    // The instance that replays (and so routes) dies; the other hears the next ones alone and takes over.
    const leader = a.eventReads > 0 ? a : b;
    const survivor = leader === a ? b : a;
    await kill(leader);
    for (let n = 6; n < 9; n++) arrivals.push(await arrive(n, [survivor]));
    await until(() => allAssigned(arrivals), 30_000);

    // Back again: both hear everything once more.
    await launch(leader, run.database.url);
    for (let n = 9; n < 11; n++) arrivals.push(await arrive(n, [leader, survivor]));
    await until(() => allAssigned(arrivals), 20_000);
    // Time for any second assignment to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const assigned = (await eventsAfter(0)).filter((e) => e.type === "thread.assigned" && arrivals.includes(e.object.id));
    expect(assigned.map((e) => e.object.id).sort()).toEqual([...arrivals].sort());
    const logged = await sql<{ thread_id: string; n: number }[]>`
      select thread_id, count(*)::int as n from inbox.activity where user_name = 'routing' group by thread_id`;
    expect(logged.map((r) => r.thread_id).sort()).toEqual([...arrivals].sort());
    expect(logged.every((r) => r.n === 1)).toBe(true);
    expect(await sql`select thread_id from inbox.routing_queue`).toHaveLength(0);
  }, 120_000);
});
