import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v2 from "@/app/api/v2/[...path]/route";
import * as settingsRoute from "@/app/api/settings/route";
import { paginateItems } from "@/lib/api/client";
import { errorBody } from "@/lib/api/error-schemas";
import type { AccountLink } from "@/lib/api/platforms";
import type { Thread } from "@/lib/api/threads";
import type { IndexedThread } from "../gateway/thread-query";
import { call, startTestBff, type TestBff } from "../testing/bff";

/**
 * Under `memberVisibility: assignedAndUnassigned`, a send by `contact` or `profile` target is
 * checked against the thread it lands in (lib/server/gateway/send-target), not only the contact.
 */
let bff: TestBff;
const cookies = { admin: "", manager: "", member: "" };
let samId = "";
let marcusId = "";
let links: AccountLink[] = [];

/** A thread assigned to someone else, whose contact is unassigned (so the contact itself is visible). */
let hidden: IndexedThread;
/** A thread and contact nobody is assigned to. */
let open: IndexedThread;
/** A contact assigned to someone else, and an account link that has no thread with them yet. */
let hiddenPerson: { contactId: string; platform: string; platformId: string; accountLinkId: string };
/** An unassigned contact and an account link that has no thread with them yet. */
let newPerson: { contactId: string; accountLinkId: string };

beforeAll(async () => {
  bff = await startTestBff();
  cookies.admin = await bff.signIn("olivia");
  cookies.manager = await bff.signIn("marcus");
  cookies.member = await bff.signIn("sam");
  samId = (await bff.runtime.users.get("sam@acme.test"))!.memberId!;
  marcusId = (await bff.runtime.users.get("marcus@acme.test"))!.memberId!;
  await bff.runtime.gateway.index.ready();
  links = (await bff.runtime.upstream.client.accountLinks.list({ limit: 100 })).body.data;
  const all = bff.runtime.gateway.index.all();
  const linkOf = (id: string) => links.find((l) => l.id === id)!;
  const sendable = (t: IndexedThread) => linkOf(t.accountLinkId).status === "active" && linkOf(t.accountLinkId).capabilities.includes("message:send") && !t.restrictions.includes("message:send");
  const untouched = (contactId: string | null) => all.filter((t) => t.contactId === contactId).every((t) => t.assigneeId === null);
  const candidates = all.filter((t) => sendable(t) && t.contact && untouched(t.contactId));
  [hidden, open] = candidates.filter((t, i) => candidates.findIndex((c) => c.contactId === t.contactId) === i) as [IndexedThread, IndexedThread];

  const freePairs = all
    .filter((t) => t.contact && untouched(t.contactId) && t.contactId !== hidden.contactId && t.contactId !== open.contactId)
    .flatMap((t) =>
      t.contact!.profiles.flatMap((p) =>
        links
          .filter((l) => l.platform === p.platform && l.status === "active" && l.capabilities.includes("thread:create"))
          .filter((l) => !all.some((x) => x.accountLinkId === l.id && x.contactId === t.contactId))
          .map((l) => ({ contactId: t.contactId!, platform: p.platform, platformId: p.platformId, accountLinkId: l.id })),
      ),
    );
  hiddenPerson = freePairs[0]!;
  const other = freePairs.find((p) => p.contactId !== hiddenPerson.contactId)!;
  newPerson = { contactId: other.contactId, accountLinkId: other.accountLinkId };

  expect((await call(v2, "PATCH", `/api/v2/threads/${hidden.id}`, { cookie: cookies.manager, body: { assigneeId: marcusId } })).status).toBe(200);
  expect((await call(v2, "PATCH", `/api/v2/contacts/${hiddenPerson.contactId}`, { cookie: cookies.manager, body: { assigneeId: marcusId } })).status).toBe(200);
  expect((await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.admin, body: { memberVisibility: "assignedAndUnassigned" } })).status).toBe(200);
}, 60_000);
afterAll(() => bff.close());

function send(cookie: string | null, target: Record<string, string>, content: string) {
  return call(v2, "POST", "/api/v2/messages", { cookie, body: { target: { ...target }, content } });
}

function byContact(thread: IndexedThread) {
  return { type: "contact", accountLinkId: thread.accountLinkId, contactId: thread.contactId! };
}

function byProfile(thread: IndexedThread) {
  return { type: "profile", accountLinkId: thread.accountLinkId, platform: thread.profile!.platform, platformId: thread.profile!.platformId };
}

/** Every message content of a thread, read as the API holds it. */
async function contentsOf(threadId: string): Promise<string[]> {
  const contents: string[] = [];
  for await (const message of paginateItems((query) => bff.runtime.upstream.client.threads.messages(threadId, query), { limit: 100 })) contents.push(message.content ?? "");
  return contents;
}

async function threadsOf(contactId: string): Promise<Thread[]> {
  return (await bff.runtime.upstream.client.threads.list({ contactId, folder: "all", limit: 100 })).body.data;
}

/** The refusal names nothing of the hidden thread: not its ID, its assignee or its messages. */
async function expectHiddenRefusal(response: Response, code: string, thread?: IndexedThread) {
  expect(response.status).toBe(404);
  const text = await response.text();
  const body = errorBody.parse(JSON.parse(text));
  expect(body.code).toBe(code);
  expect(body.details).toBeNull();
  expect(text).not.toContain(marcusId);
  if (thread) {
    expect(text).not.toContain(thread.id);
    if (thread.lastMessage?.preview) expect(text).not.toContain(thread.lastMessage.preview);
  }
}

describe("sends by contact or profile, as a member who may not see the thread they land in", () => {
  it("refuses a contact or profile target whose thread is someone else's, and nothing is sent", async () => {
    expect(hidden.assigneeId).toBeNull();
    await expectHiddenRefusal(await send(cookies.member, byContact(hidden), "probe by contact"), "threadNotFound", hidden);
    await expectHiddenRefusal(await send(cookies.member, byProfile(hidden), "probe by profile"), "threadNotFound", hidden);
    const contents = await contentsOf(hidden.id);
    expect(contents).not.toContain("probe by contact");
    expect(contents).not.toContain("probe by profile");
    // The thread stays where it was: assigned to the other member.
    expect((await bff.runtime.upstream.client.threads.get(hidden.id)).body.assigneeId).toBe(marcusId);
  });

  it("refuses to start a thread with a contact assigned to someone else", async () => {
    const before = await threadsOf(hiddenPerson.contactId);
    await expectHiddenRefusal(
      await send(cookies.member, { type: "contact", accountLinkId: hiddenPerson.accountLinkId, contactId: hiddenPerson.contactId }, "probe new by contact"),
      "contactNotFound",
    );
    await expectHiddenRefusal(
      await send(cookies.member, { type: "profile", accountLinkId: hiddenPerson.accountLinkId, platform: hiddenPerson.platform, platformId: hiddenPerson.platformId }, "probe new by profile"),
      "threadNotFound",
    );
    expect((await threadsOf(hiddenPerson.contactId)).map((t) => t.id).sort()).toEqual(before.map((t) => t.id).sort());
  });

  it("refuses visitors without a session, and nothing is sent", async () => {
    const response = await send(null, byContact(hidden), "probe as outsider");
    expect(response.status).toBe(401);
    expect(errorBody.parse(await response.json()).code).toBe("unauthorized");
    expect(await contentsOf(hidden.id)).not.toContain("probe as outsider");
  });

  it("still sends where the member may see the thread, by contact, by profile, or into a new thread", async () => {
    const first = await send(cookies.member, byContact(open), "hello by contact");
    expect(first.status).toBe(201);
    expect((await first.json()).thread.id).toBe(open.id);
    const second = await send(cookies.member, byProfile(open), "hello by profile");
    expect(second.status).toBe(201);
    expect((await second.json()).thread.id).toBe(open.id);
    expect(await contentsOf(open.id)).toEqual(expect.arrayContaining(["hello by contact", "hello by profile"]));

    const started = await send(cookies.member, { type: "contact", ...newPerson }, "hello in a new thread");
    expect(started.status).toBe(201);
    const { thread } = (await started.json()) as { thread: Thread };
    expect(thread.accountLinkId).toBe(newPerson.accountLinkId);
    expect(thread.assigneeId === null || thread.assigneeId === samId).toBe(true);
  });

  it("leaves managers unaffected", async () => {
    const response = await send(cookies.manager, byContact(hidden), "a manager's reply");
    expect(response.status).toBe(201);
    expect((await response.json()).thread.id).toBe(hidden.id);
    expect(await contentsOf(hidden.id)).toContain("a manager's reply");
  });
});
