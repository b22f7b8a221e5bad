import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as commentRoute from "@/app/api/inbox/comments/[commentId]/route";
import * as commentsRoute from "@/app/api/inbox/comments/route";
import * as mentionsRoute from "@/app/api/inbox/mentions/route";
import * as mentionsReadRoute from "@/app/api/inbox/mentions/read/route";
import * as activityRoute from "@/app/api/inbox/activity/route";
import * as settingsRoute from "@/app/api/settings/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import type { ActivityEntry } from "@/lib/api/activity";
import type { Comment, MentionList } from "@/lib/api/comments";
import type { InboxEvent } from "@/lib/api/inbox-events";
import type { IndexedThread } from "../gateway/thread-query";
import { viewerFrom } from "../http/session";
import { visibleTo } from "../http/sse";
import { call, startTestBff, type TestBff } from "../testing/bff";

let bff: TestBff;
const cookies = { admin: "", marcus: "", sam: "", jonas: "" };
const ids = { admin: "", marcus: "", sam: "", jonas: "" };
/** Nobody is assigned: every member sees it. */
let open: IndexedThread;
/** Assigned to Marcus: under `assignedAndUnassigned`, hidden from Sam and Jonas. */
let hidden: IndexedThread;
const published: InboxEvent[] = [];

beforeAll(async () => {
  bff = await startTestBff();
  [cookies.admin, cookies.marcus, cookies.sam, cookies.jonas] = await Promise.all([bff.signIn("olivia"), bff.signIn("marcus"), bff.signIn("sam"), bff.signIn("jonas")]);
  for (const name of ["olivia", "marcus", "sam", "jonas"] as const) ids[name === "olivia" ? "admin" : name] = (await bff.runtime.users.get(`${name}@acme.test`))!.id;
  await bff.runtime.gateway.index.ready();
  const free = bff.runtime.gateway.index.all().filter((t) => t.assigneeId === null && (!t.contact || t.contact.assigneeId === null));
  [open, hidden] = free as [IndexedThread, IndexedThread];
  const marcusMember = (await bff.runtime.users.get("marcus@acme.test"))!.memberId!;
  expect((await call(v2, "PATCH", `/api/v2/threads/${hidden.id}`, { cookie: cookies.marcus, body: { assigneeId: marcusMember } })).status).toBe(200);
  expect((await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.admin, body: { memberVisibility: "assignedAndUnassigned" } })).status).toBe(200);
  bff.runtime.hub.subscribe({ accepts: () => true, send: ({ event }) => void published.push(event) }, null);
}, 60_000);
afterAll(() => bff.close());

const list = (cookie: string | null, threadId: string) => call(commentsRoute, "GET", `/api/inbox/comments?threadId=${threadId}`, { cookie });
const create = (cookie: string | null, body: unknown) => call(commentsRoute, "POST", "/api/inbox/comments", { cookie, body });
const edit = (cookie: string | null, commentId: string, body: unknown) => call(commentRoute, "PATCH", `/api/inbox/comments/${commentId}`, { cookie, body, params: { commentId } });
const remove = (cookie: string | null, commentId: string) => call(commentRoute, "DELETE", `/api/inbox/comments/${commentId}`, { cookie, params: { commentId } });
const mentions = async (cookie: string): Promise<MentionList> => (await call(mentionsRoute, "GET", "/api/inbox/mentions", { cookie })).json();
const markRead = (cookie: string | null, body: unknown) => call(mentionsReadRoute, "POST", "/api/inbox/mentions/read", { cookie, body });
const made = async (cookie: string, body: unknown): Promise<Comment> => {
  const answer = await create(cookie, body);
  expect(answer.status).toBe(201);
  return answer.json();
};

describe("/api/inbox/comments", () => {
  it("keeps a comment in the thread for the team, mentions as user IDs with names, and tells every browser", async () => {
    published.length = 0;
    const comment = await made(cookies.marcus, { threadId: open.id, body: "@Sam Rivera can you check the order?", mentions: [ids.sam, ids.sam] });
    expect(comment).toMatchObject({ threadId: open.id, authorId: ids.marcus, authorName: "Marcus Lee", mentions: [{ userId: ids.sam, name: "Sam Rivera" }], editedAt: null });
    // A member who sees the thread reads it too.
    const seen = (await (await list(cookies.jonas, open.id)).json()) as { data: Comment[] };
    expect(seen.data.map((c) => c.id)).toContain(comment.id);
    expect(published).toContainEqual({ type: "comments", threadId: open.id, commentId: comment.id, change: "created", by: { userId: ids.marcus, name: "Marcus Lee" }, mentioned: [ids.sam] });
  });

  it("puts the mention in the mentioned member's Mentions view, unread, until it is read", async () => {
    const comment = await made(cookies.marcus, { threadId: open.id, body: "@Sam Rivera one more thing", mentions: [ids.sam] });
    const before = await mentions(cookies.sam);
    const mine = before.data.find((m) => m.commentId === comment.id)!;
    expect(mine).toMatchObject({ threadId: open.id, byName: "Marcus Lee", snippet: "@Sam Rivera one more thing", readAt: null, thread: expect.objectContaining({ id: open.id }) });
    expect(before.data[0]!.commentId).toBe(comment.id);
    expect(before.unread).toBe(before.data.filter((m) => m.readAt === null).length);
    // Nobody else is told of it as theirs.
    expect((await mentions(cookies.jonas)).data.some((m) => m.commentId === comment.id)).toBe(false);

    const answer = await markRead(cookies.sam, { commentIds: [comment.id] });
    expect(await answer.json()).toEqual({ unread: before.unread - 1 });
    expect((await mentions(cookies.sam)).data.find((m) => m.commentId === comment.id)!.readAt).not.toBeNull();
    expect(await (await markRead(cookies.sam, { all: true })).json()).toEqual({ unread: 0 });
  });

  it("lets only the author edit, notifies whoever an edit newly mentions, and drops a mention an edit removes", async () => {
    const comment = await made(cookies.sam, { threadId: open.id, body: "Draft note", mentions: [] });
    expect((await edit(cookies.marcus, comment.id, { body: "Not mine" })).status).toBe(403);
    expect((await edit(cookies.admin, comment.id, { body: "Not mine either" })).status).toBe(403);
    published.length = 0;
    const edited = (await (await edit(cookies.sam, comment.id, { body: "@Jonas Berg please look", mentions: [ids.jonas] })).json()) as Comment;
    expect(edited).toMatchObject({ body: "@Jonas Berg please look", editedAt: expect.any(String), mentions: [{ userId: ids.jonas, name: "Jonas Berg" }] });
    expect(published).toContainEqual(expect.objectContaining({ type: "comments", change: "updated", mentioned: [ids.jonas] }));
    expect((await mentions(cookies.jonas)).data.some((m) => m.commentId === comment.id)).toBe(true);
    await edit(cookies.sam, comment.id, { body: "Never mind", mentions: [] });
    expect((await mentions(cookies.jonas)).data.some((m) => m.commentId === comment.id)).toBe(false);
  });

  it("lets the author or an admin delete, not a manager; a deleted comment leaves the timeline and the Mentions view", async () => {
    const comment = await made(cookies.sam, { threadId: open.id, body: "@Jonas Berg temp", mentions: [ids.jonas] });
    expect((await remove(cookies.marcus, comment.id)).status).toBe(403);
    expect((await remove(cookies.jonas, comment.id)).status).toBe(403);
    expect((await remove(cookies.sam, comment.id)).status).toBe(204);
    expect(((await (await list(cookies.sam, open.id)).json()) as { data: Comment[] }).data.some((c) => c.id === comment.id)).toBe(false);
    expect((await mentions(cookies.jonas)).data.some((m) => m.commentId === comment.id)).toBe(false);
    expect(await (await remove(cookies.sam, comment.id)).json()).toMatchObject({ code: "commentNotFound" });
    const other = await made(cookies.jonas, { threadId: open.id, body: "Something to moderate" });
    expect((await remove(cookies.admin, other.id)).status).toBe(204);
  });

  it("writes 'commented' and 'mentioned' into the thread's activity log", async () => {
    const comment = await made(cookies.marcus, { threadId: open.id, body: "@Sam Rivera logged", mentions: [ids.sam] });
    const entries = ((await (await call(activityRoute, "GET", `/api/inbox/activity?threadId=${open.id}`, { cookie: cookies.marcus })).json()) as { data: ActivityEntry[] }).data;
    const ofIt = entries.filter((e) => (e.after as { commentId?: string } | null)?.commentId === comment.id);
    expect(ofIt.map((e) => e.action).sort()).toEqual(["comments.create", "comments.mention"]);
    expect(ofIt.find((e) => e.action === "comments.mention")!.after).toMatchObject({ names: ["Sam Rivera"] });
  });

  it("answers a thread the member cannot see as a missing one, and its comments too", async () => {
    const theirs = await made(cookies.marcus, { threadId: hidden.id, body: "Manager's note" });
    for (const answer of [await list(cookies.sam, hidden.id), await create(cookies.sam, { threadId: hidden.id, body: "x" })]) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ code: "threadNotFound" });
    }
    // Even its author could not reach it once hidden; here a member names a hidden comment by ID.
    for (const answer of [await edit(cookies.sam, theirs.id, { body: "x" }), await remove(cookies.sam, theirs.id)]) expect(await answer.json()).toMatchObject({ code: "commentNotFound" });
    // The live event reaches only those who see the thread.
    const event = published.find((e) => e.type === "comments" && e.commentId === theirs.id)!;
    const viewer = async (cookie: string) => (await viewerFrom(new Headers({ cookie }), bff.runtime))!;
    expect(visibleTo(event, await viewer(cookies.sam), bff.runtime)).toBe(false);
    expect(visibleTo(event, await viewer(cookies.marcus), bff.runtime)).toBe(true);
  });

  it("refuses to mention a teammate who cannot see the thread, naming them, and stores nothing", async () => {
    const before = (await (await list(cookies.marcus, hidden.id)).json()) as { data: Comment[] };
    const answer = await create(cookies.marcus, { threadId: hidden.id, body: "@Sam Rivera look", mentions: [ids.sam] });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ code: "mentionNotVisible", details: { userIds: [ids.sam] } });
    expect(((await (await list(cookies.marcus, hidden.id)).json()) as { data: Comment[] }).data).toHaveLength(before.data.length);
    expect((await mentions(cookies.sam)).data.some((m) => m.threadId === hidden.id)).toBe(false);
    // An admin may be mentioned anywhere: they see every thread.
    expect((await create(cookies.marcus, { threadId: hidden.id, body: "@Olivia Hart look", mentions: [ids.admin] })).status).toBe(201);
  });

  it("answers visitors with 401 and bad input with 400 invalidRequest", async () => {
    const comment = await made(cookies.sam, { threadId: open.id, body: "Mine" });
    for (const answer of [
      await list(null, open.id),
      await create(null, { threadId: open.id, body: "x" }),
      await edit(null, comment.id, { body: "x" }),
      await remove(null, comment.id),
      await call(mentionsRoute, "GET", "/api/inbox/mentions", { cookie: null }),
      await markRead(null, { all: true }),
    ])
      expect(answer.status).toBe(401);
    for (const body of [
      { threadId: open.id, body: "   " },
      { threadId: open.id, body: "x".repeat(5_001) },
      { threadId: "NOT AN ID", body: "x" },
      { threadId: open.id, body: "x", mentions: ["bad id!"] },
      { threadId: open.id, body: "x", mentions: ["nobodyatall"] },
      { threadId: open.id, body: "x", authorId: ids.admin },
      "not json",
    ]) {
      const answer = await create(cookies.sam, body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: "invalidRequest", requestId: expect.any(String) });
    }
    expect((await markRead(cookies.sam, { commentIds: [] })).status).toBe(400);
    expect((await edit(cookies.sam, "no-such-comment", { body: "x" })).status).toBe(404);
  });
});
