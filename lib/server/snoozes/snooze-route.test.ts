import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as followUpsRoute from "@/app/api/inbox/follow-ups/route";
import * as snoozesRoute from "@/app/api/inbox/snoozes/route";
import * as sandboxRoute from "@/app/api/sandbox/[...path]/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import { errorBody } from "@/lib/api/error-schemas";
import type { ApiEvent } from "@/lib/api/events";
import { snooze as snoozeSchema, snoozeList } from "@/lib/api/snoozes";
import { counts as countsSchema } from "@/lib/api/inbox";
import * as countsRoute from "@/app/api/inbox/counts/route";
import type { IndexedThread } from "../gateway/thread-query";
import { call, startTestBff, underAssignedAndUnassigned, type TestBff } from "../testing/bff";

/**
 * Snoozes and follow-up reminders through the BFF, on the demo sandbox's clock: a snoozed
 * thread leaves the open folders and their counts, comes back when the clock (moved through the
 * control API, as an admin) passes its time or when the contact replies, and a reminder comes
 * back only without a reply. A member never sees nor snoozes a thread outside their visibility.
 */
let bff: TestBff;
const cookies = { admin: "", manager: "", member: "" };
let open: IndexedThread[] = [];
let hidden: IndexedThread;

beforeAll(async () => {
  bff = await startTestBff();
  cookies.admin = await bff.signIn("olivia");
  cookies.manager = await bff.signIn("marcus");
  cookies.member = await bff.signIn("sam");
  await bff.runtime.gateway.index.ready();
  const samId = (await bff.runtime.users.get("sam@acme.test"))!.memberId!;
  const all = bff.runtime.gateway.index.all();
  open = all.filter((t) => t.assigneeId === null && !t.archived && t.acceptanceState !== "pending" && !t.restrictions.includes("message:send"));
  hidden = all.find((t) => t.assigneeId !== null && t.assigneeId !== samId && !t.archived)!;
  expect(open.length).toBeGreaterThan(4);
  expect(hidden).toBeDefined();
}, 60_000);
afterAll(() => bff.close());

async function list(cookie: string) {
  const response = await call(snoozesRoute, "GET", "/api/inbox/snoozes", { cookie });
  expect(response.status).toBe(200);
  return snoozeList.parse(await response.json());
}

async function entry(threadId: string, kind = "snooze") {
  return (await list(cookies.manager)).data.find((e) => e.threadId === threadId && e.kind === kind);
}

async function inboxIds(cookie: string): Promise<string[]> {
  const response = await call(v2, "GET", "/api/v2/threads?folder=inbox&limit=100", { cookie });
  return ((await response.json()) as { data: { id: string }[] }).data.map((t) => t.id);
}

function snooze(threadId: string, until: string, cookie = cookies.member, timeZone = "Europe/Berlin") {
  return call(snoozesRoute, "POST", "/api/inbox/snoozes", { cookie, body: { threadId, until, timeZone } });
}

/** Moves the sandbox's clock through the BFF's control relay, as an admin would. */
async function advance(seconds: number) {
  const response = await call(sandboxRoute, "POST", "/api/sandbox/_sandbox/clock/advance", { cookie: cookies.admin, body: { seconds } });
  expect(response.status).toBe(200);
}

describe("the snooze endpoints' guards", () => {
  it("answer 401 without a session", async () => {
    for (const [route, method, path] of [
      [snoozesRoute, "GET", "/api/inbox/snoozes"],
      [snoozesRoute, "POST", "/api/inbox/snoozes"],
      [snoozesRoute, "DELETE", `/api/inbox/snoozes?threadId=${open[0]!.id}`],
      [followUpsRoute, "POST", "/api/inbox/follow-ups"],
    ] as const) {
      const response = await call(route, method, path, method === "POST" ? { body: { threadId: open[0]!.id, until: "tomorrow", days: 3 } } : {});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(errorBody.parse(await response.json()).code).toBe("unauthorized");
    }
  });

  it("answer 403 to a write from another site", async () => {
    const response = await call(snoozesRoute, "POST", "/api/inbox/snoozes", { cookie: cookies.member, headers: { "sec-fetch-site": "cross-site" }, body: { threadId: open[0]!.id, until: "tomorrow" } });
    expect(response.status).toBe(403);
    expect(errorBody.parse(await response.json()).code).toBe("forbidden");
  });

  it("answer 400 for a time past, a zone that does not exist, or a reminder of no days", async () => {
    for (const body of [
      { threadId: open[0]!.id, until: "2001-01-01T00:00:00Z" },
      { threadId: open[0]!.id, until: "tomorrow", timeZone: "Mars/Olympus" },
      { threadId: open[0]!.id, until: "someday" },
    ]) {
      const response = await call(snoozesRoute, "POST", "/api/inbox/snoozes", { cookie: cookies.member, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(errorBody.parse(await response.json()).code).toBe("invalidRequest");
    }
    const reminder = await call(followUpsRoute, "POST", "/api/inbox/follow-ups", { cookie: cookies.member, body: { threadId: open[0]!.id, days: 0 } });
    expect(reminder.status).toBe(400);
  });
});

describe("snoozing", () => {
  it("puts a thread away until tomorrow morning, out of the folders and counts, and brings it back marked when the clock passes it", async () => {
    const thread = open[0]!;
    const countsBefore = countsSchema.parse(await (await call(countsRoute, "GET", "/api/inbox/counts", { cookie: cookies.member })).json());
    const created = await snooze(thread.id, "tomorrow");
    expect(created.status).toBe(201);
    const made = snoozeSchema.parse(await created.json());
    expect(made).toMatchObject({ threadId: thread.id, kind: "snooze", state: "waiting", by: { name: "Sam Rivera" } });
    // 8:00 in Berlin is 7:00 or 6:00 UTC, the day after the sandbox's now.
    expect(new Date(made.until!).getUTCMinutes()).toBe(0);
    expect([6, 7]).toContain(new Date(made.until!).getUTCHours());

    expect(await inboxIds(cookies.member)).not.toContain(thread.id);
    const countsAfter = countsSchema.parse(await (await call(countsRoute, "GET", "/api/inbox/counts", { cookie: cookies.member })).json());
    expect(countsAfter.folders.inbox.total).toBe(countsBefore.folders.inbox.total - 1);
    expect(countsAfter.folders.all.total).toBe(countsBefore.folders.all.total);
    // Everyone on the team sees it in the Snoozed view, with its thread.
    const seen = (await list(cookies.manager)).data.find((e) => e.threadId === thread.id);
    expect(seen?.thread?.id).toBe(thread.id);

    await advance(Math.ceil((Date.parse(made.until!) - Date.parse((await list(cookies.member)).now)) / 1000) + 60);
    // The relay woke the scheduler: no tick to wait for.
    await expect.poll(async () => (await entry(thread.id))?.state, { timeout: 5_000 }).toBe("returned");
    expect(await entry(thread.id)).toMatchObject({ reason: "time" });
    expect(await inboxIds(cookies.member)).toContain(thread.id);

    // Dismissed, the mark is gone; the activity log says who did what.
    expect((await call(snoozesRoute, "DELETE", `/api/inbox/snoozes?threadId=${thread.id}`, { cookie: cookies.member })).status).toBe(204);
    expect(await entry(thread.id)).toBeUndefined();
    const log = await bff.runtime.activity.list({ threadId: thread.id, limit: 10 });
    expect(log.map((e) => [e.userName, e.action, (e.after as { state?: string } | null)?.state ?? null])).toEqual([
      ["Sam Rivera", "snoozes.delete", "returned"],
      ["Sam Rivera", "snoozes.create", null],
    ]);
  });

  it("wakes a snooze when the contact replies, until-reply or timed alike", async () => {
    const [untilReply, timed] = [open[1]!, open[2]!];
    expect((await snooze(untilReply.id, "reply")).status).toBe(201);
    expect((await snooze(timed.id, "nextWeek")).status).toBe(201);
    expect(await inboxIds(cookies.member)).not.toContain(untilReply.id);
    for (const thread of [untilReply, timed]) {
      const inbound = await bff.runtime.upstream.sandboxFetch!("/_sandbox/inbound", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ threadId: thread.id, content: "Any news?" }) });
      expect(inbound.status).toBeLessThan(300);
    }
    await bff.runtime.events.replayNow();
    for (const thread of [untilReply, timed]) expect(await entry(thread.id)).toMatchObject({ state: "returned", reason: "reply" });
    expect(await inboxIds(cookies.member)).toContain(untilReply.id);
    // The timed one's job was cancelled: moving past its time changes nothing more.
    await advance(8 * 86_400);
    await bff.runtime.scheduler.runDue();
    expect(await entry(timed.id)).toMatchObject({ state: "returned", reason: "reply" });
  });

  it("wakes on a reply as part of the event's claim: a claim rolled back leaves it snoozed, the claim made again wakes it", async () => {
    const thread = open.at(-1)!;
    expect((await snooze(thread.id, "nextWeek")).status).toBe(201);
    const reply = { id: "evtreply", seq: 1, type: "message.received", createdAt: new Date().toISOString(), object: { type: "message", id: "msgreply" }, data: { threadId: thread.id } } as unknown as ApiEvent;
    const db = bff.runtime.database.db;
    await expect(
      db.transaction(async (tx) => {
        expect(await bff.runtime.snoozes.applyEvents([reply], tx)).toEqual([thread.id]);
        throw new Error("the instance died before the claim committed");
      }),
    ).rejects.toThrow("died");
    expect(await entry(thread.id)).toMatchObject({ state: "waiting" });
    await db.transaction((tx) => bff.runtime.snoozes.applyEvents([reply], tx));
    expect(await entry(thread.id)).toMatchObject({ state: "returned", reason: "reply" });
  });

  it("wakes a snooze at once when asked", async () => {
    const thread = open[3]!;
    expect((await snooze(thread.id, "laterToday")).status).toBe(201);
    expect((await call(snoozesRoute, "DELETE", `/api/inbox/snoozes?threadId=${thread.id}&kind=snooze`, { cookie: cookies.member })).status).toBe(204);
    expect(await inboxIds(cookies.member)).toContain(thread.id);
    expect(await entry(thread.id)).toBeUndefined();
  });
});

describe("follow-up reminders", () => {
  it("bring a thread back with no reply since the send, and end quietly when the contact answers", async () => {
    const [quiet, answered] = [open[4]!, open[5]!];
    for (const thread of [quiet, answered]) {
      const response = await call(followUpsRoute, "POST", "/api/inbox/follow-ups", { cookie: cookies.member, body: { threadId: thread.id, days: 3 } });
      expect(response.status).toBe(201);
      expect(snoozeSchema.parse(await response.json())).toMatchObject({ kind: "followUp", state: "waiting" });
    }
    // A reminder does not put its thread away.
    expect(await inboxIds(cookies.member)).toContain(quiet.id);
    await bff.runtime.upstream.sandboxFetch!("/_sandbox/inbound", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ threadId: answered.id, content: "Sounds good." }) });
    await bff.runtime.events.replayNow();
    expect(await entry(answered.id, "followUp")).toBeUndefined();

    await advance(2 * 86_400);
    await bff.runtime.scheduler.runDue();
    expect(await entry(quiet.id, "followUp")).toMatchObject({ state: "waiting" });
    await advance(86_400 + 60);
    await expect.poll(async () => (await entry(quiet.id, "followUp"))?.state, { timeout: 5_000 }).toBe("returned");
    expect(await entry(quiet.id, "followUp")).toMatchObject({ reason: "noReply" });
  });
});

describe("coming back", () => {
  it("brings a conversation archived meanwhile back to the inbox", async () => {
    const thread = open[6]!;
    expect((await snooze(thread.id, "laterToday")).status).toBe(201);
    const archived = await call(v2, "PATCH", `/api/v2/threads/${thread.id}`, { cookie: cookies.member, body: { archived: true } });
    expect(archived.status).toBe(200);
    expect(await inboxIds(cookies.member)).not.toContain(thread.id);
    await advance(5 * 3600);
    await expect.poll(async () => (await entry(thread.id))?.state, { timeout: 5_000 }).toBe("returned");
    await expect.poll(() => bff.runtime.gateway.index.get(thread.id)?.archived, { timeout: 5_000 }).toBe(false);
    expect(await inboxIds(cookies.member)).toContain(thread.id);
  });

  it("clears a returned mark once someone writes to the contact", async () => {
    const thread = open[0]!;
    expect((await snooze(thread.id, "laterToday")).status).toBe(201);
    await advance(5 * 3600);
    await expect.poll(async () => (await entry(thread.id))?.state, { timeout: 5_000 }).toBe("returned");
    const sent = await call(v2, "POST", "/api/v2/messages", { cookie: cookies.member, body: { target: { type: "thread", threadId: thread.id }, content: "Back on this now." } });
    expect(sent.status).toBe(201);
    await bff.runtime.events.replayNow();
    expect(await entry(thread.id)).toBeUndefined();
  });
});

describe("under assignedAndUnassigned", () => {
  underAssignedAndUnassigned(() => cookies.admin);

  it("a member can neither snooze, remind nor wake a thread they may not see, nor find it in the Snoozed view", async () => {
    const refused = await snooze(hidden.id, "tomorrow");
    expect(refused.status).toBe(404);
    expect(errorBody.parse(await refused.json()).code).toBe("threadNotFound");
    const reminder = await call(followUpsRoute, "POST", "/api/inbox/follow-ups", { cookie: cookies.member, body: { threadId: hidden.id, days: 3 } });
    expect(reminder.status).toBe(404);

    // A manager snoozes it: the member's Snoozed view leaves it out, and they cannot wake it.
    expect((await snooze(hidden.id, "tomorrow", cookies.manager)).status).toBe(201);
    expect((await list(cookies.manager)).data.map((e) => e.threadId)).toContain(hidden.id);
    expect((await list(cookies.member)).data.map((e) => e.threadId)).not.toContain(hidden.id);
    const woken = await call(snoozesRoute, "DELETE", `/api/inbox/snoozes?threadId=${hidden.id}`, { cookie: cookies.member });
    expect(woken.status).toBe(404);
    expect((await entry(hidden.id))?.state).toBe("waiting");
  });
});
