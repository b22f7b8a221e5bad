import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activityRoute from "@/app/api/inbox/activity/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import { activityPage } from "@/lib/api/activity";
import { call, startTestBff, type TestBff } from "../testing/bff";

let bff: TestBff;
let member = "";
let manager = "";

beforeAll(async () => {
  bff = await startTestBff();
  member = await bff.signIn("sam");
  manager = await bff.signIn("marcus");
  await bff.runtime.gateway.index.ready();
}, 60_000);
afterAll(() => bff.close());

async function log(cookie: string, query: string) {
  const response = await call(activityRoute, "GET", `/api/inbox/activity?${query}`, { cookie });
  return { status: response.status, body: await response.json() };
}

describe("the activity log", () => {
  it("records who sent a message through the inbox, with the message and its thread", async () => {
    const threads = bff.runtime.gateway.index.all();
    let sent: { message: { id: string; threadId: string } } | null = null;
    for (const thread of threads) {
      const response = await call(v2, "POST", "/api/v2/messages", { cookie: member, body: { target: { type: "thread", threadId: thread.id }, content: "Logged reply" } });
      if (response.ok) {
        sent = await response.json();
        break;
      }
    }
    expect(sent).not.toBeNull();
    const { status, body } = await log(member, `threadId=${sent!.message.threadId}`);
    expect(status).toBe(200);
    const entry = activityPage.parse(body).data[0]!;
    expect(entry).toMatchObject({ action: "messages.send", userName: "Sam Rivera", threadId: sent!.message.threadId, messageId: sent!.message.id });
    expect(entry.requestId).toMatch(/^req/);
  });

  it("records how far an unsend went, from the DELETE's query: the contact may still see it", async () => {
    const threads = bff.runtime.gateway.index.all();
    let unsent: { id: string; threadId: string } | null = null;
    for (const thread of threads) {
      const response = await call(v2, "POST", "/api/v2/messages", { cookie: member, body: { target: { type: "thread", threadId: thread.id }, content: "Sent too soon" } });
      if (!response.ok) continue;
      const { message } = (await response.json()) as { message: { id: string; threadId: string } };
      if ((await call(v2, "DELETE", `/api/v2/messages/${message.id}?scope=self`, { cookie: member })).ok) {
        unsent = message;
        break;
      }
    }
    expect(unsent).not.toBeNull();
    const entry = activityPage.parse((await log(member, `threadId=${unsent!.threadId}`)).body).data[0]!;
    expect(entry).toMatchObject({ action: "messages.delete", messageId: unsent!.id, after: { scope: "self" } });
  });

  it("records a thread change with what it was before and after", async () => {
    const thread = bff.runtime.gateway.index.all()[0]!;
    const archived = thread.archived;
    const response = await call(v2, "PATCH", `/api/v2/threads/${thread.id}`, { cookie: member, body: { archived: !archived } });
    expect(response.status).toBe(200);
    const entry = activityPage.parse((await log(member, `threadId=${thread.id}`)).body).data[0]!;
    expect(entry).toMatchObject({ action: "threads.update", before: { archived }, after: { archived: !archived }, userName: "Sam Rivera" });
  });

  it("does not record a refused write", async () => {
    const before = activityPage.parse((await log(manager, "limit=500")).body).data.length;
    const refused = await call(v2, "POST", "/api/v2/tags", { cookie: member, body: { name: "Members cannot", color: "red" } });
    expect(refused.status).toBe(403);
    expect(activityPage.parse((await log(manager, "limit=500")).body).data).toHaveLength(before);
  });

  it("is team-wide for managers only, and checks its filters", async () => {
    expect((await log(member, "")).status).toBe(403);
    expect((await log(manager, "")).status).toBe(200);
    expect((await log(member, "threadId=NOT-AN-ID")).status).toBe(400);
  });

  it("filters the team's activity by member, action and time, and exports it as CSV", async () => {
    const samMember = (await bff.runtime.users.get("sam@acme.test"))!.memberId!;
    const mine = activityPage.parse((await log(manager, `memberId=${samMember}&action=threads.update`)).body).data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.userName === "Sam Rivera" && e.action === "threads.update")).toBe(true);
    const future = activityPage.parse((await log(manager, `from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body).data;
    expect(future).toEqual([]);

    const csv = await call(activityRoute, "GET", `/api/inbox/activity?format=csv&memberId=${samMember}`, { cookie: manager });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="inbox-activity-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await csv.text()).trim().split("\n");
    expect(lines[0]).toBe("time,member,memberId,action,threadId,contactId,messageId,before,after,requestId");
    expect(lines.slice(1).every((line) => line.includes("Sam Rivera"))).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
    expect((await log(member, "format=csv")).status).toBe(403);
  });
});
