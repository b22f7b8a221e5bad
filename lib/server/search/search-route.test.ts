import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as searchRoute from "@/app/api/inbox/search/route";
import * as settingsRoute from "@/app/api/settings/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import { errorBody } from "@/lib/api/error-schemas";
import { searchPage } from "@/lib/api/search";
import type { IndexedThread } from "../gateway/thread-query";
import { call, startTestBff, type TestBff } from "../testing/bff";

/**
 * Message search through the BFF: an older message of a thread (not its latest, which the
 * API's `q` already covers) is found, though nobody opened the thread — the first search reads
 * the threads it covers — and a member never gets hits from a thread they may not see.
 */
let bff: TestBff;
const cookies = { admin: "", manager: "", member: "" };
let marcusId = "";
let thread: IndexedThread;
let olderId = "";
const WORD = "Zanzibarquux";

beforeAll(async () => {
  bff = await startTestBff();
  cookies.admin = await bff.signIn("olivia");
  cookies.manager = await bff.signIn("marcus");
  cookies.member = await bff.signIn("sam");
  marcusId = (await bff.runtime.users.get("marcus@acme.test"))!.memberId!;
  await bff.runtime.gateway.index.ready();
  const candidates = bff.runtime.gateway.index.all().filter((t) => t.assigneeId === null && !t.restrictions.includes("message:send"));
  for (const candidate of candidates) {
    const older = await call(v2, "POST", "/api/v2/messages", { cookie: cookies.member, body: { target: { type: "thread", threadId: candidate.id }, content: `We use HubSpot today (${WORD}) but may move.` } });
    if (older.status !== 201) continue;
    olderId = ((await older.json()) as { message: { id: string } }).message.id;
    const latest = await call(v2, "POST", "/api/v2/messages", { cookie: cookies.member, body: { target: { type: "thread", threadId: candidate.id }, content: "Talk tomorrow then." } });
    expect(latest.status).toBe(201);
    thread = candidate;
    break;
  }
  expect(thread).toBeDefined();
}, 60_000);
afterAll(() => bff.close());

async function search(cookie: string, q: string) {
  const response = await call(searchRoute, "GET", `/api/inbox/search?q=${encodeURIComponent(q)}`, { cookie });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as unknown };
}

async function answer(cookie: string, q: string) {
  const reply = await search(cookie, q);
  expect(reply.status).toBe(200);
  return searchPage.parse(reply.json);
}

async function hits(cookie: string, q: string) {
  return (await answer(cookie, q)).data;
}

describe("GET /api/inbox/search", () => {
  it("finds an older message of a thread nobody opened once the first search has read it, highlighted, with its thread", async () => {
    await bff.runtime.searchFeed.idle();
    const first = await answer(cookies.member, WORD.toLowerCase());
    expect(first.pending).toBeGreaterThan(0);
    await bff.runtime.searchFeed.idle();
    const again = await answer(cookies.member, "zanzibar");
    expect(again.pending).toBe(0);
    const [hit, ...rest] = again.data;
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ messageId: olderId, threadId: thread.id, direction: "outbound", author: "Sam Rivera" });
    expect(hit!.snippet.filter((p) => p.match).map((p) => p.text)).toEqual([WORD]);
    expect(hit!.thread.id).toBe(thread.id);
    expect(hit!.thread.profile).toBeDefined();
  });

  it("applies operators: from:me, phrases, dates", async () => {
    expect((await hits(cookies.member, `from:me ${WORD}`)).map((h) => h.messageId)).toEqual([olderId]);
    expect(await hits(cookies.manager, `from:me ${WORD}`)).toEqual([]);
    expect((await hits(cookies.member, `"hubspot today" ${WORD}`)).map((h) => h.messageId)).toEqual([olderId]);
    expect(await hits(cookies.member, `"today hubspot" ${WORD}`)).toEqual([]);
    expect(await hits(cookies.member, `${WORD} before:2000-01-01`)).toEqual([]);
  });

  it("says what is wrong with a malformed query", async () => {
    const answer = await search(cookies.member, "hubspot before:yesterday");
    expect(answer.status).toBe(400);
    expect(errorBody.parse(answer.json)).toMatchObject({ code: "invalidRequest", message: "before: needs a date like 2026-11-01" });
    expect((await search(cookies.member, "")).status).toBe(400);
  });

  it("never answers a member from a thread they may not see", async () => {
    expect((await call(v2, "PATCH", `/api/v2/threads/${thread.id}`, { cookie: cookies.manager, body: { assigneeId: marcusId } })).status).toBe(200);
    expect((await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.admin, body: { memberVisibility: "assignedAndUnassigned" } })).status).toBe(200);
    for (const q of [WORD, `from:me ${WORD}`, `"hubspot today"`, "from:me", `${WORD} is:read`, `${WORD} is:unread`]) {
      const answer = await search(cookies.member, q);
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(WORD);
      expect(answer.text).not.toContain(thread.id);
    }
    expect((await hits(cookies.manager, WORD)).map((h) => h.messageId)).toEqual([olderId]);
  });

  it("refuses visitors without a session", async () => {
    expect((await search("", WORD)).status).toBe(401);
  });
});
