import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliver, kill, startTwoInstances, until, type Instance } from "../../testing/instances";

/**
 * Rules across two inbox instances (OS processes, lib/server/testing/instances) on one Postgres
 * database: "text contains 'pricing' → add a tag, assign to Sam" acts once per message,
 * whichever instance hears of it and however often (each event is delivered to both), and when
 * the instance that runs rules is killed (the other takes over). Runs when TEST_DATABASE_URL
 * names a server, in a database of its own.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("rules on several inbox instances", () => {
  let run: Awaited<ReturnType<typeof startTwoInstances>>;
  let linkId = "";
  let samId = "";
  let tagId = "";

  beforeAll(async () => {
    run = await startTwoInstances(serverUrl!, "inbox_rules_instances");
    const members = (await (await run.api("GET", "/members?limit=100")).json()) as { data: { id: string; email: string }[] };
    samId = members.data.find((m) => m.email === "sam@acme.test")!.id;
    const links = (await (await run.api("GET", "/account-links?limit=100")).json()) as { data: { id: string; status: string }[] };
    linkId = links.data.find((l) => l.status === "active")!.id;
    tagId = ((await (await run.api("POST", "/tags", { name: "Pricing (instances)" })).json()) as { id: string }).id;
    const actions = [{ type: "addTag", tagId }, { type: "assign", memberId: samId }];
    await run.sql`insert into inbox.routing_rules (id, name, position, trigger, conditions, actions)
      values ('rule_pricing', 'Pricing to Sam', 0, 'messageReceived', ${run.sql.json([{ type: "textContains", text: "pricing" }])}, ${run.sql.json(actions)})`;
  }, 120_000);

  afterAll(() => run?.close());

  /** Someone new asks about pricing; their events are delivered to each instance given, in turn. */
  async function ask(n: number, to: Instance[]): Promise<{ id: string; contactId: string }> {
    const before = await run.latestSeq();
    const made = await run.api("POST", "/_sandbox/inbound", { accountLinkId: linkId, profile: { platformId: `rules-instances-${n}`, displayName: `Asker ${n}` }, content: `What is your pricing? (${n})` });
    expect(made.status).toBe(201);
    const { thread } = (await made.json()) as { thread: { id: string; contactId: string } };
    for (const event of await run.eventsAfter(before)) for (const instance of to) expect(await deliver(instance, event)).toBe(204);
    return thread;
  }

  const ruled = async (threads: { id: string; contactId: string }[]) => {
    for (const thread of threads) {
      const [held, contact] = await Promise.all([(await run.api("GET", `/threads/${thread.id}`)).json(), (await run.api("GET", `/contacts/${thread.contactId}`)).json()]);
      if ((held as { assigneeId: string | null }).assigneeId !== samId || !(contact as { tagIds: string[] }).tagIds.includes(tagId)) return false;
    }
    return true;
  };

  it("acts once per message: events heard by both, the instance running rules killed", async () => {
    const { a, b, sql } = run;
    const asked: { id: string; contactId: string }[] = [];
    for (let n = 0; n < 4; n++) asked.push(await ask(n, n % 2 ? [a, b] : [b, a]));
    await until(() => ruled(asked), 20_000);

    // The instance that replays (and so runs rules) dies; the other hears the next ones alone and takes over.
    const leader = a.eventReads > 0 ? a : b;
    const survivor = leader === a ? b : a;
    await kill(leader);
    for (let n = 4; n < 6; n++) asked.push(await ask(n, [survivor]));
    await until(() => ruled(asked), 30_000);
    // Time for any second run to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const events = await run.eventsAfter(0);
    const threadIds = asked.map((t) => t.id).sort();
    expect(events.filter((e) => e.type === "thread.assigned" && threadIds.includes(e.object.id)).map((e) => e.object.id).sort()).toEqual(threadIds);
    const contactIds = asked.map((t) => t.contactId).sort();
    expect(events.filter((e) => e.type === "contact.tagsChanged" && contactIds.includes(e.object.id)).map((e) => e.object.id).sort()).toEqual(contactIds);
    const logged = await sql<{ thread_id: string; n: number }[]>`
      select thread_id, count(*)::int as n from inbox.activity where user_name = 'Rule “Pricing to Sam”' group by thread_id`;
    expect(logged.map((r) => r.thread_id).sort()).toEqual(threadIds);
    expect(logged.every((r) => r.n === 2)).toBe(true);
    expect(await sql`select event_id from inbox.rule_work`).toHaveLength(0);
  }, 120_000);
});
