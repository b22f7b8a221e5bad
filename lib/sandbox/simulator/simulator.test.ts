import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contact as contactSchema } from "@/lib/api/contacts";
import { event as eventSchema, eventDataSchema, isKnownEventType, type ApiEvent } from "@/lib/api/events";
import { message as messageSchema, sendMessageResult } from "@/lib/api/messages";
import { page } from "@/lib/api/primitives";
import { thread as threadSchema } from "@/lib/api/threads";
import { accountLinks, profiles, threads } from "../schema";
import type { MediaUrlSigner } from "../model/serialize";
import { injectInbound, type InboundInput } from "./simulator";
import { expectError, expectOk, sandboxForFile, TOKENS } from "../testing/harness";

const t = sandboxForFile();
let acmeId: string;
let globexId: string;

beforeAll(async () => {
  ({ acme: acmeId, globex: globexId } = await t.teamIds());
}, 60_000);

const db = () => t.sandbox.context.store.db;
const signer: MediaUrlSigner = (key, expiresAt) => `http://sandbox.test/media/${key}?exp=${Math.floor(expiresAt.getTime() / 1000)}&sig=test`;
const inject = (input: InboundInput, teamId = acmeId) => injectInbound(t.sandbox.context, teamId, input, signer);

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

async function activeLink(platform: string) {
  const [row] = await db()
    .select()
    .from(accountLinks)
    .where(and(eq(accountLinks.teamId, acmeId), eq(accountLinks.platform, platform), eq(accountLinks.status, "active")))
    .orderBy(asc(accountLinks.id))
    .limit(1);
  return row!;
}

describe("injectInbound into an existing thread", () => {
  it("marks the thread unread, unarchives it and moves it on, recording message.received", async () => {
    const [archived] = await db()
      .select()
      .from(threads)
      .where(and(eq(threads.teamId, acmeId), eq(threads.archived, true), eq(threads.unread, false), eq(threads.acceptanceState, "accepted")))
      .limit(1);
    let result!: Awaited<ReturnType<typeof inject>>;
    const events = await eventsOf(async () => {
      result = await inject({ threadId: archived!.id, content: "Hello again!" });
    });
    const message = messageSchema.parse(result.message);
    const thread = threadSchema.parse(result.thread);
    expect(message).toMatchObject({ threadId: archived!.id, direction: "inbound", content: "Hello again!", sentBy: null, accountLinkId: archived!.accountLinkId });
    expect(message.platformId).not.toBeNull();
    expect(thread).toMatchObject({ id: archived!.id, unread: true, archived: false, acceptanceState: "accepted" });
    expect(thread.lastMessage).toMatchObject({ id: message.id, direction: "inbound", preview: "Hello again!" });
    expect(thread.activity).toEqual({ at: message.sentAt, preview: "Hello again!" });
    expect(events.map((e) => [e.type, e.object.type, e.object.id, e.data])).toEqual([
      ["message.received", "message", message.id, { threadId: archived!.id, messageId: message.id }],
    ]);

    expect(expectOk(await t.request("GET", `/threads/${archived!.id}`), threadSchema)).toEqual(thread);
    expect(expectOk(await t.request("GET", `/messages/${message.id}`), messageSchema)).toEqual(message);
    const waiting = expectOk(await t.request("GET", "/threads?folder=noReply&limit=3"), page(threadSchema));
    expect(waiting.data[0]!.id).toBe(archived!.id);
  });
});

describe("injectInbound from a person", () => {
  it("starts a message request with a new profile and contact", async () => {
    const link = await activeLink("instagram");
    let result!: Awaited<ReturnType<typeof inject>>;
    const events = await eventsOf(async () => {
      result = await inject({
        accountLinkId: link.id,
        content: "Hi! Do you have a plan for five people?",
        profile: { platformId: "ig-sim-1", username: "maya.patel", displayName: "Maya Patel" },
      });
    });
    const thread = threadSchema.parse(result.thread);
    expect(thread).toMatchObject({ accountLinkId: link.id, acceptanceState: "pending", isRequest: true, unread: true, archived: false });
    expect(thread.contactId).not.toBeNull();
    expect(events.map((e) => e.type)).toEqual(["contact.created", "thread.created", "message.received"]);
    expect(events[0]!.object.id).toBe(thread.contactId);
    expect(events[1]!.data).toEqual({ accountLinkId: link.id, contactId: thread.contactId });

    const expanded = expectOk(await t.request("GET", `/threads/${thread.id}?expand=profile&expand=contact`), threadSchema);
    expect(expanded.profile).toMatchObject({ platform: "instagram", platformId: "ig-sim-1", username: "maya.patel", handle: "@maya.patel", displayName: "Maya Patel" });
    expect(expanded.contact?.profiles.map((p) => p.id)).toEqual([thread.profileId]);
    const contacts = expectOk(await t.request("GET", "/contacts?platform=instagram&username=maya.patel"), page(contactSchema));
    expect(contacts.data.map((c) => c.id)).toEqual([thread.contactId]);

    const requests = expectOk(await t.request("GET", "/threads?folder=requests&limit=100"), page(threadSchema));
    expect(requests.data.map((x) => x.id)).toContain(thread.id);
    const inbox = expectOk(await t.request("GET", "/threads?folder=inbox&limit=100"), page(threadSchema));
    expect(inbox.data.map((x) => x.id)).not.toContain(thread.id);
    expect((await t.request("GET", `/threads?folder=all&q=maya%20patel`)).json).toMatchObject({ data: [{ id: thread.id }] });

    // The same person writing again stays in the same thread; nothing new is created.
    const again = await eventsOf(async () => {
      const second = await inject({ accountLinkId: link.id, content: "Also: annual billing?", profile: { platformId: "ig-sim-1" } });
      expect(second.thread.id).toBe(thread.id);
    });
    expect(again.map((e) => e.type)).toEqual(["message.received"]);

    // Replying accepts the request.
    const reply = expectOk(
      await t.request("POST", "/messages", { body: { target: { type: "thread", threadId: thread.id }, content: "Yes, we do!" } }),
      sendMessageResult,
      201,
    );
    expect(reply.thread).toMatchObject({ acceptanceState: "accepted", isRequest: false });
  });

  it("makes a known profile without a contact into one, and a known contact writing to another account starts a request there", async () => {
    const link = await activeLink("x");
    await db().insert(profiles).values({ id: "profsimnocontact", teamId: acmeId, platform: "x", platformId: "x-sim-known", username: "known" });
    const events = await eventsOf(async () => {
      const result = await inject({ accountLinkId: link.id, content: "Hey", profile: { platformId: "x-sim-known" } });
      expect(result.thread.profileId).toBe("profsimnocontact");
      expect(result.thread.contactId).not.toBeNull();
    });
    expect(events.map((e) => e.type)).toEqual(["contact.created", "thread.created", "message.received"]);
    const [stored] = await db().select().from(profiles).where(eq(profiles.id, "profsimnocontact"));
    expect(stored!.contactId).not.toBeNull();

    const [known] = await db()
      .select({ profile: profiles })
      .from(profiles)
      .where(
        and(
          eq(profiles.teamId, acmeId),
          eq(profiles.platform, "instagram"),
          sql`${profiles.contactId} is not null`,
          sql`not exists (select 1 from sandbox.threads t where t.profile_id = ${profiles.id} and t.account_link_id = ${(await activeLink("instagram")).id})`,
        ),
      )
      .limit(1);
    const started = await eventsOf(async () => {
      const result = await inject({ accountLinkId: (await activeLink("instagram")).id, content: "Hi", profile: { platformId: known!.profile.platformId } });
      expect(result.thread).toMatchObject({ profileId: known!.profile.id, contactId: known!.profile.contactId, acceptanceState: "pending" });
    });
    expect(started.map((e) => e.type)).toEqual(["thread.created", "message.received"]);
  });
});

describe("injectInbound input", () => {
  it("raises the spec's errors for bad input", async () => {
    const link = await activeLink("instagram");
    const [theirThread] = await db().select().from(threads).where(eq(threads.teamId, globexId)).limit(1);
    const [theirLink] = await db().select().from(accountLinks).where(eq(accountLinks.teamId, globexId)).limit(1);
    const cases: [InboundInput, string][] = [
      [{ threadId: "thrnope", content: "Hi" }, "threadNotFound"],
      [{ threadId: "Bad-Id", content: "Hi" }, "threadNotFound"],
      [{ threadId: theirThread!.id, content: "Hi" }, "threadNotFound"],
      [{ accountLinkId: "alnope", content: "Hi", profile: { platformId: "1" } }, "accountLinkNotFound"],
      [{ accountLinkId: theirLink!.id, content: "Hi", profile: { platformId: "1" } }, "accountLinkNotFound"],
      [{ content: "Hi" }, "invalidRequest"],
      [{ threadId: theirThread!.id, accountLinkId: link.id, content: "Hi", profile: { platformId: "1" } }, "invalidRequest"],
      [{ accountLinkId: link.id, content: "Hi" }, "invalidRequest"],
      [{ accountLinkId: link.id, content: "Hi", profile: { platformId: "" } }, "invalidRequest"],
      [{ profile: { platformId: "1" }, content: "Hi" }, "invalidRequest"],
      [{ accountLinkId: link.id, content: "   ", profile: { platformId: "1" } }, "invalidRequest"],
    ];
    for (const [input, code] of cases) {
      await expect(inject(input), JSON.stringify(input)).rejects.toMatchObject({ code });
    }
    expect(await db().select().from(profiles).where(eq(profiles.platformId, "1"))).toEqual([]);
  });

  it("works through the control API, and answers its errors with the spec body", async () => {
    const [row] = await db().select().from(threads).where(eq(threads.teamId, globexId)).limit(1);
    const created = expectOk(
      await t.request("POST", "//_sandbox/inbound", { token: TOKENS.globex, body: { threadId: row!.id, content: "Via control" } }),
      sendMessageResult,
      201,
    );
    expect(created.message).toMatchObject({ threadId: row!.id, direction: "inbound", content: "Via control" });
    expectError(await t.request("POST", "//_sandbox/inbound", { body: { threadId: row!.id, content: "Wrong team" } }), 404, "threadNotFound");
    expectError(await t.request("POST", "//_sandbox/inbound", { body: { content: "Nobody" } }), 400, "invalidRequest");
  });
});
