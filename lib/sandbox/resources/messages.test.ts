import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contact as contactSchema } from "@/lib/api/contacts";
import { event as eventSchema, eventDataSchema, isKnownEventType, type ApiEvent } from "@/lib/api/events";
import { attachmentUrl, message, messageHistory, reactionsResult, sendMessageResult, type Message } from "@/lib/api/messages";
import { page } from "@/lib/api/primitives";
import { thread } from "@/lib/api/threads";
import { accountLinks, contacts, idempotencyKeys, messages, profiles, teams, threads } from "../schema";
import { expectError, expectOk, sandboxForFile, TOKENS } from "../testing/harness";

const t = sandboxForFile();
let acmeId: string;
let globexId: string;

beforeAll(async () => {
  ({ acme: acmeId, globex: globexId } = await t.teamIds());
}, 60_000);

const db = () => t.sandbox.context.store.db;
const clock = () => t.sandbox.context.store.clock;

type LinkRow = typeof accountLinks.$inferSelect;
type ThreadRow = typeof threads.$inferSelect;

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

async function link(teamId: string, predicate: (l: LinkRow) => boolean): Promise<LinkRow> {
  const rows = await db().select().from(accountLinks).where(eq(accountLinks.teamId, teamId)).orderBy(asc(accountLinks.id));
  const found = rows.find(predicate);
  if (!found) throw new Error("no such account link in the seed");
  return found;
}

const activeInstagram = () => link(acmeId, (l) => l.platform === "instagram" && l.status === "active" && l.capabilities.includes("message:edit"));

/** An accepted, unrestricted thread on the link (the first by ID not in `skip`). */
async function openThread(linkId: string, skip: string[] = []): Promise<ThreadRow> {
  const rows = await db().select().from(threads).where(eq(threads.accountLinkId, linkId)).orderBy(asc(threads.id));
  const found = rows.find((r) => r.restrictions.length === 0 && r.acceptanceState === "accepted" && !skip.includes(r.id));
  if (!found) throw new Error("no open thread on that link");
  return found;
}

async function send(body: unknown, init: { token?: string; key?: string } = {}) {
  return t.request("POST", "/messages", { body, token: init.token, headers: init.key ? { "idempotency-key": init.key } : {} });
}

/** A message just sent through the API in a thread of the link, for edit/unsend/react tests. */
async function freshMessage(linkRow: LinkRow, content = "Hello from the tests"): Promise<Message> {
  const row = await openThread(linkRow.id);
  return expectOk(await send({ target: { type: "thread", threadId: row.id }, content }), sendMessageResult, 201).message;
}

async function countMessages(threadId: string): Promise<number> {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.threadId, threadId));
  return row!.n;
}

describe("GET /messages/{messageId}", () => {
  it("answers the message, and 404 messageNotFound for unknown, malformed and other teams' IDs", async () => {
    const [row] = await db().select().from(messages).where(eq(messages.teamId, acmeId)).limit(1);
    expect(expectOk(await t.request("GET", `/messages/${row!.id}`), message).id).toBe(row!.id);
    const [theirs] = await db().select().from(messages).where(eq(messages.teamId, globexId)).limit(1);
    for (const id of ["msgnope", "MSG1", "msg_1", theirs!.id]) {
      expectError(await t.request("GET", `/messages/${id}`), 404, "messageNotFound");
      expectError(await t.request("PATCH", `/messages/${id}`, { body: { content: "x" } }), 404, "messageNotFound");
      expectError(await t.request("DELETE", `/messages/${id}?scope=all`), 404, "messageNotFound");
      expectError(await t.request("GET", `/messages/${id}/history`), 404, "messageNotFound");
      expectError(await t.request("POST", `/messages/${id}/reactions`, { body: { emoji: "👍" } }), 404, "messageNotFound");
      expectError(await t.request("DELETE", `/messages/${id}/reactions?emoji=x`), 404, "messageNotFound");
      expectError(await t.request("GET", `/messages/${id}/attachments/0`), 404, "messageNotFound");
    }
    expectOk(await t.request("GET", `/messages/${theirs!.id}`, { token: TOKENS.globex }), message);
  });

  it("answers 403 platformNotAvailable for a message on a platform the team can no longer use", async () => {
    const [row] = await db().select().from(messages).where(eq(messages.accountLinkId, (await link(acmeId, (l) => l.platform === "x")).id)).limit(1);
    const [team] = await db().select().from(teams).where(eq(teams.id, acmeId));
    await db().update(teams).set({ platforms: team!.platforms.filter((p) => p !== "x") }).where(eq(teams.id, acmeId));
    try {
      expectError(await t.request("GET", `/messages/${row!.id}`), 403, "platformNotAvailable");
      expectError(await t.request("GET", `/messages/${row!.id}/history`), 403, "platformNotAvailable");
      expectError(await t.request("POST", `/messages/${row!.id}/reactions`, { body: { emoji: "👍" } }), 403, "platformNotAvailable");
      expectError(await send({ target: { type: "thread", threadId: row!.threadId }, content: "hi" }), 403, "platformNotAvailable");
    } finally {
      await db().update(teams).set({ platforms: team!.platforms }).where(eq(teams.id, acmeId));
    }
  });
});

describe("POST /messages", () => {
  it("sends in a thread: 201 with the message and the thread moved on, and message.sent", async () => {
    const linkRow = await activeInstagram();
    const row = await openThread(linkRow.id);
    let result!: ReturnType<typeof sendMessageResult.parse>;
    const events = await eventsOf(async () => {
      result = expectOk(await send({ target: { type: "thread", threadId: row.id }, content: "  Thanks, talk soon!  " }), sendMessageResult, 201);
    });
    expect(result.message).toMatchObject({
      threadId: row.id,
      direction: "outbound",
      content: "  Thanks, talk soon!  ",
      accountLinkId: linkRow.id,
      sentBy: { type: "api" },
      editedAt: null,
      deletedAt: null,
      attachments: [],
      reactions: [],
      platformData: { _tag: "instagram" },
    });
    expect(result.message.platformId).not.toBeNull();
    expect(result.thread.id).toBe(row.id);
    expect(result.thread.lastMessage).toMatchObject({ id: result.message.id, direction: "outbound", sentAt: result.message.sentAt });
    expect(result.thread.activity.at).toBe(result.message.sentAt);
    expect(result.thread.activity.preview).toBe("  Thanks, talk soon!  ");
    expect(events.map((e) => [e.type, e.object.id, e.data])).toEqual([
      ["message.sent", result.message.id, { threadId: row.id, messageId: result.message.id }],
    ]);
    expect(expectOk(await t.request("GET", `/messages/${result.message.id}`), message)).toEqual(result.message);
    const top = expectOk(await t.request("GET", "/threads?folder=all&limit=1"), page(thread));
    expect(top.data[0]!.id).toBe(row.id);
    const search = expectOk(await t.request("GET", "/threads?folder=all&q=talk%20soon"), page(thread));
    expect(search.data.map((x) => x.id)).toContain(row.id);
  });

  it("marks encrypted platforms' messages encrypted", async () => {
    const whatsapp = await link(acmeId, (l) => l.platform === "whatsapp" && l.status === "active");
    const sent = await freshMessage(whatsapp, "Encrypted hello");
    expect(sent.platformData).toEqual({ _tag: "whatsapp", encrypted: true });
  });

  it("accepts a message request by replying to it", async () => {
    const [request] = await db()
      .select({ row: threads })
      .from(threads)
      .innerJoin(accountLinks, eq(accountLinks.id, threads.accountLinkId))
      .where(and(eq(threads.teamId, acmeId), eq(threads.acceptanceState, "pending"), eq(accountLinks.status, "active"), sql`cardinality(${threads.restrictions}) = 0`))
      .limit(1);
    const result = expectOk(await send({ target: { type: "thread", threadId: request!.row.id }, content: "Happy to help!" }), sendMessageResult, 201);
    expect(result.thread).toMatchObject({ acceptanceState: "accepted", isRequest: false });
    const inbox = expectOk(await t.request("GET", "/threads?folder=inbox&limit=5"), page(thread));
    expect(inbox.data.map((x) => x.id)).toContain(request!.row.id);
  });

  it("sends to a contact: into the thread on that account if there is one, else starting one", async () => {
    const linkRow = await activeInstagram();
    const existing = await openThread(linkRow.id);
    const viaContact = expectOk(
      await send({ target: { type: "contact", accountLinkId: linkRow.id, contactId: existing.contactId! }, content: "Via contact" }),
      sendMessageResult,
      201,
    );
    expect(viaContact.thread.id).toBe(existing.id);

    const [fresh] = await db()
      .select({ profile: profiles })
      .from(profiles)
      .where(
        and(
          eq(profiles.teamId, acmeId),
          eq(profiles.platform, "instagram"),
          sql`not exists (select 1 from sandbox.threads t where t.profile_id = ${profiles.id} and t.account_link_id = ${linkRow.id})`,
        ),
      )
      .limit(1);
    const before = await db().select().from(threads).where(eq(threads.profileId, fresh!.profile.id));
    let result!: ReturnType<typeof sendMessageResult.parse>;
    const events = await eventsOf(async () => {
      result = expectOk(
        await send({ target: { type: "contact", accountLinkId: linkRow.id, contactId: fresh!.profile.contactId! }, content: "First message" }),
        sendMessageResult,
        201,
      );
    });
    expect(before.map((r) => r.id)).not.toContain(result.thread.id);
    expect(result.thread).toMatchObject({
      accountLinkId: linkRow.id,
      profileId: fresh!.profile.id,
      contactId: fresh!.profile.contactId,
      acceptanceState: "accepted",
      archived: false,
    });
    expect(events.map((e) => e.type)).toEqual(["thread.created", "message.sent"]);
    expect(events[0]!.data).toEqual({ accountLinkId: linkRow.id, contactId: fresh!.profile.contactId });
    expect(events[0]!.object.id).toBe(result.thread.id);
    expectOk(await t.request("GET", `/threads/${result.thread.id}`), thread);
  });

  it("needs thread:create to start a conversation", async () => {
    const whatsapp = await link(acmeId, (l) => l.platform === "whatsapp" && l.status === "active");
    const [fresh] = await db()
      .select({ profile: profiles })
      .from(profiles)
      .where(
        and(
          eq(profiles.teamId, acmeId),
          eq(profiles.platform, "whatsapp"),
          sql`not exists (select 1 from sandbox.threads t where t.profile_id = ${profiles.id} and t.account_link_id = ${whatsapp.id})`,
        ),
      )
      .limit(1);
    const error = expectError(
      await send({ target: { type: "contact", accountLinkId: whatsapp.id, contactId: fresh!.profile.contactId! }, content: "Hi" }),
      422,
      "capabilityNotSupported",
    );
    expect(error.details).toEqual({ capability: "thread:create" });
  });

  it("answers 400 for a contact without a profile on the account's platform, 404 for unknown ones", async () => {
    const linkRow = await activeInstagram();
    const [noInstagram] = await db()
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.teamId, acmeId),
          sql`not exists (select 1 from sandbox.profiles p where p.contact_id = ${contacts.id} and p.platform = 'instagram')`,
        ),
      )
      .limit(1);
    expectError(await send({ target: { type: "contact", accountLinkId: linkRow.id, contactId: noInstagram!.id }, content: "Hi" }), 400, "invalidRequest");
    expectError(await send({ target: { type: "contact", accountLinkId: linkRow.id, contactId: "connope" }, content: "Hi" }), 404, "contactNotFound");
    const [globexContact] = await db().select().from(contacts).where(eq(contacts.teamId, globexId)).limit(1);
    expectError(await send({ target: { type: "contact", accountLinkId: linkRow.id, contactId: globexContact!.id }, content: "Hi" }), 404, "contactNotFound");
    expectError(await send({ target: { type: "contact", accountLinkId: "alnope", contactId: noInstagram!.id }, content: "Hi" }), 404, "accountLinkNotFound");
    const globexLink = await link(globexId, () => true);
    expectError(await send({ target: { type: "contact", accountLinkId: globexLink.id, contactId: noInstagram!.id }, content: "Hi" }), 404, "accountLinkNotFound");
    expectError(await send({ target: { type: "thread", threadId: "thrnope" }, content: "Hi" }), 404, "threadNotFound");
    const [globexThread] = await db().select().from(threads).where(eq(threads.teamId, globexId)).limit(1);
    expectError(await send({ target: { type: "thread", threadId: globexThread!.id }, content: "Hi" }), 404, "threadNotFound");
  });

  it("sends to a new profile with the add-on: profile, contact and thread are made", async () => {
    const linkRow = await activeInstagram();
    let result!: ReturnType<typeof sendMessageResult.parse>;
    const events = await eventsOf(async () => {
      result = expectOk(
        await send({ target: { type: "profile", accountLinkId: linkRow.id, platform: "instagram", platformId: "ig-new-person-1" }, content: "Hi there" }),
        sendMessageResult,
        201,
      );
    });
    expect(events.map((e) => e.type)).toEqual(["contact.created", "thread.created", "message.sent"]);
    expect(result.thread.contactId).not.toBeNull();
    expect(events[0]!.object.id).toBe(result.thread.contactId);
    const found = expectOk(await t.request("GET", "/contacts?platform=instagram&platformId=ig-new-person-1"), page(contactSchema));
    expect(found.data.map((c) => c.id)).toEqual([result.thread.contactId]);

    // The same person again goes into the same thread.
    const again = expectOk(
      await send({ target: { type: "profile", accountLinkId: linkRow.id, platform: "instagram", platformId: "ig-new-person-1" }, content: "Following up" }),
      sendMessageResult,
      201,
    );
    expect(again.thread.id).toBe(result.thread.id);
  });

  it("turns a known profile that is not a contact into one", async () => {
    const linkRow = await activeInstagram();
    const profileId = "profnocontact1";
    await db().insert(profiles).values({ id: profileId, teamId: acmeId, platform: "instagram", platformId: "ig-known-1", username: "known.one" });
    const events = await eventsOf(async () => {
      const result = expectOk(
        await send({ target: { type: "profile", accountLinkId: linkRow.id, platform: "instagram", platformId: "ig-known-1" }, content: "Hello" }),
        sendMessageResult,
        201,
      );
      expect(result.thread.profileId).toBe(profileId);
      expect(result.thread.contactId).not.toBeNull();
    });
    expect(events.map((e) => e.type)).toEqual(["contact.created", "thread.created", "message.sent"]);
    const [stored] = await db().select().from(profiles).where(eq(profiles.id, profileId));
    expect(stored!.contactId).not.toBeNull();
  });

  it("answers 403 planRequired for a non-contact profile without the add-on; contacts need none", async () => {
    const globexLink = await link(globexId, (l) => l.platform === "instagram");
    const error = expectError(
      await send({ target: { type: "profile", accountLinkId: globexLink.id, platform: "instagram", platformId: "ig-stranger" }, content: "Hi" }, { token: TOKENS.globex }),
      403,
      "planRequired",
    );
    expect(error.details).toEqual({ addOn: "advancedApi" });
    expect(await db().select().from(profiles).where(eq(profiles.platformId, "ig-stranger"))).toEqual([]);

    const [known] = await db()
      .select()
      .from(profiles)
      .where(and(eq(profiles.teamId, globexId), eq(profiles.platform, "instagram")))
      .limit(1);
    expectOk(
      await send({ target: { type: "profile", accountLinkId: globexLink.id, platform: "instagram", platformId: known!.platformId }, content: "Hi" }, { token: TOKENS.globex }),
      sendMessageResult,
      201,
    );
  });

  it("answers 400 when a profile target's platform is not the account's", async () => {
    const linkRow = await activeInstagram();
    expectError(await send({ target: { type: "profile", accountLinkId: linkRow.id, platform: "x", platformId: "123" }, content: "Hi" }), 400, "invalidRequest");
  });

  it("answers 409 accountLinkDisconnected for offline and paused accounts", async () => {
    const offline = await link(acmeId, (l) => l.status === "offline");
    const [offlineThread] = await db().select().from(threads).where(and(eq(threads.accountLinkId, offline.id), sql`cardinality(${threads.restrictions}) = 0`)).limit(1);
    const e1 = expectError(await send({ target: { type: "thread", threadId: offlineThread!.id }, content: "Hi" }), 409, "accountLinkDisconnected");
    expect(e1.details).toMatchObject({ status: "offline", accountLinkId: offline.id });

    const paused = await link(acmeId, (l) => l.status === "paused");
    const [pausedThread] = await db().select().from(threads).where(and(eq(threads.accountLinkId, paused.id), sql`cardinality(${threads.restrictions}) = 0`)).limit(1);
    const e2 = expectError(await send({ target: { type: "thread", threadId: pausedThread!.id }, content: "Hi" }), 409, "accountLinkDisconnected");
    expect(e2.details).toMatchObject({ status: "paused", pauseReasons: ["platformLimited"] });
    expect(await countMessages(pausedThread!.id)).toBe((await db().select().from(messages).where(eq(messages.threadId, pausedThread!.id))).length);

    const e3 = expectError(
      await send({ target: { type: "profile", accountLinkId: paused.id, platform: "telegram", platformId: "tg-new" }, content: "Hi" }),
      409,
      "accountLinkDisconnected",
    );
    expect(e3.details).toMatchObject({ status: "paused" });
  });

  it("answers 422 threadRestricted where the thread disables sending", async () => {
    const linkRow = await activeInstagram();
    const row = await openThread(linkRow.id);
    await db().update(threads).set({ restrictions: ["message:send"] }).where(eq(threads.id, row.id));
    try {
      const error = expectError(await send({ target: { type: "thread", threadId: row.id }, content: "Hi" }), 422, "threadRestricted");
      expect(error.details).toEqual({ capability: "message:send" });
    } finally {
      await db().update(threads).set({ restrictions: [] }).where(eq(threads.id, row.id));
    }
  });

  it("answers 422 messageTooLong over the platform's limit", async () => {
    const linkRow = await activeInstagram();
    const row = await openThread(linkRow.id);
    const error = expectError(await send({ target: { type: "thread", threadId: row.id }, content: "a".repeat(1001) }), 422, "messageTooLong");
    expect(error.details).toEqual({ maxLength: 1000 });
    // Characters, not UTF-16 units: 1000 emoji fit.
    expectOk(await send({ target: { type: "thread", threadId: row.id }, content: "🙂".repeat(1000) }), sendMessageResult, 201);
  });

  it("ignores body fields it does not take, top level or in the target; they change no idempotency replay", async () => {
    const row = await openThread((await activeInstagram()).id);
    const newer = { target: { type: "thread", threadId: row.id, replyTo: "msg1" }, content: "From a newer client", scheduleAt: null, attachments: [] };
    const first = expectOk(await send(newer, { key: "key-newer-client" }), sendMessageResult, 201);
    expect(first.message.content).toBe("From a newer client");
    expect(first.message).not.toHaveProperty("scheduleAt");
    // The same send without the fields it ignored is the same body: the original answer, sent once.
    const again = expectOk(await send({ target: { type: "thread", threadId: row.id }, content: "From a newer client" }, { key: "key-newer-client" }), sendMessageResult, 200);
    expect(again.message.id).toBe(first.message.id);
  });

  it("rejects bad bodies with 400 invalidRequest", async () => {
    const row = await openThread((await activeInstagram()).id);
    const cases: { body?: unknown; rawBody?: string; headers?: Record<string, string> }[] = [
      { rawBody: "{", headers: { "content-type": "application/json" } },
      { rawBody: "" },
      { body: {} },
      { body: { content: "Hi" } },
      { body: { target: { type: "thread", threadId: row.id } } },
      { body: { target: { type: "thread", threadId: row.id }, content: "   " } },
      { body: { target: { type: "thread", threadId: row.id }, content: 42 } },
      { body: { target: { type: "thread", threadId: row.id }, content: "   ", attachments: [] } },
      { body: { target: { type: "thread", extra: 1 }, content: "Hi" } },
      { body: { target: { type: "group", threadId: row.id }, content: "Hi" } },
      { body: { target: { type: "thread", threadId: "Not-An-Id" }, content: "Hi" } },
      { body: { target: { type: "profile", accountLinkId: row.accountLinkId, platformId: "1" }, content: "Hi" } },
      { body: { target: { type: "thread", threadId: row.id }, content: "Hi" }, headers: { "idempotency-key": "" } },
      { body: { target: { type: "thread", threadId: row.id }, content: "Hi" }, headers: { "idempotency-key": "x".repeat(300) } },
    ];
    for (const init of cases) {
      expectError(await t.request("POST", "/messages", init), 400, "invalidRequest");
    }
  });

  describe("Idempotency-Key", () => {
    it("replays the original result with 200 for the same key and body, sending once", async () => {
      const row = await openThread((await activeInstagram()).id);
      const body = { target: { type: "thread", threadId: row.id }, content: "Once only" };
      const before = await countMessages(row.id);
      const first = expectOk(await send(body, { key: "key-once" }), sendMessageResult, 201);
      // Key order does not matter: the body is compared as JSON.
      const replay = expectOk(await send({ content: "Once only", target: { threadId: row.id, type: "thread" } }, { key: "key-once" }), sendMessageResult, 200);
      expect(replay).toEqual(first);
      expect(await countMessages(row.id)).toBe(before + 1);

      const reused = expectError(await send({ ...body, content: "Something else" }, { key: "key-once" }), 422, "idempotencyKeyReused");
      expect(reused.details).toBeNull();
      // Another team's identical key is its own.
      const globexThread = await openThread((await link(globexId, (l) => l.platform === "instagram")).id);
      expectOk(await send({ target: { type: "thread", threadId: globexThread.id }, content: "Once only" }, { token: TOKENS.globex, key: "key-once" }), sendMessageResult, 201);
    });

    it("sends every time without a key", async () => {
      const row = await openThread((await activeInstagram()).id);
      const body = { target: { type: "thread", threadId: row.id }, content: "No key" };
      const before = await countMessages(row.id);
      const a = expectOk(await send(body), sendMessageResult, 201);
      const b = expectOk(await send(body), sendMessageResult, 201);
      expect(a.message.id).not.toBe(b.message.id);
      expect(await countMessages(row.id)).toBe(before + 2);
    });

    it("answers 409 idempotencyKeyInUse while the first request runs", async () => {
      const row = await openThread((await activeInstagram()).id);
      await db().insert(idempotencyKeys).values({ teamId: acmeId, key: "key-running", bodyHash: "x", state: "pending", createdAt: clock().now() });
      expectError(await send({ target: { type: "thread", threadId: row.id }, content: "Hi" }, { key: "key-running" }), 409, "idempotencyKeyInUse");
    });

    it("releases the key when the send is refused, so a corrected retry can use it", async () => {
      const row = await openThread((await activeInstagram()).id);
      await db().update(threads).set({ restrictions: ["message:send"] }).where(eq(threads.id, row.id));
      const body = { target: { type: "thread", threadId: row.id }, content: "Retry me" };
      expectError(await send(body, { key: "key-refused" }), 422, "threadRestricted");
      await db().update(threads).set({ restrictions: [] }).where(eq(threads.id, row.id));
      expectOk(await send(body, { key: "key-refused" }), sendMessageResult, 201);
    });

    it("forgets keys after the TTL", async () => {
      const row = await openThread((await activeInstagram()).id);
      const body = { target: { type: "thread", threadId: row.id }, content: "Remembered for a day" };
      const first = expectOk(await send(body, { key: "key-ttl" }), sendMessageResult, 201);
      const offset = clock().offsetMs();
      clock().advance(t.sandbox.context.config.idempotencyTtlMs - 60_000);
      try {
        expect(expectOk(await send(body, { key: "key-ttl" }), sendMessageResult, 200).message.id).toBe(first.message.id);
        clock().advance(120_000);
        const later = expectOk(await send({ ...body, content: "A new send" }, { key: "key-ttl" }), sendMessageResult, 201);
        expect(later.message.id).not.toBe(first.message.id);
      } finally {
        clock().set(offset);
      }
    });
  });

  describe("send faults and how an unconfirmed send settles", () => {
    const fault = (delivered: boolean, extra: Record<string, unknown> = {}) =>
      t.sandbox.context.faults.add({ kind: "sendUnconfirmed", count: 1, delivered, ...extra }, { teamId: acmeId, token: TOKENS.acme });
    const history = async (threadId: string) => expectOk(await t.request("GET", `/threads/${threadId}/messages?limit=100`), page(message)).data;
    const threadOf = async (threadId: string) => expectOk(await t.request("GET", `/threads/${threadId}`), thread);
    /** Moves the sandbox clock on as the control API does, settling what falls due. */
    const advance = async (seconds: number) => expect((await t.request("POST", "//_sandbox/clock/advance", { body: { seconds } })).status).toBe(200);
    /** An open thread whose last message is behind the clock (earlier tests move the clock about). */
    const quietThread = async () => {
      const linkRow = await activeInstagram();
      const rows = await db().select().from(threads).where(eq(threads.accountLinkId, linkRow.id)).orderBy(asc(threads.id));
      const now = clock().now().getTime();
      const found = rows.find((r) => r.restrictions.length === 0 && r.acceptanceState === "accepted" && (r.lastSentAt?.getTime() ?? 0) < now);
      if (!found) throw new Error("no quiet thread");
      return found;
    };

    it("delivered: 502 with a pending message, which settles sent (platformId set, in the history, message.sent then)", async () => {
      const row = await quietThread();
      const before = await threadOf(row.id);
      fault(true, { settleAfterMs: 5_000 });
      let messageId = "";
      const attemptEvents = await eventsOf(async () => {
        const error = expectError(await send({ target: { type: "thread", threadId: row.id }, content: "Did it go?" }, { key: "key-502" }), 502, "sendUnconfirmed");
        messageId = String(error.details?.messageId);
      });
      // Nothing is announced until it settles.
      expect(attemptEvents).toEqual([]);
      const pending = expectOk(await t.request("GET", `/messages/${messageId}`), message);
      expect(pending).toMatchObject({ id: messageId, content: "Did it go?", platformId: null, threadId: row.id, delivery: "pending", direction: "outbound" });
      expect((await history(row.id)).map((m) => m.id)).not.toContain(messageId);
      expect((await threadOf(row.id)).lastMessage).toEqual(before.lastMessage);
      expect(t.sandbox.context.faults.pending(acmeId)).toEqual([]);
      // Not to be changed while unsettled.
      const refused = expectError(await t.request("PATCH", `/messages/${messageId}`, { body: { content: "x" } }), 422, "messageNotMutable");
      expect(refused.details).toEqual({ reason: "unsettled" });
      expectError(await t.request("POST", `/messages/${messageId}/reactions`, { body: { emoji: "👍" } }), 422, "messageNotMutable");

      const settleEvents = await eventsOf(() => advance(5));
      // (Advancing the clock runs campaigns too: only this message's events are ours.)
      expect(settleEvents.filter((e) => e.data.messageId === messageId).map((e) => [e.type, e.object.id, e.data])).toEqual([["message.sent", messageId, { threadId: row.id, messageId }]]);
      const sent = expectOk(await t.request("GET", `/messages/${messageId}`), message);
      expect(sent).toMatchObject({ id: messageId, delivery: "sent", sentAt: pending.sentAt });
      expect(sent.platformId).toMatch(/^instagram-m-/);
      expect((await history(row.id))[0]!.id).toBe(messageId);
      expect((await threadOf(row.id)).lastMessage).toMatchObject({ id: messageId, direction: "outbound", sentAt: pending.sentAt });

      // A retry with the key replays the 502 and sends nothing more.
      const before2 = await countMessages(row.id);
      const replay = expectError(await send({ target: { type: "thread", threadId: row.id }, content: "Did it go?" }, { key: "key-502" }), 502, "sendUnconfirmed");
      expect(replay.details).toEqual({ messageId });
      expect(await countMessages(row.id)).toBe(before2);
    });

    it("not delivered: 502 with a pending message, which settles failed (never in the history, message.failed)", async () => {
      const row = await openThread((await activeInstagram()).id);
      const before = await threadOf(row.id);
      fault(false, { settleAfterMs: 2_000 });
      let messageId = "";
      await eventsOf(async () => {
        const error = expectError(await send({ target: { type: "thread", threadId: row.id }, content: "Lost" }), 502, "sendUnconfirmed");
        messageId = String(error.details?.messageId);
      });
      expect(messageId).toMatch(/^[0-9a-z]+$/);
      expect(expectOk(await t.request("GET", `/messages/${messageId}`), message)).toMatchObject({ delivery: "pending", platformId: null });

      const settleEvents = await eventsOf(() => advance(2));
      expect(settleEvents.filter((e) => e.data.messageId === messageId).map((e) => [e.type, e.object.id, e.data])).toEqual([["message.failed", messageId, { threadId: row.id, messageId }]]);
      const failed = expectOk(await t.request("GET", `/messages/${messageId}`), message);
      expect(failed).toMatchObject({ id: messageId, delivery: "failed", platformId: null, content: "Lost", threadId: row.id });
      expect((await history(row.id)).map((m) => m.id)).not.toContain(messageId);
      expect((await threadOf(row.id)).lastMessage).toEqual(before.lastMessage);
      expectError(await t.request("DELETE", `/messages/${messageId}?scope=all`), 422, "messageNotMutable");
      // Settling is once: a later advance records nothing more.
      expect((await eventsOf(() => advance(60))).filter((e) => e.data.messageId === messageId)).toEqual([]);
      // The fault is used up: the next send goes through.
      expectOk(await send({ target: { type: "thread", threadId: row.id }, content: "Now it works" }), sendMessageResult, 201);
    });

    it("settles by itself after a second of real time, with no read and no clock change", async () => {
      const row = await openThread((await activeInstagram()).id);
      fault(true);
      const error = expectError(await send({ target: { type: "thread", threadId: row.id }, content: "On its own" }), 502, "sendUnconfirmed");
      const messageId = String(error.details?.messageId);
      const settled = new Promise<ApiEvent>((resolve) => {
        const off = t.sandbox.context.store.onEvents((_team, events) => {
          const found = events.find((e) => e.object.id === messageId);
          if (found) {
            off();
            resolve(found);
          }
        });
      });
      const event = await settled;
      expect(event.type).toBe("message.sent");
      const [stored] = await db().select().from(messages).where(eq(messages.id, messageId));
      expect(stored).toMatchObject({ unsettled: null, settleAt: null });
      expect(stored!.platformId).not.toBeNull();
    });

    it("a due send settles when it is read, even before the timer", async () => {
      const row = await openThread((await activeInstagram()).id);
      fault(false, { settleAfterMs: 0 });
      const messageId = String(expectError(await send({ target: { type: "thread", threadId: row.id }, content: "Read me" }), 502, "sendUnconfirmed").details?.messageId);
      expect(expectOk(await t.request("GET", `/messages/${messageId}`), message).delivery).toBe("failed");
    });

    it("a send that starts a thread starts it either way; the message joins it when delivered", async () => {
      const linkRow = await activeInstagram();
      // A contact this account has never talked with.
      const [person] = await db()
        .select()
        .from(profiles)
        .where(
          and(
            eq(profiles.teamId, acmeId),
            eq(profiles.platform, "instagram"),
            sql`${profiles.contactId} is not null`,
            sql`not exists (select 1 from ${threads} where ${threads.accountLinkId} = ${linkRow.id} and ${threads.profileId} = ${profiles.id})`,
          ),
        )
        .orderBy(desc(profiles.id))
        .limit(1);
      fault(true, { settleAfterMs: 1_000 });
      const error = expectError(await send({ target: { type: "contact", accountLinkId: linkRow.id, contactId: person!.contactId! }, content: "First words" }), 502, "sendUnconfirmed");
      const pending = expectOk(await t.request("GET", `/messages/${String(error.details?.messageId)}`), message);
      const started = await threadOf(pending.threadId);
      expect(started.lastMessage).toBeNull();
      await advance(1);
      expect((await threadOf(pending.threadId)).lastMessage).toMatchObject({ id: pending.id });
    });

    it("leaves the fault for a later send when a send is refused first", async () => {
      const offline = await link(acmeId, (l) => l.status === "offline");
      const [offlineThread] = await db()
        .select()
        .from(threads)
        .where(and(eq(threads.accountLinkId, offline.id), sql`cardinality(${threads.restrictions}) = 0`))
        .limit(1);
      fault(false);
      expectError(await send({ target: { type: "thread", threadId: offlineThread!.id }, content: "Hi" }), 409, "accountLinkDisconnected");
      const row = await openThread((await activeInstagram()).id);
      expectError(await send({ target: { type: "thread", threadId: row.id }, content: "Hi" }), 502, "sendUnconfirmed");
    });

    it("meets only the faults of the sender's team and token, and its path", async () => {
      const row = await openThread((await activeInstagram()).id);
      // Globex's fault never reaches Acme's send; a token-scoped one only its own token's.
      t.sandbox.context.faults.add({ kind: "sendUnconfirmed", count: 1, delivered: true }, { teamId: globexId, token: TOKENS.globex });
      t.sandbox.context.faults.add({ kind: "sendUnconfirmed", count: 1, delivered: true, scope: "token" }, { teamId: acmeId, token: TOKENS.acme2 });
      t.sandbox.context.faults.add({ kind: "sendUnconfirmed", count: 1, delivered: true, path: "/v1" }, { teamId: acmeId, token: TOKENS.acme });
      try {
        expectOk(await send({ target: { type: "thread", threadId: row.id }, content: "Untouched" }), sendMessageResult, 201);
        expectError(await send({ target: { type: "thread", threadId: row.id }, content: "Mine" }, { token: TOKENS.acme2 }), 502, "sendUnconfirmed");
        expect(t.sandbox.context.faults.pending(globexId)).toHaveLength(1);
        expect(t.sandbox.context.faults.pending(acmeId)).toMatchObject([{ path: "/v1" }]);
      } finally {
        t.sandbox.context.faults.clear();
      }
    });
  });
});

describe("PATCH /messages/{messageId}", () => {
  it("edits within the window: versions, editedAt, message.edited and the thread preview", async () => {
    const sent = await freshMessage(await activeInstagram(), "Frist draft");
    let edited!: Message;
    const events = await eventsOf(async () => {
      edited = expectOk(await t.request("PATCH", `/messages/${sent.id}`, { body: { content: "First draft" } }), message);
    });
    expect(edited).toMatchObject({ id: sent.id, content: "First draft", sentAt: sent.sentAt });
    expect(edited.editedAt).not.toBeNull();
    expect(events.map((e) => [e.type, e.data])).toEqual([["message.edited", { threadId: sent.threadId, messageId: sent.id, editedAt: edited.editedAt }]]);

    const history = expectOk(await t.request("GET", `/messages/${sent.id}/history`), messageHistory);
    expect(history).toEqual({
      messageId: sent.id,
      times: "platform",
      versions: [
        { content: "Frist draft", at: sent.sentAt },
        { content: "First draft", at: edited.editedAt },
      ],
    });
    const threadNow = expectOk(await t.request("GET", `/threads/${sent.threadId}`), thread);
    expect(threadNow.lastMessage?.preview).toBe("First draft");
    expect(threadNow.activity.preview).toBe("First draft");
  });

  it("answers 422 mutationWindowClosed once the platform's window has passed", async () => {
    const sent = await freshMessage(await activeInstagram(), "Edit me later");
    const offset = clock().offsetMs();
    clock().advance(901_000);
    try {
      const error = expectError(await t.request("PATCH", `/messages/${sent.id}`, { body: { content: "Too late" } }), 422, "mutationWindowClosed");
      expect(error.details).toEqual({ capability: "message:edit", closedAt: new Date(Date.parse(sent.sentAt) + 900_000).toISOString() });
    } finally {
      clock().set(offset);
    }
  });

  it("answers the capability rule's other errors and messageTooLong", async () => {
    const x = await link(acmeId, (l) => l.platform === "x" && l.status === "active");
    const onX = await freshMessage(x, "No edits on X");
    expect(expectError(await t.request("PATCH", `/messages/${onX.id}`, { body: { content: "Edited" } }), 422, "capabilityNotSupported").details).toEqual({
      capability: "message:edit",
    });

    const narrowed = await link(acmeId, (l) => l.platform === "instagram" && !l.capabilities.includes("message:edit"));
    const onNarrowed = await freshMessage(narrowed, "Narrowed account");
    expectError(await t.request("PATCH", `/messages/${onNarrowed.id}`, { body: { content: "Edited" } }), 422, "capabilityNotSupported");

    const [inbound] = await db()
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(threads, eq(threads.id, messages.threadId))
      .where(
        and(
          eq(messages.accountLinkId, (await activeInstagram()).id),
          eq(messages.direction, "inbound"),
          isNull(messages.deletedAt),
          sql`cardinality(${threads.restrictions}) = 0`,
        ),
      )
      .limit(1);
    const notMutable = expectError(await t.request("PATCH", `/messages/${inbound!.id}`, { body: { content: "Edited" } }), 422, "messageNotMutable");
    expect(notMutable.details).toEqual({ reason: "inbound" });

    const mine = await freshMessage(await activeInstagram(), "Restricted soon");
    await db().update(threads).set({ restrictions: ["message:edit"] }).where(eq(threads.id, mine.threadId));
    expectError(await t.request("PATCH", `/messages/${mine.id}`, { body: { content: "Edited" } }), 422, "threadRestricted");
    await db().update(threads).set({ restrictions: [] }).where(eq(threads.id, mine.threadId));

    const e = expectError(await t.request("PATCH", `/messages/${mine.id}`, { body: { content: "b".repeat(1001) } }), 422, "messageTooLong");
    expect(e.details).toEqual({ maxLength: 1000 });

    const offline = await link(acmeId, (l) => l.status === "offline");
    const [offlineMessage] = await db()
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(threads, eq(threads.id, messages.threadId))
      .where(
        and(
          eq(messages.accountLinkId, offline.id),
          eq(messages.direction, "outbound"),
          isNull(messages.deletedAt),
          sql`cardinality(${threads.restrictions}) = 0`,
        ),
      )
      .limit(1);
    const disconnected = expectError(await t.request("PATCH", `/messages/${offlineMessage!.id}`, { body: { content: "Edited" } }), 409, "accountLinkDisconnected");
    expect(disconnected.details).toMatchObject({ status: "offline" });
  });

  it("rejects bad bodies with 400 invalidRequest", async () => {
    const sent = await freshMessage(await activeInstagram(), "Body checks");
    for (const init of [{ body: {} }, { body: { content: "" } }, { body: { content: " " } }, { body: { content: "", extra: true } }, { body: { content: null } }, { rawBody: "nope" }]) {
      expectError(await t.request("PATCH", `/messages/${sent.id}`, init), 400, "invalidRequest");
    }
  });
});

describe("DELETE /messages/{messageId}", () => {
  it("requires scope=self or scope=all", async () => {
    const sent = await freshMessage(await activeInstagram(), "Scope checks");
    for (const query of ["", "?scope=", "?scope=everyone", "?scope=all&scope=self", "?scope[]=all", "?scope=everyone&x=1"]) {
      expectError(await t.request("DELETE", `/messages/${sent.id}${query}`), 400, "invalidRequest");
    }
  });

  it("unsends: deletedAt set, content gone, message.deleted with the scope, the preview cleared", async () => {
    for (const scope of ["all", "self"] as const) {
      const sent = await freshMessage(await activeInstagram(), `Unsend me (${scope})`);
      let deleted!: Message;
      const events = await eventsOf(async () => {
        deleted = expectOk(await t.request("DELETE", `/messages/${sent.id}?scope=${scope}`), message);
      });
      expect(deleted).toMatchObject({ id: sent.id, content: null, attachments: [] });
      expect(deleted.deletedAt).not.toBeNull();
      expect(events.map((e) => [e.type, e.data])).toEqual([["message.deleted", { threadId: sent.threadId, messageId: sent.id, scope }]]);
      expect(expectOk(await t.request("GET", `/messages/${sent.id}`), message).content).toBeNull();
      const threadNow = expectOk(await t.request("GET", `/threads/${sent.threadId}`), thread);
      expect(threadNow.lastMessage?.preview).toBeNull();
      const e = expectError(await t.request("DELETE", `/messages/${sent.id}?scope=${scope}`), 422, "messageNotMutable");
      expect(e.details).toEqual({ reason: "deleted" });
    }
  });

  it("answers the capability rule's errors", async () => {
    const sent = await freshMessage(await activeInstagram(), "Restricted unsend");
    await db().update(threads).set({ restrictions: ["message:unsend"] }).where(eq(threads.id, sent.threadId));
    expectError(await t.request("DELETE", `/messages/${sent.id}?scope=all`), 422, "threadRestricted");
    await db().update(threads).set({ restrictions: [] }).where(eq(threads.id, sent.threadId));
  });
});

describe("GET /messages/{messageId}/history", () => {
  it("says where edit times come from, per platform", async () => {
    const linkedin = await link(acmeId, (l) => l.platform === "linkedin");
    const [row] = await db().select().from(messages).where(eq(messages.accountLinkId, linkedin.id)).limit(1);
    const history = expectOk(await t.request("GET", `/messages/${row!.id}/history`), messageHistory);
    expect(history.times).toBe("observed");
    expect(history.versions.length).toBeGreaterThanOrEqual(1);
    const [edited] = await db().select().from(messages).where(and(eq(messages.teamId, acmeId), sql`${messages.editedAt} is not null`)).limit(1);
    const editedHistory = expectOk(await t.request("GET", `/messages/${edited!.id}/history`), messageHistory);
    expect(editedHistory.versions.length).toBeGreaterThanOrEqual(2);
    expect(editedHistory.versions.at(-1)!.content).toBe(edited!.content);
  });
});

describe("reactions", () => {
  it("adds and removes the account's reaction once per emoji, with events only for changes", async () => {
    const sent = await freshMessage(await activeInstagram(), "React to me");
    const added = await eventsOf(async () => {
      const body = expectOk(await t.request("POST", `/messages/${sent.id}/reactions`, { body: { emoji: "🔥" } }), reactionsResult);
      expect(body.reactions).toEqual([{ emoji: "🔥", author: { type: "accountLink", accountLinkId: sent.accountLinkId }, reactedAt: expect.any(String) }]);
    });
    expect(added.map((e) => [e.type, e.data])).toEqual([["message.reactionAdded", { threadId: sent.threadId, messageId: sent.id, emoji: "🔥" }]]);

    const again = await eventsOf(async () => {
      const body = expectOk(await t.request("POST", `/messages/${sent.id}/reactions`, { body: { emoji: "🔥" } }), reactionsResult);
      expect(body.reactions).toHaveLength(1);
    });
    expect(again).toEqual([]);
    expectOk(await t.request("POST", `/messages/${sent.id}/reactions`, { body: { emoji: "👍" } }), reactionsResult);

    const removed = await eventsOf(async () => {
      const body = expectOk(await t.request("DELETE", `/messages/${sent.id}/reactions?emoji=${encodeURIComponent("🔥")}`), reactionsResult);
      expect(body.reactions.map((r) => r.emoji)).toEqual(["👍"]);
    });
    expect(removed.map((e) => e.type)).toEqual(["message.reactionRemoved"]);
    expect(await eventsOf(() => t.request("DELETE", `/messages/${sent.id}/reactions?emoji=${encodeURIComponent("🔥")}`))).toEqual([]);
    expect(expectOk(await t.request("GET", `/messages/${sent.id}`), message).reactions.map((r) => r.emoji)).toEqual(["👍"]);
  });

  it("keeps other authors' reactions and reacts to inbound messages too", async () => {
    const [withTheirs] = await db()
      .select()
      .from(messages)
      .innerJoin(threads, eq(threads.id, messages.threadId))
      .innerJoin(accountLinks, eq(accountLinks.id, threads.accountLinkId))
      .where(
        and(
          eq(messages.teamId, acmeId),
          eq(accountLinks.status, "active"),
          isNull(messages.deletedAt),
          sql`cardinality(${threads.restrictions}) = 0`,
          sql`${messages.reactions} @> '[{"author":{"type":"profile"}}]'::jsonb`,
        ),
      )
      .orderBy(desc(messages.id))
      .limit(1);
    const before = withTheirs!.messages.reactions;
    const body = expectOk(await t.request("POST", `/messages/${withTheirs!.messages.id}/reactions`, { body: { emoji: "🆗" } }), reactionsResult);
    expect(body.reactions.slice(0, before.length)).toEqual(before);
    expect(body.reactions).toHaveLength(before.length + 1);
  });

  it("answers the capability rule's errors and rejects bad input", async () => {
    const linkedin = await link(acmeId, (l) => l.platform === "linkedin");
    const [onLinkedin] = await db().select().from(messages).where(and(eq(messages.accountLinkId, linkedin.id), isNull(messages.deletedAt))).limit(1);
    const e = expectError(await t.request("POST", `/messages/${onLinkedin!.id}/reactions`, { body: { emoji: "👍" } }), 422, "capabilityNotSupported");
    expect(e.details).toEqual({ capability: "message:react" });

    const sent = await freshMessage(await activeInstagram(), "No reactions here");
    await db().update(threads).set({ restrictions: ["message:react"] }).where(eq(threads.id, sent.threadId));
    expectError(await t.request("POST", `/messages/${sent.id}/reactions`, { body: { emoji: "👍" } }), 422, "threadRestricted");
    expectError(await t.request("DELETE", `/messages/${sent.id}/reactions?emoji=x`), 422, "threadRestricted");
    await db().update(threads).set({ restrictions: [] }).where(eq(threads.id, sent.threadId));

    for (const body of [{}, { emoji: "" }, { emoji: "x".repeat(33) }, { emoji: 1 }, { emoji: "", author: "me" }]) {
      expectError(await t.request("POST", `/messages/${sent.id}/reactions`, { body }), 400, "invalidRequest");
    }
    for (const query of ["", "?emoji=", "?emoji=a&emoji=b", "?emojis=a"]) {
      expectError(await t.request("DELETE", `/messages/${sent.id}/reactions${query}`), 400, "invalidRequest");
    }
    await t.request("DELETE", `/messages/${sent.id}?scope=self`);
    const gone = expectError(await t.request("POST", `/messages/${sent.id}/reactions`, { body: { emoji: "👍" } }), 422, "messageNotMutable");
    expect(gone.details).toEqual({ reason: "deleted" });
  });
});

describe("GET /messages/{messageId}/attachments/{index}", () => {
  async function messageWith(kind: string, status?: string) {
    const rows = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.teamId, acmeId), isNull(messages.deletedAt), sql`${messages.attachments} @> ${JSON.stringify([status ? { kind, status } : { kind }])}::jsonb`))
      .orderBy(asc(messages.id))
      .limit(1);
    if (!rows[0]) throw new Error(`no ${kind} attachment in the seed`);
    return rows[0];
  }

  it("hands out a fresh URL that the media host serves until it expires", async () => {
    const row = await messageWith("image", "available");
    const index = row.attachments.findIndex((a) => a.kind === "image");
    const now = clock().now().getTime();
    const fresh = expectOk(await t.request("GET", `/messages/${row.id}/attachments/${index}`), attachmentUrl);
    const ttl = t.sandbox.context.config.mediaUrlTtlMs;
    expect(Date.parse(fresh.expiresAt) - now).toBeGreaterThanOrEqual(ttl - 1000);
    expect(Date.parse(fresh.expiresAt) - now).toBeLessThanOrEqual(ttl + 5000);

    const shown = expectOk(await t.request("GET", `/messages/${row.id}`), message).attachments[index] as Record<string, unknown>;
    expect(shown).toMatchObject({ status: "available", expiresAt: fresh.expiresAt, url: fresh.url });

    const url = new URL(fresh.url);
    const media = await t.request("GET", `/${url.pathname}${url.search}`);
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toContain("image/svg+xml");
    expect(media.text).toContain("<svg");

    const offset = clock().offsetMs();
    clock().advance(ttl + 1000);
    try {
      expect((await t.request("GET", `/${url.pathname}${url.search}`)).status).toBe(410);
      const expired = expectOk(await t.request("GET", `/messages/${row.id}`), message).attachments[index] as Record<string, unknown>;
      expect(expired.status).toBe("expired");
      const again = expectOk(await t.request("GET", `/messages/${row.id}/attachments/${index}`), attachmentUrl);
      const againUrl = new URL(again.url);
      expect((await t.request("GET", `/${againUrl.pathname}${againUrl.search}`)).status).toBe(200);
    } finally {
      clock().set(offset);
    }
  });

  it("answers 404 attachmentNotFound past the end, for links and for unavailable media", async () => {
    const image = await messageWith("image", "available");
    expectError(await t.request("GET", `/messages/${image.id}/attachments/${image.attachments.length}`), 404, "attachmentNotFound");
    const linkMessage = await messageWith("link");
    expectError(await t.request("GET", `/messages/${linkMessage.id}/attachments/${linkMessage.attachments.findIndex((a) => a.kind === "link")}`), 404, "attachmentNotFound");
    const file = await messageWith("file", "unavailable");
    expectError(await t.request("GET", `/messages/${file.id}/attachments/0`), 404, "attachmentNotFound");
    const [plain] = await db().select().from(messages).where(and(eq(messages.teamId, acmeId), sql`jsonb_array_length(${messages.attachments}) = 0`)).limit(1);
    expectError(await t.request("GET", `/messages/${plain!.id}/attachments/0`), 404, "attachmentNotFound");
    for (const index of ["-1", "x", "1.5", "99999999999"]) {
      expectError(await t.request("GET", `/messages/${image.id}/attachments/${index}`), 400, "invalidRequest");
    }
  });
});
