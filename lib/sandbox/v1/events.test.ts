import { beforeAll, describe, expect, it } from "vitest";
import { eventPage } from "@/lib/api/events";
import { page } from "@/lib/api/primitives";
import { thread as threadV2, type Thread } from "@/lib/api/threads";
import { v1EventPage } from "@/lib/api/v1/events";
import { v1ProspectContext, v1Tag, v1Team } from "@/lib/api/v1/resources";
import { v1Message } from "@/lib/api/v1/threads";
import { expectOk, sandboxForFile } from "../testing/harness";
import { expectV1Ok, expectV1Validation, v1 } from "../testing/v1";

const t = sandboxForFile();
let get: ReturnType<typeof v1>;
let teamId: string;
let threads: Thread[];

beforeAll(async () => {
  get = v1(t);
  teamId = expectV1Ok(await get("GET", "/team"), v1Team).id;
  threads = expectOk(await t.request("GET", "/threads?limit=100"), page(threadV2)).data;
}, 60_000);
describe("GET /events", () => {
  it("replays the one log in the v1 envelope: same ids and seqs as v2, v1 type names, current state in data", async () => {
    const start = await t.seqOf(teamId);
    const thread = threads.find((th) => th.lastMessage && th.restrictions.length === 0)!;
    const sent = expectV1Ok(await get("POST", `/threads/${thread.id}/messages`, { body: { content: "Event me" } }), v1Message, 201);
    expectV1Ok(await get("PATCH", `/prospects/${thread.profileId}/context`, { body: { notes: "Noted in v1" } }), v1ProspectContext);
    const tag = expectV1Ok(await get("POST", "/tags", { body: { name: "Evented" } }), v1Tag, 201);
    // A v2-only change: its seq is spent, but v1 does not show it.
    await t.request("PATCH", `/threads/${thread.id}`, { body: { unread: !thread.unread } });

    const v1Page = expectV1Ok(await get("GET", `/events?afterSeq=${start}`), v1EventPage);
    const v2Page = expectOk(await t.request("GET", `/events?afterSeq=${start}`), eventPage);
    expect(v1Page.lastSeq).toBe(v2Page.lastSeq);
    expect(v1Page.hasMore).toBe(false);
    expect(v1Page.events.map((e) => e.type)).toEqual(["message.created", "prospect.notesChanged", "tag.created"]);
    expect(v2Page.data.map((e) => e.type)).toEqual(["message.sent", "contact.notesChanged", "tag.created", "thread.unreadChanged"]);
    for (const event of v1Page.events) {
      const twin = v2Page.data.find((e) => e.id === event.id)!;
      expect(event).toMatchObject({ seq: twin.seq, teamId, version: 1, timestamp: twin.createdAt, data: { change: twin.data } });
    }
    const [message, notes, created] = v1Page.events;
    expect(v1Message.parse(message!.data.message)).toEqual(expect.objectContaining({ id: sent.id, authorId: thread.accountLinkId }));
    expect(message!.data.thread).toMatchObject({ id: thread.id });
    expect(message!.data.prospect).toMatchObject({ id: thread.profileId });
    expect(notes!.data.prospect).toMatchObject({ id: thread.profileId, context: { notes: "Noted in v1" } });
    expect(created!.data).toMatchObject({ tag: { id: tag.id, name: "Evented" }, thread: null, message: null, prospect: null });
  });

  it("pages with afterSeq and limit like v2, and refuses bad queries", async () => {
    const v1Events = expectV1Ok(await get("GET", "/events?limit=5"), v1EventPage);
    const v2Events = expectOk(await t.request("GET", "/events?limit=5"), eventPage);
    expect(v1Events.hasMore).toBe(true);
    expect(v1Events.lastSeq).toBe(v2Events.lastSeq);
    const next = expectV1Ok(await get("GET", `/events?afterSeq=${v1Events.lastSeq}&limit=5`), v1EventPage);
    for (const event of next.events) expect(event.seq).toBeGreaterThan(v1Events.lastSeq);
    expectV1Validation(await get("GET", "/events?limit=0"), "limit", "too_small");
    expectV1Validation(await get("GET", "/events?limit=1001"), "limit", "too_big");
    expectV1Validation(await get("GET", "/events?afterSeq=-1"), "afterSeq");
    expectV1Validation(await get("GET", "/events?type=tag.created"), "type", "unrecognized_keys");
  });

  it("shows campaign and target events under their own names, with the campaign, thread, message and prospect they name", async () => {
    const start = await t.seqOf(teamId);
    const before = t.sandbox.context.store.clock.offsetMs();
    try {
      // Monday 09:00 in Berlin: the active campaign sends; then it is paused and started again.
      t.sandbox.context.store.clock.set(Date.parse("2026-11-23T08:00:00Z") - Date.now());
      expect((await t.request("POST", "//_sandbox/campaigns/run")).status).toBe(200);
      expect((await t.request("POST", "/campaigns/cmp0001/pause", { body: {} })).status).toBe(200);
      expect((await t.request("POST", "/campaigns/cmp0001/start", { body: {} })).status).toBe(200);

      const v1Page = expectV1Ok(await get("GET", `/events?afterSeq=${start}&limit=1000`), v1EventPage);
      const v2Page = expectOk(await t.request("GET", `/events?afterSeq=${start}&limit=1000`), eventPage);
      const contacted = v1Page.events.filter((e) => e.type === "target.contacted");
      expect(contacted.length).toBeGreaterThan(0);
      expect(v1Page.events.filter((e) => e.type.startsWith("campaign.")).map((e) => e.type)).toEqual(["campaign.paused", "campaign.resumed"]);
      for (const event of contacted) {
        const twin = v2Page.data.find((e) => e.id === event.id)!;
        expect(twin).toMatchObject({ type: "target.contacted", object: { type: "campaign", id: "cmp0001" } });
        const { threadId, messageId } = twin.data as { threadId: string; messageId: string };
        expect(event.data.campaign).toMatchObject({ id: "cmp0001", name: "Founder outreach Q4", status: "active" });
        expect(event.data.thread).toMatchObject({ id: threadId, campaignId: "cmp0001" });
        expect(v1Message.parse(event.data.message)).toMatchObject({ id: messageId });
        expect(event.data.prospect).toMatchObject({ platformId: twin.data.platformId });
        expect(event.data.change).toEqual(twin.data);
      }
      // The message they sent is also a message.created whose data names the campaign.
      const created = v1Page.events.find((e) => e.type === "message.created" && e.data.message?.id === (contacted[0]!.data.message as { id: string }).id)!;
      expect(created.data.campaign).toMatchObject({ id: "cmp0001", name: "Founder outreach Q4" });
      const paused = v1Page.events.find((e) => e.type === "campaign.paused")!;
      expect(paused.data).toMatchObject({ campaign: { id: "cmp0001" }, thread: null, message: null, prospect: null, change: { campaignId: "cmp0001", status: "paused" } });
      // Version 2 filters them by type like any other.
      const onlyContacted = expectOk(await t.request("GET", `/events?afterSeq=${start}&type=target.contacted&limit=1000`), eventPage).data;
      expect(onlyContacted.map((e) => e.id)).toEqual(contacted.map((e) => e.id));
    } finally {
      t.sandbox.context.store.clock.set(before);
    }
  });
});
