import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activityRoute from "@/app/api/inbox/activity/route";
import * as settingsRoute from "@/app/api/settings/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import { activityPage } from "@/lib/api/activity";
import { errorBody } from "@/lib/api/error-schemas";
import type { IndexedThread } from "../gateway/thread-query";
import { call, startTestBff, type TestBff } from "../testing/bff";

/**
 * Under `memberVisibility: assignedAndUnassigned`, the activity log of a contact the member
 * may see leaves out what happened in its threads they may not (entries hold message text).
 */
let bff: TestBff;
const cookies = { admin: "", manager: "", member: "" };
let marcusId = "";
/** Two threads of one unassigned contact: `hidden` is then assigned to someone else. */
let hidden: IndexedThread;
let shown: IndexedThread;
const SECRET = "Quote for the hidden thread: 4,200";

beforeAll(async () => {
  bff = await startTestBff();
  cookies.admin = await bff.signIn("olivia");
  cookies.manager = await bff.signIn("marcus");
  cookies.member = await bff.signIn("sam");
  marcusId = (await bff.runtime.users.get("marcus@acme.test"))!.memberId!;
  await bff.runtime.gateway.index.ready();
  const all = bff.runtime.gateway.index.all();
  const sendable = (t: IndexedThread) => !t.restrictions.includes("message:send");
  const pair = all
    .filter((t) => t.contact && t.contact.assigneeId === null && t.assigneeId === null && sendable(t))
    .map((t) => [t, all.find((o) => o.id !== t.id && o.contactId === t.contactId && o.assigneeId === null && sendable(o))] as const)
    .filter(([, other]) => other);
  // Both threads have entries naming the contact: messages sent while everyone could see them.
  for (const [a, b] of pair) {
    const first = await call(v2, "POST", "/api/v2/messages", { cookie: cookies.member, body: { target: { type: "thread", threadId: a.id }, content: SECRET } });
    const second = await call(v2, "POST", "/api/v2/messages", { cookie: cookies.member, body: { target: { type: "thread", threadId: b!.id }, content: "Shown reply" } });
    if (first.status === 201 && second.status === 201) {
      [hidden, shown] = [a, b!];
      break;
    }
  }
  expect(hidden).toBeDefined();
  expect((await call(v2, "PATCH", `/api/v2/contacts/${hidden.contactId}`, { cookie: cookies.member, body: { notes: "Prefers mornings" } })).status).toBe(200);
  expect((await call(v2, "PATCH", `/api/v2/threads/${hidden.id}`, { cookie: cookies.manager, body: { assigneeId: marcusId } })).status).toBe(200);
  expect((await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.admin, body: { memberVisibility: "assignedAndUnassigned" } })).status).toBe(200);
}, 60_000);
afterAll(() => bff.close());

function log(cookie: string | null, query: string) {
  return call(activityRoute, "GET", `/api/inbox/activity?${query}`, { cookie });
}

async function entries(cookie: string, query: string) {
  const response = await log(cookie, query);
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, data: activityPage.parse(JSON.parse(text)).data };
}

describe("activity under assignedAndUnassigned", () => {
  it("a visible contact's activity leaves out its hidden thread, message text and all", async () => {
    const { text, data } = await entries(cookies.member, `contactId=${hidden.contactId}`);
    expect(data.some((e) => e.threadId === shown.id && e.action === "messages.send")).toBe(true);
    expect(data.some((e) => e.action === "contacts.update" && e.threadId === null)).toBe(true);
    expect(data.some((e) => e.threadId === hidden.id)).toBe(false);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(hidden.id);
  });

  it("so does every other filter and the CSV export", async () => {
    for (const query of [`contactId=${hidden.contactId}&action=messages.send`, `contactId=${hidden.contactId}&limit=1000`, `contactId=${hidden.contactId}&threadId=${shown.id}`]) {
      const { text, data } = await entries(cookies.member, query);
      expect(data.every((e) => e.threadId !== hidden.id)).toBe(true);
      expect(text).not.toContain(SECRET);
    }
    const csv = await log(cookies.member, `contactId=${hidden.contactId}&format=csv`);
    expect(csv.status).toBe(200);
    const body = await csv.text();
    expect(body).toContain(shown.id);
    expect(body).not.toContain(SECRET);
    expect(body).not.toContain(hidden.id);
  });

  it("the hidden thread's own activity reads as missing", async () => {
    const response = await log(cookies.member, `threadId=${hidden.id}`);
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(errorBody.parse(JSON.parse(text)).code).toBe("threadNotFound");
    expect(text).not.toContain(SECRET);
  });

  it("refuses visitors without a session", async () => {
    const response = await log(null, `contactId=${hidden.contactId}`);
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain(SECRET);
  });

  it("managers still see everything", async () => {
    const { data, text } = await entries(cookies.manager, `contactId=${hidden.contactId}`);
    expect(data.some((e) => e.threadId === hidden.id)).toBe(true);
    expect(text).toContain(SECRET);
  });

  it("follows the setting: with `all` the member sees the thread's activity again", async () => {
    expect((await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.admin, body: { memberVisibility: "all" } })).status).toBe(200);
    const { data } = await entries(cookies.member, `contactId=${hidden.contactId}`);
    expect(data.some((e) => e.threadId === hidden.id)).toBe(true);
  });
});
