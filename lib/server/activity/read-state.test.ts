import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as countsRoute from "@/app/api/inbox/counts/route";
import * as readsRoute from "@/app/api/inbox/reads/route";
import { readMarks } from "@/lib/api/read-state";
import { call, startTestBff, type TestBff } from "../testing/bff";

let bff: TestBff;
let owner = "";
let member = "";

beforeAll(async () => {
  bff = await startTestBff();
  owner = await bff.signIn("olivia");
  member = await bff.signIn("sam");
  await bff.runtime.gateway.index.ready();
}, 60_000);
afterAll(() => bff.close());

const unreadThread = () => bff.runtime.gateway.index.all().find((t) => t.unread && !t.archived && t.lastMessage?.direction === "inbound")!;
const inboxUnread = async (cookie: string) => (await (await call(countsRoute, "GET", "/api/inbox/counts", { cookie })).json()).folders.inbox.unread as number;

describe("per-member read state", () => {
  it("a member reading a thread changes it for that member only, not the owner's flag", async () => {
    const thread = unreadThread();
    const [memberBefore, ownerBefore] = [await inboxUnread(member), await inboxUnread(owner)];

    const response = await call(readsRoute, "POST", "/api/inbox/reads", { cookie: member, body: { threadId: thread.id, read: true } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ mark: { threadId: thread.id, readAt: thread.lastMessage!.sentAt }, ownerUnread: true });
    expect(bff.runtime.gateway.index.get(thread.id)!.unread).toBe(true);

    expect(await inboxUnread(member)).toBe(memberBefore - 1);
    expect(await inboxUnread(owner)).toBe(ownerBefore);
    const marks = readMarks.parse(await (await call(readsRoute, "GET", "/api/inbox/reads", { cookie: member })).json());
    expect(marks.data).toContainEqual({ threadId: thread.id, readAt: thread.lastMessage!.sentAt });
    const ownerMarks = readMarks.parse(await (await call(readsRoute, "GET", "/api/inbox/reads", { cookie: owner })).json());
    expect(ownerMarks.data.find((m) => m.threadId === thread.id)).toBeUndefined();
  });

  it("the owner's reading is the API's flag: it is kept in sync upstream", async () => {
    const thread = unreadThread();
    const read = await call(readsRoute, "POST", "/api/inbox/reads", { cookie: owner, body: { threadId: thread.id, read: true } });
    expect((await read.json()).ownerUnread).toBe(false);
    expect(bff.runtime.gateway.index.get(thread.id)!.unread).toBe(false);
    const { body } = await bff.runtime.upstream.client.threads.get(thread.id);
    expect(body.unread).toBe(false);

    const unread = await call(readsRoute, "POST", "/api/inbox/reads", { cookie: owner, body: { threadId: thread.id, read: false } });
    expect(await unread.json()).toMatchObject({ mark: { readAt: null }, ownerUnread: true });
    expect((await bff.runtime.upstream.client.threads.get(thread.id)).body.unread).toBe(true);
  });

  it("a read mark only moves forward, and marking unread holds until read again", async () => {
    const userId = (await bff.runtime.users.get("sam@acme.test"))!.id;
    await bff.runtime.reads.mark(userId, "thrforward", "2026-11-23T10:00:00.000Z");
    expect(await bff.runtime.reads.mark(userId, "thrforward", "2026-11-23T09:00:00.000Z")).toEqual({ threadId: "thrforward", readAt: "2026-11-23T10:00:00.000Z" });
    expect(await bff.runtime.reads.mark(userId, "thrforward", null)).toEqual({ threadId: "thrforward", readAt: null });
    expect(await bff.runtime.reads.mark(userId, "thrforward", "2026-11-23T08:00:00.000Z")).toEqual({ threadId: "thrforward", readAt: "2026-11-23T08:00:00.000Z" });
  });

  it("refuses bad input and unknown threads with the spec's error body", async () => {
    const bad = await call(readsRoute, "POST", "/api/inbox/reads", { cookie: member, body: { threadId: "NOT VALID", read: "yes" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("invalidRequest");
    const unknown = await call(readsRoute, "POST", "/api/inbox/reads", { cookie: member, body: { threadId: "thrdoesnotexist", read: true } });
    expect(unknown.status).toBe(404);
    expect(await call(readsRoute, "GET", "/api/inbox/reads", {}).then((r) => r.status)).toBe(401);
  });
});
