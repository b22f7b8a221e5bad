import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sendRoute from "@/app/api/inbox/scheduled-sends/[sendId]/route";
import * as sendsRoute from "@/app/api/inbox/scheduled-sends/route";
import * as sandboxRoute from "@/app/api/sandbox/[...path]/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import { errorBody } from "@/lib/api/error-schemas";
import { scheduledSend as sendSchema, scheduledSendList, type ScheduledSend } from "@/lib/api/scheduled-sends";
import type { IndexedThread } from "../gateway/thread-query";
import { call, startTestBff, underAssignedAndUnassigned, type TestBff } from "../testing/bff";

/**
 * Scheduled sends through the BFF, on the demo sandbox's clock: a reply scheduled for later
 * goes out once when the clock (moved as an admin) passes its time, through an outage too;
 * one whose thread may no longer take it fails with the reason and keeps its words; only its
 * author edits it, its author or a manager cancels it; a member never reaches one on a thread
 * outside their visibility.
 */
let bff: TestBff;
const cookies = { admin: "", manager: "", member: "", other: "" };
let open: IndexedThread[] = [];
let hidden: IndexedThread;

beforeAll(async () => {
  bff = await startTestBff();
  cookies.admin = await bff.signIn("olivia");
  cookies.manager = await bff.signIn("marcus");
  cookies.member = await bff.signIn("sam");
  cookies.other = await bff.signIn("jonas");
  await bff.runtime.gateway.index.ready();
  const samId = (await bff.runtime.users.get("sam@acme.test"))!.memberId!;
  const links = (await (await call(v2, "GET", "/api/v2/account-links?limit=100", { cookie: cookies.admin })).json()) as { data: { id: string; status: string }[] };
  const active = new Set(links.data.filter((l) => l.status === "active").map((l) => l.id));
  const all = bff.runtime.gateway.index.all();
  open = all.filter((t) => t.assigneeId === null && active.has(t.accountLinkId) && t.acceptanceState !== "pending" && t.restrictions.length === 0);
  hidden = all.find((t) => t.assigneeId !== null && t.assigneeId !== samId)!;
  expect(open.length).toBeGreaterThan(4);
}, 60_000);
afterAll(() => bff.close());

async function schedule(threadId: string, content: string, sendAt = "tomorrow", cookie = cookies.member): Promise<Response> {
  return call(sendsRoute, "POST", "/api/inbox/scheduled-sends", { cookie, body: { threadId, content, sendAt, timeZone: "Europe/Berlin" } });
}

async function made(response: Response): Promise<ScheduledSend> {
  expect(response.status).toBe(201);
  return sendSchema.parse(await response.json());
}

async function listOf(threadId: string, cookie = cookies.member) {
  const response = await call(sendsRoute, "GET", `/api/inbox/scheduled-sends?threadId=${threadId}`, { cookie });
  expect(response.status).toBe(200);
  return scheduledSendList.parse(await response.json());
}

async function contentsOf(threadId: string): Promise<string[]> {
  const response = await call(v2, "GET", `/api/v2/threads/${threadId}/messages?limit=100`, { cookie: cookies.admin });
  return ((await response.json()) as { data: { content: string | null }[] }).data.map((m) => m.content ?? "");
}

async function sandbox(method: "POST" | "DELETE", path: string, body?: unknown) {
  const response = await call(sandboxRoute, method, `/api/sandbox/_sandbox${path}`, { cookie: cookies.admin, body });
  expect(response.status, path).toBeLessThan(300);
}

/** A send's state once the scheduler (here or its own loop, woken by the clock) is through with it. */
async function settledState(id: string, expected: string) {
  await expect.poll(async () => (await bff.runtime.scheduledSends.get(id))?.state ?? "gone", { timeout: 10_000 }).toBe(expected);
}

/** Moves the sandbox's clock past a time and runs what came due. */
async function passTime(send: ScheduledSend) {
  const now = Date.parse((await listOf(send.threadId, cookies.admin)).now);
  await sandbox("POST", "/clock/advance", { seconds: Math.ceil((Date.parse(send.sendAt) - now) / 1000) + 60 });
  await bff.runtime.scheduler.runDue();
}

describe("the scheduled-send endpoints' guards", () => {
  it("answer 401 without a session, on every route", async () => {
    for (const [route, method, path] of [
      [sendsRoute, "GET", `/api/inbox/scheduled-sends?threadId=${open[0]!.id}`],
      [sendsRoute, "POST", "/api/inbox/scheduled-sends"],
      [sendRoute, "PATCH", "/api/inbox/scheduled-sends/x"],
      [sendRoute, "DELETE", "/api/inbox/scheduled-sends/x"],
    ] as const) {
      const response = await call(route, method, path, { body: method === "GET" || method === "DELETE" ? undefined : { threadId: open[0]!.id, content: "Hi", sendAt: "tomorrow" }, params: { sendId: "x" } });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(errorBody.parse(await response.json()).code).toBe("unauthorized");
    }
  });

  it("answer 400 with a sentence for a time past, empty words, a zone that does not exist, or nothing to change", async () => {
    for (const body of [
      { threadId: open[0]!.id, content: "Hi", sendAt: "2001-01-01T00:00:00Z" },
      { threadId: open[0]!.id, content: "   ", sendAt: "tomorrow" },
      { threadId: open[0]!.id, content: "Hi", sendAt: "tomorrow", timeZone: "Mars/Olympus" },
      { threadId: open[0]!.id, content: "Hi", sendAt: "someday" },
    ]) {
      const response = await call(sendsRoute, "POST", "/api/inbox/scheduled-sends", { cookie: cookies.member, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = errorBody.parse(await response.json());
      expect(error.code).toBe("invalidRequest");
      expect(error.message.length).toBeGreaterThan(10);
    }
    const send = await made(await schedule(open[0]!.id, "Nothing to change"));
    const empty = await call(sendRoute, "PATCH", `/api/inbox/scheduled-sends/${send.id}`, { cookie: cookies.member, body: {}, params: { sendId: send.id } });
    expect(empty.status).toBe(400);
    expect((await call(sendRoute, "DELETE", `/api/inbox/scheduled-sends/${send.id}`, { cookie: cookies.member, params: { sendId: send.id } })).status).toBe(204);
  });

  it("answer 404 scheduledSendNotFound for a send that does not exist", async () => {
    const response = await call(sendRoute, "DELETE", "/api/inbox/scheduled-sends/nope", { cookie: cookies.member, params: { sendId: "nope" } });
    expect(response.status).toBe(404);
    expect(errorBody.parse(await response.json()).code).toBe("scheduledSendNotFound");
  });
});

describe("sending later", () => {
  it("sends once when the clock passes its time, with the edited words, and records its author", async () => {
    const thread = open[0]!;
    const send = await made(await schedule(thread.id, "Following up tomorrow morning"));
    expect(send).toMatchObject({ state: "scheduled", author: { name: "Sam Rivera" }, messageId: null });
    expect(new Date(send.sendAt).getUTCMinutes()).toBe(0);
    expect((await listOf(thread.id)).data.map((s) => s.id)).toContain(send.id);
    // Everyone who sees the thread sees it scheduled; nothing went out yet.
    expect((await listOf(thread.id, cookies.manager)).data.map((s) => s.id)).toContain(send.id);
    await bff.runtime.scheduler.runDue();
    expect(await contentsOf(thread.id)).not.toContain("Following up tomorrow morning");

    const edited = await call(sendRoute, "PATCH", `/api/inbox/scheduled-sends/${send.id}`, { cookie: cookies.member, body: { content: "Following up, as promised" }, params: { sendId: send.id } });
    expect(edited.status).toBe(200);

    await passTime(send);
    await settledState(send.id, "sent");
    const sent = await bff.runtime.scheduledSends.get(send.id);
    expect(sent!.messageId).toBeTruthy();
    const contents = await contentsOf(thread.id);
    expect(contents.filter((c) => c === "Following up, as promised")).toHaveLength(1);
    expect(contents).not.toContain("Following up tomorrow morning");
    // Sent ones leave the list: the message is in the history.
    expect((await listOf(thread.id)).data.map((s) => s.id)).not.toContain(send.id);
    // A second pass sends nothing more.
    await bff.runtime.scheduler.runDue();
    expect((await contentsOf(thread.id)).filter((c) => c === "Following up, as promised")).toHaveLength(1);

    const log = await bff.runtime.activity.list({ threadId: thread.id, limit: 3 });
    expect(log.map((e) => [e.userName, e.action])).toEqual([
      ["Sam Rivera", "messages.send"],
      ["Sam Rivera", "scheduledSends.update"],
      ["Sam Rivera", "scheduledSends.create"],
    ]);
    // Once sent, it can no longer be changed.
    const late = await call(sendRoute, "PATCH", `/api/inbox/scheduled-sends/${send.id}`, { cookie: cookies.member, body: { content: "Too late" }, params: { sendId: send.id } });
    expect(late.status).toBe(409);
    expect(errorBody.parse(await late.json())).toMatchObject({ code: "invalidTransition", details: { status: "sent" } });
  });

  it("tries again through an outage with the same key, and the contact gets it once", async () => {
    const thread = open[1]!;
    const send = await made(await schedule(thread.id, "Sent through an outage", "laterToday"));
    await sandbox("POST", "/faults", { kind: "internalError", count: 1, path: "/v2/messages", method: "POST" });
    await passTime(send);
    await expect.poll(async () => (await bff.runtime.scheduledSends.get(send.id))?.state, { timeout: 10_000 }).toBe("sending");
    // The retry waits its backoff on the scheduler's clock.
    await sandbox("POST", "/clock/advance", { seconds: 120 });
    await bff.runtime.scheduler.runDue();
    await settledState(send.id, "sent");
    expect((await contentsOf(thread.id)).filter((c) => c === "Sent through an outage")).toHaveLength(1);
  });

  it("fails with the reason, keeping its words, when the thread may no longer take it", async () => {
    const thread = open[2]!;
    const send = await made(await schedule(thread.id, "Kept when refused", "laterToday"));
    await sandbox("POST", `/threads/${thread.id}/restrictions`, { capability: "message:send" });
    await passTime(send);
    await settledState(send.id, "failed");
    const failed = (await listOf(thread.id)).data.find((s) => s.id === send.id);
    expect(failed).toMatchObject({ state: "failed", content: "Kept when refused", error: { code: "threadRestricted" } });
    expect(failed!.error!.sentence).toMatch(/\w+ \w+/);
    expect(await contentsOf(thread.id)).not.toContain("Kept when refused");

    // Lifted again, its author schedules it anew (or discards it).
    await sandbox("DELETE", `/threads/${thread.id}/restrictions/message:send`);
    const again = await call(sendRoute, "PATCH", `/api/inbox/scheduled-sends/${send.id}`, { cookie: cookies.member, body: { sendAt: "laterToday", timeZone: "UTC" }, params: { sendId: send.id } });
    expect(again.status).toBe(200);
    expect(sendSchema.parse(await again.json())).toMatchObject({ state: "scheduled", error: null });
  });

  it("lets only its author edit it, and its author or a manager cancel it", async () => {
    const thread = open[3]!;
    const send = await made(await schedule(thread.id, "Only mine to change"));
    const byOther = await call(sendRoute, "PATCH", `/api/inbox/scheduled-sends/${send.id}`, { cookie: cookies.other, body: { content: "Not yours" }, params: { sendId: send.id } });
    expect(byOther.status).toBe(403);
    expect((await call(sendRoute, "DELETE", `/api/inbox/scheduled-sends/${send.id}`, { cookie: cookies.other, params: { sendId: send.id } })).status).toBe(403);
    expect((await call(sendRoute, "DELETE", `/api/inbox/scheduled-sends/${send.id}`, { cookie: cookies.manager, params: { sendId: send.id } })).status).toBe(204);
    expect((await listOf(thread.id)).data.map((s) => s.id)).not.toContain(send.id);
    // Cancelled: nothing goes out when its time comes.
    await passTime(send);
    expect(await contentsOf(thread.id)).not.toContain("Only mine to change");
  });
});

describe("under assignedAndUnassigned", () => {
  underAssignedAndUnassigned(() => cookies.admin);

  it("a member can neither schedule in, list, change nor cancel on a thread they may not see", async () => {
    const refused = await schedule(hidden.id, "Hidden");
    expect(refused.status).toBe(404);
    expect(errorBody.parse(await refused.json()).code).toBe("threadNotFound");
    const listed = await call(sendsRoute, "GET", `/api/inbox/scheduled-sends?threadId=${hidden.id}`, { cookie: cookies.member });
    expect(listed.status).toBe(404);

    const managers = await made(await schedule(hidden.id, "A manager's", "tomorrow", cookies.manager));
    for (const method of ["PATCH", "DELETE"] as const) {
      const response = await call(sendRoute, method, `/api/inbox/scheduled-sends/${managers.id}`, { cookie: cookies.member, body: method === "PATCH" ? { content: "x" } : undefined, params: { sendId: managers.id } });
      expect(response.status, method).toBe(404);
      expect(errorBody.parse(await response.json()).code).toBe("scheduledSendNotFound");
    }
    // Without a thread, the member's own list holds only their own.
    const own = await call(sendsRoute, "GET", "/api/inbox/scheduled-sends", { cookie: cookies.member });
    expect(scheduledSendList.parse(await own.json()).data.every((s) => s.author.name === "Sam Rivera")).toBe(true);
  });
});
