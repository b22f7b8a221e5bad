import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as draftsRoute from "@/app/api/inbox/drafts/route";
import * as settingsRoute from "@/app/api/settings/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import type { Draft, ThreadDrafts } from "@/lib/api/drafts";
import type { InboxEvent } from "@/lib/api/inbox-events";
import type { IndexedThread } from "../gateway/thread-query";
import { viewerFrom } from "../http/session";
import { visibleTo } from "../http/sse";
import { call, startTestBff, type TestBff } from "../testing/bff";

let bff: TestBff;
const cookies = { admin: "", marcus: "", sam: "", jonas: "" };
/** Nobody is assigned: every member sees it. */
let open: IndexedThread;
/** Assigned to Marcus: under `assignedAndUnassigned`, hidden from Sam and Jonas. */
let hidden: IndexedThread;
/** Nobody is assigned either: deleted by a test. */
let doomed: IndexedThread;
const published: InboxEvent[] = [];

beforeAll(async () => {
  bff = await startTestBff();
  [cookies.admin, cookies.marcus, cookies.sam, cookies.jonas] = await Promise.all([bff.signIn("olivia"), bff.signIn("marcus"), bff.signIn("sam"), bff.signIn("jonas")]);
  await bff.runtime.gateway.index.ready();
  const free = bff.runtime.gateway.index.all().filter((t) => t.assigneeId === null && (!t.contact || t.contact.assigneeId === null));
  [open, hidden, doomed] = free as [IndexedThread, IndexedThread, IndexedThread];
  const marcusId = (await bff.runtime.users.get("marcus@acme.test"))!.memberId!;
  expect((await call(v2, "PATCH", `/api/v2/threads/${hidden.id}`, { cookie: cookies.marcus, body: { assigneeId: marcusId } })).status).toBe(200);
  expect((await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.admin, body: { memberVisibility: "assignedAndUnassigned" } })).status).toBe(200);
  bff.runtime.hub.subscribe({ accepts: () => true, send: ({ event }) => void published.push(event) }, null);
}, 60_000);
afterAll(() => bff.close());

const read = (cookie: string | null, threadId: string) => call(draftsRoute, "GET", `/api/inbox/drafts?threadId=${threadId}`, { cookie });
const save = (cookie: string | null, body: unknown) => call(draftsRoute, "PUT", "/api/inbox/drafts", { cookie, body });
const remove = (cookie: string | null, threadId: string) => call(draftsRoute, "DELETE", `/api/inbox/drafts?threadId=${threadId}`, { cookie });
const draftsOf = async (cookie: string, threadId: string): Promise<ThreadDrafts> => (await read(cookie, threadId)).json();

describe("/api/inbox/drafts", () => {
  it("keeps the member's draft, stamped by the server, and gives it back on any device", async () => {
    expect(await draftsOf(cookies.sam, open.id)).toEqual({ draft: null, holders: [] });
    const first = (await (await save(cookies.sam, { threadId: open.id, text: "Hi Ana, about your order" })).json()) as Draft;
    expect(first).toMatchObject({ threadId: open.id, text: "Hi Ana, about your order", updatedAt: expect.any(String) });
    const second = (await (await save(cookies.sam, { threadId: open.id, text: "Hi Ana, about your order #42" })).json()) as Draft;
    expect(Date.parse(second.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
    // Another session of the same member (another device) reads the latest text.
    const otherDevice = await bff.signIn("sam");
    expect(await draftsOf(otherDevice, open.id)).toEqual({ draft: second, holders: [{ userId: expect.any(String), name: "Sam Rivera" }] });
  });

  it("never shows a teammate the text: they see who holds a draft, live, and their own draft apart", async () => {
    await save(cookies.sam, { threadId: open.id, text: "Sam's private wording" });
    published.length = 0;
    await save(cookies.jonas, { threadId: open.id, text: "Jonas's wording" });
    const jonasView = await draftsOf(cookies.jonas, open.id);
    expect(jonasView.draft?.text).toBe("Jonas's wording");
    expect(jonasView.holders.map((h) => h.name)).toEqual(["Jonas Berg", "Sam Rivera"].sort());
    expect(JSON.stringify(jonasView)).not.toContain("Sam's private wording");
    const marcusView = await draftsOf(cookies.marcus, open.id);
    expect(marcusView.draft).toBeNull();
    expect(JSON.stringify(marcusView)).not.toContain("wording");
    // A new holder is told to every open browser, by name only; saving again is not news.
    expect(published).toEqual([{ type: "drafts", threadId: open.id, holders: jonasView.holders }]);
    await save(cookies.jonas, { threadId: open.id, text: "Jonas's wording, longer" });
    expect(published).toHaveLength(1);
  });

  it("clears a sent draft, tells the team, and takes a repeated clear calmly", async () => {
    await save(cookies.jonas, { threadId: open.id, text: "Sending this" });
    published.length = 0;
    expect((await remove(cookies.jonas, open.id)).status).toBe(204);
    expect((await draftsOf(cookies.jonas, open.id)).draft).toBeNull();
    expect(published).toEqual([{ type: "drafts", threadId: open.id, holders: [expect.objectContaining({ name: "Sam Rivera" })] }]);
    expect((await remove(cookies.jonas, open.id)).status).toBe(204);
    expect(published).toHaveLength(1);
    // Sam's own draft is untouched by Jonas's send.
    expect((await draftsOf(cookies.sam, open.id)).draft?.text).toBe("Sam's private wording");
  });

  it("drops everyone's draft of a deleted conversation when its event is applied, and tells the team", async () => {
    const gone = doomed;
    expect((await save(cookies.sam, { threadId: gone.id, text: "Never sent" })).status).toBe(200);
    expect((await save(cookies.marcus, { threadId: gone.id, text: "Nor this" })).status).toBe(200);
    expect(await bff.runtime.drafts.holders(gone.id)).toHaveLength(2);
    published.length = 0;
    expect((await call(v2, "DELETE", `/api/v2/threads/${gone.id}`, { cookie: cookies.marcus })).status).toBeLessThan(300);
    // The deletion's event, as replay (or a webhook) brings it.
    await bff.runtime.events.catchUp();
    await expect.poll(() => bff.runtime.drafts.holders(gone.id)).toEqual([]);
    expect(published).toContainEqual({ type: "drafts", threadId: gone.id, holders: [] });
  });

  it("answers a thread the member cannot see as a missing one, on every method", async () => {
    for (const answer of [await read(cookies.sam, hidden.id), await save(cookies.sam, { threadId: hidden.id, text: "x" }), await remove(cookies.sam, hidden.id)]) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ code: "threadNotFound" });
    }
    published.length = 0;
    expect((await save(cookies.marcus, { threadId: hidden.id, text: "Marcus's reply" })).status).toBe(200);
    // Who holds a draft there is streamed only to those who may see the thread.
    const event = published.find((e) => e.type === "drafts" && e.threadId === hidden.id)!;
    const viewer = async (cookie: string) => (await viewerFrom(new Headers({ cookie }), bff.runtime))!;
    expect(visibleTo(event, await viewer(cookies.sam), bff.runtime)).toBe(false);
    expect(visibleTo(event, await viewer(cookies.marcus), bff.runtime)).toBe(true);
  });

  it("answers visitors with 401 and bad input with 400 invalidRequest", async () => {
    for (const answer of [await read(null, open.id), await save(null, { threadId: open.id, text: "x" }), await remove(null, open.id)]) expect(answer.status).toBe(401);
    for (const body of [{ threadId: open.id, text: "" }, { threadId: "NOT AN ID", text: "x" }, { threadId: open.id, text: "x".repeat(50_001) }, { threadId: open.id, text: "x", userId: "someone" }, "not json"]) {
      const answer = await save(cookies.sam, body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: "invalidRequest", requestId: expect.any(String) });
    }
    expect((await call(draftsRoute, "GET", "/api/inbox/drafts", { cookie: cookies.sam })).status).toBe(400);
  });
});
