import { describe, expect, it } from "vitest";
import { contact } from "@/lib/api/contacts";
import { EVENT_RETENTION_MS, eventPage, type ApiEvent, type EventPage } from "@/lib/api/events";
import { message } from "@/lib/api/messages";
import { accountLink } from "@/lib/api/platforms";
import { tag } from "@/lib/api/labels";
import { thread } from "@/lib/api/threads";
import { SEED_NOW, TOKENS, expectError, expectOk, sandboxForFile } from "../testing/harness";

const t = sandboxForFile();

async function page(query: string, token: string = TOKENS.acme): Promise<EventPage> {
  return expectOk(await t.request("GET", `/events${query}`, { token }), eventPage);
}

/** Every kept event of a team, following `lastSeq` while `hasMore`. */
async function replayAll(token: string = TOKENS.acme, extra = ""): Promise<{ events: ApiEvent[]; lastSeq: number }> {
  const events: ApiEvent[] = [];
  let afterSeq = 0;
  for (;;) {
    const body = await page(`?afterSeq=${afterSeq}&limit=1000${extra}`, token);
    events.push(...body.data);
    afterSeq = body.lastSeq;
    if (!body.hasMore) return { events, lastSeq: body.lastSeq };
  }
}

function expectContiguous(events: ApiEvent[]) {
  events.forEach((event, i) => {
    if (i > 0) expect(event.seq, `seq after ${events[i - 1]!.seq}`).toBe(events[i - 1]!.seq + 1);
  });
}

describe("GET /events", () => {
  it("answers the default page of 100, oldest first, with lastSeq the last returned seq", async () => {
    const body = await page("");
    expect(body.data).toHaveLength(100);
    expect(body.hasMore).toBe(true);
    expectContiguous(body.data);
    expect(body.lastSeq).toBe(body.data.at(-1)!.seq);
    for (const event of body.data) {
      expect(event.apiVersion).toBe(2);
      expect(event.object.url).toMatch(/^\/[a-z-]+\/[0-9a-z]+$/);
      expect(event).not.toHaveProperty("teamId");
    }
    const times = body.data.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("replays every kept event page by page; seq is contiguous and ends at the latest", async () => {
    const { events, lastSeq } = await replayAll();
    expect(events.length).toBeGreaterThan(100);
    expectContiguous(events);
    expect(lastSeq).toBe(events.at(-1)!.seq);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);

    const end = await page(`?afterSeq=${lastSeq}`);
    expect(end).toEqual({ data: [], lastSeq, hasMore: false });

    // The typed client's replay follows the same rules.
    const pages = [];
    for await (const p of t.client().events.replay(events.at(-5)!.seq)) pages.push(p);
    expect(pages.flatMap((p) => p.data).map((e) => e.seq)).toEqual(events.slice(-4).map((e) => e.seq));
  });

  it("keeps 7 days on the sandbox clock: a replay from 0 starts at the oldest kept event", async () => {
    const { events } = await replayAll();
    const cutoff = SEED_NOW.getTime() - EVENT_RETENTION_MS;
    for (const event of events) expect(Date.parse(event.createdAt)).toBeGreaterThanOrEqual(cutoff);
    // The seed's history is 60 days long: the jump from seq 0 shows what was lost.
    expect(events[0]!.seq).toBeGreaterThan(1);
  });

  it("pages with limit up to 1000 and hasMore", async () => {
    const first = await page("?limit=3");
    expect(first.data).toHaveLength(3);
    const second = await page(`?limit=3&afterSeq=${first.lastSeq}`);
    expect(second.data[0]!.seq).toBe(first.lastSeq + 1);
    const big = await page("?limit=1000");
    expect(big.data.length).toBeLessThanOrEqual(1000);
    expectError(await t.request("GET", "/events?limit=1001"), 400, "invalidRequest");
  });

  it("rejects malformed queries with 400 invalidRequest", async () => {
    for (const query of ["?limit=0", "?limit=abc", "?afterSeq=-1", "?afterSeq=1.5", "?type[]=message.sent", "?type=message.sent,message.received", "?since[]=1", "?afterSeq=1&afterSeq=2"]) {
      expectError(await t.request("GET", `/events${query}`), 400, "invalidRequest");
    }
  });

  it("filters by type, repeatably; a filter leaving nothing answers the latest seq", async () => {
    const { events: all, lastSeq: latest } = await replayAll();
    const received = await replayAll(TOKENS.acme, "&type=message.received");
    expect(received.events.length).toBeGreaterThan(0);
    expect(received.events.every((e) => e.type === "message.received")).toBe(true);
    expect(received.events.map((e) => e.id)).toEqual(all.filter((e) => e.type === "message.received").map((e) => e.id));

    const two = await page("?limit=1000&type=message.sent&type=thread.assigned");
    expect(new Set(two.data.map((e) => e.type))).toEqual(new Set(["message.sent", "thread.assigned"]));

    const none = await page("?type=status.deleted");
    expect(none).toEqual({ data: [], lastSeq: latest, hasMore: false });
  });

  it("object.url reads the changed object's current state through the API", async () => {
    const { events } = await replayAll();
    const byObject = (type: string) => events.find((e) => e.object.type === type);

    const messageEvent = events.find((e) => e.type === "message.received")!;
    expect(messageEvent.object).toEqual({ type: "message", id: messageEvent.data.messageId, url: `/messages/${messageEvent.data.messageId}` });
    const readMessage = expectOk(await t.request("GET", messageEvent.object.url), message);
    expect(readMessage.id).toBe(messageEvent.object.id);
    expect(readMessage.threadId).toBe(messageEvent.data.threadId);
    expect(readMessage.direction).toBe("inbound");

    const threadEvent = byObject("thread")!;
    expect(expectOk(await t.request("GET", threadEvent.object.url), thread).id).toBe(threadEvent.object.id);

    const contactEvent = byObject("contact")!;
    expect(expectOk(await t.request("GET", contactEvent.object.url), contact).id).toBe(contactEvent.object.id);
  });

  it("records new writes at the next seq, readable at object.url", async () => {
    const before = (await replayAll()).lastSeq;
    const created = expectOk(await t.request("POST", "/tags", { body: { name: "Events test" } }), tag, 201);
    const links = await t.client().accountLinks.list({ status: "active" });
    const link = links.body.data[0]!;
    const control = await t.request("POST", `//_sandbox/account-links/${link.id}/status`, { body: { status: "offline" } });
    expect(control.status).toBe(200);

    const after = await page(`?afterSeq=${before}`);
    expect(after.data.map((e) => [e.seq, e.type, e.object.id])).toEqual([
      [before + 1, "tag.created", created.id],
      [before + 2, "accountLink.statusChanged", link.id],
    ]);
    expect(after.data[1]!.data).toEqual({ status: "offline" });
    expect(Math.abs(Date.parse(after.data[0]!.createdAt) - SEED_NOW.getTime())).toBeLessThan(60_000);
    expect(expectOk(await t.request("GET", after.data[0]!.object.url), tag).name).toBe("Events test");
    expect(expectOk(await t.request("GET", after.data[1]!.object.url), accountLink).status).toBe("offline");

    await t.request("POST", `//_sandbox/account-links/${link.id}/status`, { body: { status: "active" } });
  });

  it("is scoped to the token's team: seq is the team's own and another team's events never appear", async () => {
    const acme = await replayAll(TOKENS.acme);
    const acme2 = await replayAll(TOKENS.acme2);
    expect(acme2.events.map((e) => e.id)).toEqual(acme.events.map((e) => e.id));

    const globex = await replayAll(TOKENS.globex);
    expect(globex.events.length).toBeGreaterThan(0);
    expectContiguous(globex.events);
    expect(globex.lastSeq).toBeLessThan(acme.lastSeq);
    const acmeIds = new Set(acme.events.flatMap((e) => [e.id, e.object.id]));
    for (const event of globex.events) {
      expect(acmeIds.has(event.id)).toBe(false);
      expect(acmeIds.has(event.object.id)).toBe(false);
    }
    // Globex's objects are not readable with Acme's token.
    const globexMessage = globex.events.find((e) => e.object.type === "message")!;
    expectError(await t.request("GET", globexMessage.object.url), 404, "messageNotFound");

    expectError(await t.request("GET", "/events", { token: TOKENS.locked }), 403, "workspaceLocked");
    expectError(await t.request("GET", "/events", { token: null }), 401, "unauthorized");
  });

  it("forgets events once the clock passes 7 days after them", async () => {
    const { events, lastSeq } = await replayAll();
    expect(events.length).toBeGreaterThan(0);
    const advanced = await t.request("POST", "//_sandbox/clock/advance", { body: { seconds: 8 * 24 * 3600 } });
    expect(advanced.status).toBe(200);

    const empty = await page("");
    expect(empty).toEqual({ data: [], lastSeq, hasMore: false });
    expect((await page(`?afterSeq=${events[0]!.seq - 1}`)).data).toEqual([]);

    expectOk(await t.request("POST", "/tags", { body: { name: "After retention" } }), tag, 201);
    const fresh = await page("");
    expect(fresh.data.map((e) => [e.seq, e.type])).toEqual([[lastSeq + 1, "tag.created"]]);
    expect(fresh.lastSeq).toBe(lastSeq + 1);
  });
});
