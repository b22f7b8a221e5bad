import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { event as eventSchema, eventDataSchema, isKnownEventType, type ApiEvent } from "@/lib/api/events";
import { message } from "@/lib/api/messages";
import { page } from "@/lib/api/primitives";
import { thread, threadDeleteResult, typingResult, type Thread } from "@/lib/api/threads";
import { accountLinks, contacts, contactTags, members, messages, statuses, tags, teams, threads } from "../schema";
import { rowsOf } from "../store";
import { expectError, expectOk, sandboxForFile, TOKENS } from "../testing/harness";

const threadPage = page(thread);
const messagePage = page(message);

const t = sandboxForFile();
let acmeId: string;
let globexId: string;

beforeAll(async () => {
  ({ acme: acmeId, globex: globexId } = await t.teamIds());
}, 60_000);

const db = () => t.sandbox.context.store.db;

/** Every page of GET /threads with `query`, following `nextCursor`. */
async function listAll(query: string, token: string = TOKENS.acme): Promise<Thread[]> {
  const out: Thread[] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? "&" : "";
    const path: string = `/threads?${query}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const body = expectOk(await t.request("GET", path, { token }), threadPage);
    out.push(...body.data);
    cursor = body.nextCursor;
  } while (cursor);
  return out;
}

/** The events a piece of work appends, each checked against the contract. */
async function eventsOf(work: () => Promise<unknown>): Promise<ApiEvent[]> {
  const seen: ApiEvent[] = [];
  const off = t.sandbox.context.store.onEvents((_team, events) => seen.push(...events));
  try {
    await work();
  } finally {
    off();
  }
  for (const e of seen) {
    expect(eventSchema.safeParse(e).success).toBe(true);
    if (isKnownEventType(e.type)) expect(eventDataSchema(e.type).safeParse(e.data).success, JSON.stringify(e)).toBe(true);
  }
  return seen;
}

async function acmeThreads() {
  return db()
    .select({ row: threads, contactAssigneeId: contacts.assigneeId, statusId: contacts.statusId })
    .from(threads)
    .leftJoin(contacts, eq(contacts.id, threads.contactId))
    .where(eq(threads.teamId, acmeId));
}

async function linkOf(predicate: (l: typeof accountLinks.$inferSelect) => boolean) {
  const links = await db().select().from(accountLinks).where(eq(accountLinks.teamId, acmeId)).orderBy(asc(accountLinks.id));
  const link = links.find(predicate);
  if (!link) throw new Error("no such account link in the seed");
  return link;
}

async function threadOn(linkId: string, extra?: (r: typeof threads.$inferSelect) => boolean) {
  const rows = await db().select().from(threads).where(eq(threads.accountLinkId, linkId)).orderBy(asc(threads.id));
  const row = rows.find((r) => (extra ? extra(r) : true));
  if (!row) throw new Error("no such thread in the seed");
  return row;
}

const ids = (list: { id: string }[]) => list.map((x) => x.id).sort();

describe("GET /threads", () => {
  it("answers the inbox by default, newest activity first, 50 per page", async () => {
    const body = expectOk(await t.request("GET", "/threads"), threadPage);
    expect(body.data).toHaveLength(50);
    expect(body.nextCursor).not.toBeNull();
    for (const item of body.data) {
      expect(item.archived).toBe(false);
      expect(item.acceptanceState).toBe("accepted");
      expect(item.isRequest).toBe(false);
    }
    const keys = body.data.map((x) => [x.activity.at, x.id] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? 1 : -1) : a[0] < b[0] ? 1 : -1));
    expect(keys).toEqual(sorted);
  });

  it("pages through every folder exactly as lib/api defines it", async () => {
    const all = await acmeThreads();
    const expected = {
      inbox: all.filter((x) => !x.row.archived && x.row.acceptanceState === "accepted"),
      noReply: all.filter((x) => !x.row.archived && x.row.acceptanceState === "accepted" && x.row.lastDirection === "inbound"),
      requests: all.filter((x) => !x.row.archived && x.row.acceptanceState === "pending"),
      archived: all.filter((x) => x.row.archived),
      all,
    };
    for (const [folder, rows] of Object.entries(expected)) {
      expect(rows.length, folder).toBeGreaterThan(0);
      const listed = await listAll(`folder=${folder}`);
      expect(new Set(ids(listed)).size, folder).toBe(listed.length);
      expect(ids(listed), folder).toEqual(rows.map((x) => x.row.id).sort());
    }
    for (const request of await listAll("folder=requests")) expect(request.isRequest).toBe(true);
  });

  it("orders oldest first with order=oldest, across pages", async () => {
    const newest = await listAll("folder=all");
    const oldest = await listAll("folder=all&order=oldest");
    expect(oldest.map((x) => x.id)).toEqual([...newest].reverse().map((x) => x.id));
  });

  it("pages with small limits without gaps or repeats", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/threads?folder=all&limit=7${cursor ? `&cursor=${cursor}` : ""}`;
      const body = expectOk(await t.request("GET", path), threadPage);
      expect(body.data.length).toBeLessThanOrEqual(7);
      seen.push(...body.data.map((x) => x.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.length).toBe((await acmeThreads()).length);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("answers 400 invalidCursor for a cursor reused with other filters, or malformed", async () => {
    const first = expectOk(await t.request("GET", "/threads?folder=all&limit=5"), threadPage);
    const cursor = first.nextCursor!;
    // The same filters with another limit, or other expansions, is fine.
    expectOk(await t.request("GET", `/threads?folder=all&limit=9&cursor=${cursor}`), threadPage);
    const expanded = expectOk(await t.request("GET", `/threads?folder=all&expand=profile&cursor=${cursor}`), threadPage);
    expect(expanded.data[0]?.profile).toBeDefined();
    expectError(await t.request("GET", `/threads?folder=inbox&limit=5&cursor=${cursor}`), 400, "invalidCursor");
    expectError(await t.request("GET", `/threads?folder=all&order=oldest&cursor=${cursor}`), 400, "invalidCursor");
    expectError(await t.request("GET", `/threads?folder=all&cursor=not-a-cursor`), 400, "invalidCursor");
    const forged = Buffer.from(JSON.stringify({ f: "x", p: ["2026-01-01T00:00:00.000Z", "thr1"] })).toString("base64url");
    expectError(await t.request("GET", `/threads?cursor=${forged}`), 400, "invalidCursor");
    // A message-list cursor is not a thread-list cursor.
    const someThread = first.data[0]!.id;
    const messagesPage = expectOk(await t.request("GET", `/threads/${someThread}/messages?limit=1`), messagePage);
    if (messagesPage.nextCursor) {
      expectError(await t.request("GET", `/threads?cursor=${messagesPage.nextCursor}`), 400, "invalidCursor");
    }
  });

  it("filters by account link (repeatable), platform, contact and campaign", async () => {
    const all = await acmeThreads();
    const [a, b] = [...new Set(all.map((x) => x.row.accountLinkId))].sort();
    const byLinks = await listAll(`folder=all&accountLinkId=${a}&accountLinkId=${b}`);
    expect(ids(byLinks)).toEqual(all.filter((x) => x.row.accountLinkId === a || x.row.accountLinkId === b).map((x) => x.row.id).sort());

    const byPlatform = await listAll("folder=all&platform=whatsapp");
    expect(ids(byPlatform)).toEqual(all.filter((x) => x.row.platform === "whatsapp").map((x) => x.row.id).sort());

    const contactId = all.find((x) => x.row.contactId)!.row.contactId!;
    const byContact = await listAll(`folder=all&contactId=${contactId}`);
    expect(ids(byContact)).toEqual(all.filter((x) => x.row.contactId === contactId).map((x) => x.row.id).sort());

    const campaignId = all.find((x) => x.row.campaignId)!.row.campaignId!;
    const byCampaign = await listAll(`folder=all&campaignId=${campaignId}`);
    expect(byCampaign.length).toBeGreaterThan(0);
    expect(ids(byCampaign)).toEqual(all.filter((x) => x.row.campaignId === campaignId).map((x) => x.row.id).sort());
    expect(await listAll("folder=all&campaignId=cmpnone")).toEqual([]);
  });

  it("filters by tag and status, by ID or by name in any case; an unknown one matches nothing", async () => {
    const all = await acmeThreads();
    const [vip] = await db().select().from(tags).where(and(eq(tags.teamId, acmeId), eq(tags.name, "VIP")));
    const [partner] = await db().select().from(tags).where(and(eq(tags.teamId, acmeId), eq(tags.name, "Partner")));
    const tagged = await db().select().from(contactTags).where(inArray(contactTags.tagId, [vip!.id, partner!.id]));
    const taggedContacts = new Set(tagged.map((r) => r.contactId));
    const expected = all.filter((x) => x.row.contactId && taggedContacts.has(x.row.contactId)).map((x) => x.row.id).sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await listAll(`folder=all&tag=vip&tag=${partner!.id}`))).toEqual(expected);
    expect(ids(await listAll(`folder=all&tag=VIP&tag=Partner`))).toEqual(expected);
    expect(await listAll("folder=all&tag=NoSuchTag")).toEqual([]);

    const [newStatus] = await db().select().from(statuses).where(and(eq(statuses.teamId, acmeId), eq(statuses.name, "New")));
    const withStatus = all.filter((x) => x.statusId === newStatus!.id).map((x) => x.row.id).sort();
    expect(withStatus.length).toBeGreaterThan(0);
    expect(ids(await listAll("folder=all&status=new"))).toEqual(withStatus);
    expect(ids(await listAll(`folder=all&status=${newStatus!.id}`))).toEqual(withStatus);
    expect(await listAll("folder=all&status=Nope")).toEqual([]);
  });

  it("filters on the effective assignee: the thread's own, else its contact's", async () => {
    const all = await acmeThreads();
    const effective = (x: (typeof all)[number]) => x.row.ownAssigneeId ?? x.contactAssigneeId;
    const viaContact = all.find((x) => !x.row.ownAssigneeId && x.contactAssigneeId)!;
    const memberId = viaContact.contactAssigneeId!;
    const listed = await listAll(`folder=all&assigneeId=${memberId}`);
    expect(ids(listed)).toEqual(all.filter((x) => effective(x) === memberId).map((x) => x.row.id).sort());
    expect(listed.find((x) => x.id === viaContact.row.id)).toMatchObject({ assigneeId: memberId, assigneeSource: "contact" });
    const own = listed.find((x) => all.find((y) => y.row.id === x.id)!.row.ownAssigneeId === memberId);
    if (own) expect(own.assigneeSource).toBe("thread");

    const unassigned = await listAll("folder=all&unassigned=true");
    expect(ids(unassigned)).toEqual(all.filter((x) => !effective(x)).map((x) => x.row.id).sort());
    for (const x of unassigned) expect(x).toMatchObject({ assigneeId: null, assigneeSource: null });
    const assigned = await listAll("folder=all&unassigned=false");
    expect(ids(assigned)).toEqual(all.filter((x) => effective(x)).map((x) => x.row.id).sort());
  });

  it("searches names, handles and the latest preview case-insensitively with q", async () => {
    const all = await acmeThreads();
    const sample = all.find((x) => x.row.lastPreview && x.row.lastPreview.length > 12)!;
    const word = sample.row.lastPreview!.slice(2, 10).toUpperCase();
    const found = await listAll(`folder=all&q=${encodeURIComponent(word)}`);
    expect(found.map((x) => x.id)).toContain(sample.row.id);
    for (const x of found) expect(all.find((y) => y.row.id === x.id)!.row.searchText).toContain(word.toLowerCase());

    const [withName] = rowsOf<{ id: string; display_name: string }>(
      await db().execute(
        sql`select t.id, p.display_name from sandbox.threads t join sandbox.profiles p on p.id = t.profile_id where t.team_id = ${acmeId} and p.display_name is not null limit 1`,
      ),
    );
    const byName = await listAll(`folder=all&q=${encodeURIComponent(withName!.display_name.toLowerCase())}`);
    expect(byName.map((x) => x.id)).toContain(withName!.id);
    expect(await listAll("folder=all&q=zzqqxxnotfound")).toEqual([]);
    // LIKE wildcards are plain characters.
    expect(await listAll("folder=all&q=%25%25%25")).toEqual([]);
  });

  it("embeds contact, profile, account link and assignee with expand", async () => {
    const body = expectOk(
      await t.request("GET", "/threads?folder=all&limit=30&expand=contact&expand=profile&expand=accountLink&expand=assignee"),
      threadPage,
    );
    for (const x of body.data) {
      expect(x.profile?.id).toBe(x.profileId);
      expect(x.accountLink?.id).toBe(x.accountLinkId);
      expect(x.contact === null ? null : x.contact?.id).toBe(x.contactId);
      if (x.contact) {
        expect(x.contact.profiles.map((p) => p.id)).toContain(x.profileId);
        expect(Array.isArray(x.contact.tagIds)).toBe(true);
      }
      expect(x.assignee === null ? null : x.assignee?.id).toBe(x.assigneeId);
    }
    const plain = expectOk(await t.request("GET", "/threads?limit=1"), threadPage);
    expect(plain.data[0]).not.toHaveProperty("contact");
    expect(plain.data[0]).not.toHaveProperty("profile");
  });

  it("rejects bad queries with 400 invalidRequest", async () => {
    for (const query of [
      "limit=0",
      "limit=101",
      "limit=abc",
      "limit=1.5",
      "expand=contact&expand=profile&expand=accountLink&expand=assignee&expand=contact",
      "expand=tags",
      "tag[]=VIP",
      "accountLinkId=al0001,al0002",
      "folder=spam",
      "order=random",
      "unassigned=yes",
      "accountLinkId=AL-1",
      "q=",
      "bogus[]=1",
      "folder=inbox&folder=all",
    ]) {
      expectError(await t.request("GET", `/threads?${query}`), 400, "invalidRequest");
    }
  });

  it("keeps teams apart, and answers platformNotAvailable for a platform the team cannot use", async () => {
    const globexThreads = await listAll("folder=all", TOKENS.globex);
    const globexRows = await db().select({ id: threads.id }).from(threads).where(eq(threads.teamId, globexId));
    expect(ids(globexThreads)).toEqual(ids(globexRows));
    const acme = new Set((await acmeThreads()).map((x) => x.row.id));
    for (const x of globexThreads) expect(acme.has(x.id)).toBe(false);
    const error = expectError(await t.request("GET", "/threads?platform=telegram", { token: TOKENS.globex }), 403, "platformNotAvailable");
    expect(error.details).toMatchObject({ platform: "telegram" });
  });
});

describe("GET /threads/{threadId}", () => {
  it("answers the thread, with expand", async () => {
    const [row] = (await acmeThreads()).filter((x) => x.row.contactId);
    const plain = expectOk(await t.request("GET", `/threads/${row!.row.id}`), thread);
    expect(plain.id).toBe(row!.row.id);
    const expanded = expectOk(await t.request("GET", `/threads/${row!.row.id}?expand=contact&expand=accountLink`), thread);
    expect(expanded.contact?.id).toBe(row!.row.contactId);
    expect(expanded.accountLink?.id).toBe(row!.row.accountLinkId);
    expectError(await t.request("GET", `/threads/${row!.row.id}?expand=nope`), 400, "invalidRequest");
  });

  it("answers 404 threadNotFound for unknown, malformed and other teams' IDs on every thread endpoint", async () => {
    const [globexThread] = await db().select().from(threads).where(eq(threads.teamId, globexId)).limit(1);
    for (const id of ["thrnope", "THR0001", "thr-1", globexThread!.id]) {
      expectError(await t.request("GET", `/threads/${id}`), 404, "threadNotFound");
      expectError(await t.request("PATCH", `/threads/${id}`, { body: { unread: true } }), 404, "threadNotFound");
      expectError(await t.request("DELETE", `/threads/${id}`), 404, "threadNotFound");
      expectError(await t.request("POST", `/threads/${id}/typing`), 404, "threadNotFound");
      expectError(await t.request("GET", `/threads/${id}/messages`), 404, "threadNotFound");
    }
    // The owner still sees it.
    expectOk(await t.request("GET", `/threads/${globexThread!.id}`, { token: TOKENS.globex }), thread);
  });

  it("answers 403 platformNotAvailable for a thread on a platform the team can no longer use", async () => {
    const row = await threadOn((await linkOf((l) => l.platform === "x")).id);
    const [team] = await db().select().from(teams).where(eq(teams.id, acmeId));
    await db().update(teams).set({ platforms: team!.platforms.filter((p) => p !== "x") }).where(eq(teams.id, acmeId));
    try {
      for (const [method, path] of [
        ["GET", `/threads/${row.id}`],
        ["PATCH", `/threads/${row.id}`],
        ["DELETE", `/threads/${row.id}`],
        ["POST", `/threads/${row.id}/typing`],
        ["GET", `/threads/${row.id}/messages`],
      ] as const) {
        const error = expectError(await t.request(method, path, method === "PATCH" ? { body: { unread: true } } : {}), 403, "platformNotAvailable");
        expect(error.details).toMatchObject({ platform: "x" });
      }
      const listed = await listAll("folder=all");
      expect(listed.some((x) => x.id === row.id)).toBe(false);
    } finally {
      await db().update(teams).set({ platforms: team!.platforms }).where(eq(teams.id, acmeId));
    }
    expectOk(await t.request("GET", `/threads/${row.id}`), thread);
  });
});

describe("PATCH /threads/{threadId}", () => {
  it("archives and unarchives, moving the thread between folders, one event per change", async () => {
    const row = (await acmeThreads()).find((x) => !x.row.archived && x.row.acceptanceState === "accepted")!.row;
    const events = await eventsOf(async () => {
      const archived = expectOk(await t.request("PATCH", `/threads/${row.id}`, { body: { archived: true } }), thread);
      expect(archived.archived).toBe(true);
    });
    expect(events.map((e) => [e.type, e.object.id, e.object.url, e.data])).toEqual([["thread.archived", row.id, `/threads/${row.id}`, {}]]);
    expect((await listAll("folder=archived")).map((x) => x.id)).toContain(row.id);
    expect((await listAll("folder=inbox")).map((x) => x.id)).not.toContain(row.id);

    // The same value again changes nothing and records nothing.
    expect(await eventsOf(() => t.request("PATCH", `/threads/${row.id}`, { body: { archived: true } }))).toEqual([]);

    const back = await eventsOf(async () => {
      expectOk(await t.request("PATCH", `/threads/${row.id}`, { body: { archived: false } }), thread);
    });
    expect(back.map((e) => e.type)).toEqual(["thread.unarchived"]);
    expect((await listAll("folder=inbox")).map((x) => x.id)).toContain(row.id);
  });

  it("sets unread and typing indicators, leaving omitted fields unchanged", async () => {
    const row = (await acmeThreads()).find((x) => !x.row.unread && x.row.typingIndicators === "teamDefault")!.row;
    const events = await eventsOf(async () => {
      const updated = expectOk(await t.request("PATCH", `/threads/${row.id}`, { body: { unread: true, typingIndicators: "disabled" } }), thread);
      expect(updated).toMatchObject({ unread: true, typingIndicators: "disabled", archived: row.archived });
    });
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ["thread.unreadChanged", { unread: true }],
      ["thread.typingIndicatorsChanged", { typingIndicators: "disabled" }],
    ]);
    const empty = await eventsOf(async () => {
      expectOk(await t.request("PATCH", `/threads/${row.id}`, { body: {} }), thread);
    });
    expect(empty).toEqual([]);
    expectOk(await t.request("PATCH", `/threads/${row.id}`, { body: { unread: false, typingIndicators: "teamDefault" } }), thread);
  });

  it("assigns and unassigns the thread's own assignee, falling back to the contact's", async () => {
    const all = await acmeThreads();
    const x = all.find((y) => !y.row.ownAssigneeId && y.contactAssigneeId)!;
    const [other] = await db()
      .select()
      .from(members)
      .where(and(eq(members.teamId, acmeId), sql`${members.id} <> ${x.contactAssigneeId}`))
      .limit(1);

    const assigned = await eventsOf(async () => {
      const body = expectOk(await t.request("PATCH", `/threads/${x.row.id}`, { body: { assigneeId: other!.id } }), thread);
      expect(body).toMatchObject({ assigneeId: other!.id, assigneeSource: "thread" });
    });
    expect(assigned.map((e) => [e.type, e.data])).toEqual([["thread.assigned", { assigneeId: other!.id }]]);

    const unassigned = await eventsOf(async () => {
      const body = expectOk(await t.request("PATCH", `/threads/${x.row.id}`, { body: { assigneeId: null } }), thread);
      expect(body).toMatchObject({ assigneeId: x.contactAssigneeId, assigneeSource: "contact" });
    });
    expect(unassigned.map((e) => [e.type, e.data])).toEqual([["thread.unassigned", { assigneeId: null }]]);
    expect(await eventsOf(() => t.request("PATCH", `/threads/${x.row.id}`, { body: { assigneeId: null } }))).toEqual([]);
  });

  it("answers 404 memberNotFound for an assignee who is not on the team", async () => {
    const row = (await acmeThreads())[0]!.row;
    const [globexMember] = await db().select().from(members).where(eq(members.teamId, globexId)).limit(1);
    expectError(await t.request("PATCH", `/threads/${row.id}`, { body: { assigneeId: "memnobody" } }), 404, "memberNotFound");
    expectError(await t.request("PATCH", `/threads/${row.id}`, { body: { assigneeId: globexMember!.id } }), 404, "memberNotFound");
  });

  it("rejects bad bodies with 400 invalidRequest", async () => {
    const row = (await acmeThreads())[0]!.row;
    for (const init of [
      { rawBody: "{not json", headers: { "content-type": "application/json" } },
      { rawBody: "" },
      { body: { archived: "yes" } },
      { body: { unread: 1 } },
      { body: { typingIndicators: "sometimes" } },
      { body: { assigneeId: "Not An Id" } },
      { body: { archived: "true", colour: "red" } },
      { body: [] },
      { body: null },
    ]) {
      expectError(await t.request("PATCH", `/threads/${row.id}`, init), 400, "invalidRequest");
    }
  });
});

describe("DELETE /threads/{threadId}", () => {
  it("deletes remotely too when the account can, and its messages with it", async () => {
    const link = await linkOf((l) => l.status === "active" && l.capabilities.includes("thread:delete"));
    const row = await threadOn(link.id, (r) => !r.restrictions.includes("thread:delete"));
    const events = await eventsOf(async () => {
      expect(expectOk(await t.request("DELETE", `/threads/${row.id}`), threadDeleteResult)).toEqual({ scope: "remoteAndLocal" });
    });
    expect(events.map((e) => [e.type, e.object.id, e.data])).toEqual([["thread.deleted", row.id, { scope: "remoteAndLocal" }]]);
    expectError(await t.request("GET", `/threads/${row.id}`), 404, "threadNotFound");
    expect(await db().select().from(messages).where(eq(messages.threadId, row.id))).toEqual([]);
    expectError(await t.request("DELETE", `/threads/${row.id}`), 404, "threadNotFound");
  });

  it("deletes locally only when the account lacks thread:delete or is not active", async () => {
    const noCapability = await threadOn((await linkOf((l) => !l.capabilities.includes("thread:delete"))).id);
    expect(expectOk(await t.request("DELETE", `/threads/${noCapability.id}`), threadDeleteResult)).toEqual({ scope: "local" });
    const paused = await threadOn((await linkOf((l) => l.status === "paused" && l.capabilities.includes("thread:delete"))).id);
    expect(expectOk(await t.request("DELETE", `/threads/${paused.id}`), threadDeleteResult)).toEqual({ scope: "local" });
  });
});

describe("POST /threads/{threadId}/typing", () => {
  it("answers 202 sent, or skipped when the thread's typing indicators are disabled", async () => {
    const link = await linkOf((l) => l.status === "active" && l.capabilities.includes("thread:typing"));
    const rows = await db().select().from(threads).where(eq(threads.accountLinkId, link.id));
    const open = rows.find((r) => !r.restrictions.includes("thread:typing"))!;
    await db().update(threads).set({ typingIndicators: "enabled" }).where(eq(threads.id, open.id));
    expect(expectOk(await t.request("POST", `/threads/${open.id}/typing`), typingResult, 202)).toEqual({ status: "sent", reason: null });
    await db().update(threads).set({ typingIndicators: "disabled" }).where(eq(threads.id, open.id));
    expect(expectOk(await t.request("POST", `/threads/${open.id}/typing`), typingResult, 202)).toEqual({
      status: "skipped",
      reason: "typingIndicatorsDisabled",
    });
    await db().update(threads).set({ typingIndicators: open.typingIndicators }).where(eq(threads.id, open.id));
  });

  it("answers the capability rule's errors", async () => {
    const narrowed = await linkOf((l) => l.platform === "instagram" && !l.capabilities.includes("thread:typing"));
    const e1 = expectError(await t.request("POST", `/threads/${(await threadOn(narrowed.id)).id}/typing`), 422, "capabilityNotSupported");
    expect(e1.details).toEqual({ capability: "thread:typing" });

    const linkedin = await linkOf((l) => l.platform === "linkedin");
    expectError(await t.request("POST", `/threads/${(await threadOn(linkedin.id)).id}/typing`), 422, "capabilityNotSupported");

    const active = await linkOf((l) => l.status === "active" && l.capabilities.includes("thread:typing"));
    const restricted = await threadOn(active.id);
    await db().update(threads).set({ restrictions: ["thread:typing"] }).where(eq(threads.id, restricted.id));
    const e2 = expectError(await t.request("POST", `/threads/${restricted.id}/typing`), 422, "threadRestricted");
    expect(e2.details).toEqual({ capability: "thread:typing" });
    await db().update(threads).set({ restrictions: restricted.restrictions }).where(eq(threads.id, restricted.id));

    const paused = await linkOf((l) => l.status === "paused");
    const e3 = expectError(await t.request("POST", `/threads/${(await threadOn(paused.id)).id}/typing`), 409, "accountLinkDisconnected");
    expect(e3.details).toMatchObject({ status: "paused", pauseReasons: ["platformLimited"] });
  });
});

describe("GET /threads/{threadId}/messages", () => {
  it("pages the thread's messages newest first, every message once", async () => {
    const [busiest] = await db()
      .select({ threadId: messages.threadId, n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.teamId, acmeId))
      .groupBy(messages.threadId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const seen: { id: string; sentAt: string; threadId: string }[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/threads/${busiest!.threadId}/messages?limit=13${cursor ? `&cursor=${cursor}` : ""}`;
      const body = expectOk(await t.request("GET", path), messagePage);
      seen.push(...body.data);
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(busiest!.n);
    expect(new Set(seen.map((m) => m.id)).size).toBe(seen.length);
    for (const m of seen) expect(m.threadId).toBe(busiest!.threadId);
    for (let i = 1; i < seen.length; i++) expect(seen[i - 1]!.sentAt >= seen[i]!.sentAt).toBe(true);

    const first = expectOk(await t.request("GET", `/threads/${busiest!.threadId}/messages`), messagePage);
    expect(first.data.length).toBe(Math.min(50, busiest!.n));
  });

  it("rejects another thread's cursor and bad paging", async () => {
    const rows = await db()
      .select({ id: messages.threadId })
      .from(messages)
      .where(eq(messages.teamId, acmeId))
      .groupBy(messages.threadId)
      .having(sql`count(*) >= 2`)
      .orderBy(messages.threadId)
      .limit(2);
    const [a, b] = rows;
    const page1 = expectOk(await t.request("GET", `/threads/${a!.id}/messages?limit=1`), messagePage);
    expect(page1.nextCursor).not.toBeNull();
    expectError(await t.request("GET", `/threads/${b!.id}/messages?cursor=${page1.nextCursor}`), 400, "invalidCursor");
    expectError(await t.request("GET", `/threads/${a!.id}/messages?cursor=%%%`), 400, "invalidCursor");
    for (const query of ["limit=0", "limit=101", "limit=x", "limit[]=3"]) {
      expectError(await t.request("GET", `/threads/${a!.id}/messages?${query}`), 400, "invalidRequest");
    }
  });
});
