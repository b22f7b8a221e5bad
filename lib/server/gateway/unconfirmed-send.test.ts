import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v2 from "@/app/api/v2/[...path]/route";
import { errorBody } from "@/lib/api/error-schemas";
import type { InboxEvent } from "@/lib/api/inbox-events";
import { message } from "@/lib/api/messages";
import { page } from "@/lib/api/primitives";
import { call, startTestBff, type TestBff } from "../testing/bff";

/**
 * The inbox reading how a 502 sendUnconfirmed settled (lib/api/messages: `delivery`): the BFF
 * serves the pending message, and when the settling event comes (`message.sent` or
 * `message.failed`) its effect drops the cached copy, so the next read shows how it stood and
 * the browsers hear of it (lib/client/thread/send cuts its wait short on that event).
 */
let bff: TestBff;
let cookie = "";
const heard: InboxEvent[] = [];

beforeAll(async () => {
  bff = await startTestBff();
  cookie = await bff.signIn("olivia");
  await bff.runtime.gateway.index.ready();
  bff.runtime.hub.subscribe({ accepts: () => true, send: (m) => heard.push(m.event) }, null);
}, 60_000);
afterAll(() => bff?.close());

async function control(path: string, body: unknown) {
  const response = await bff.runtime.upstream.sandboxFetch!(`/_sandbox${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

async function sendable(): Promise<string> {
  const links = (await bff.runtime.upstream.client.accountLinks.list({ limit: 100 })).body.data;
  const thread = bff.runtime.gateway.index
    .all()
    .find((t) => {
      const link = links.find((l) => l.id === t.accountLinkId);
      return link?.status === "active" && link.capabilities.includes("message:send") && !t.restrictions.includes("message:send");
    });
  return thread!.id;
}

/** Sends through the BFF with a fault waiting upstream; answers the 502's message ID. */
async function sendUnconfirmed(threadId: string, delivered: boolean, content: string): Promise<string> {
  // Long enough that it settles only when the test moves the clock.
  await control("/faults", { kind: "sendUnconfirmed", count: 1, delivered, settleAfterMs: 600_000 });
  const answer = await call(v2, "POST", "/api/v2/messages", { cookie, body: { target: { type: "thread", threadId }, content }, headers: { "idempotency-key": `key-${content.replaceAll(" ", "-")}` } });
  expect(answer.status).toBe(502);
  const body = errorBody.parse(await answer.json());
  expect(body.code).toBe("sendUnconfirmed");
  return String(body.details?.messageId);
}

async function read(messageId: string) {
  const answer = await call(v2, "GET", `/api/v2/messages/${messageId}`, { cookie });
  expect(answer.status).toBe(200);
  return message.parse(await answer.json());
}

async function history(threadId: string) {
  const answer = await call(v2, "GET", `/api/v2/threads/${threadId}/messages?limit=20`, { cookie });
  return page(message).parse(await answer.json()).data.map((m) => m.id);
}

/** Settles what is due upstream, and lets the inbox take in the events. */
async function settleUpstream() {
  await control("/clock/advance", { seconds: 600 });
  await bff.runtime.events.replayNow();
}

describe("an unconfirmed send, as the inbox reads it", () => {
  it("delivered: pending at first, then sent, in the thread's history, and the browsers hear message.sent", async () => {
    const threadId = await sendable();
    const messageId = await sendUnconfirmed(threadId, true, "Did this one go");
    // Read once pending: the gateway now holds that copy.
    expect(await read(messageId)).toMatchObject({ id: messageId, delivery: "pending", platformId: null });
    expect(await history(threadId)).not.toContain(messageId);

    heard.length = 0;
    await settleUpstream();
    await expect.poll(() => heard.some((e) => e.type === "api" && e.apiType === "message.sent" && e.messageId === messageId)).toBe(true);
    const settled = await read(messageId);
    expect(settled.delivery).toBe("sent");
    expect(settled.platformId).not.toBeNull();
    expect(await history(threadId)).toContain(messageId);
    expect(bff.runtime.gateway.index.get(threadId)?.lastMessage?.id).toBe(messageId);
  });

  it("not delivered: pending at first, then failed, never in the history, and the browsers hear message.failed", async () => {
    const threadId = await sendable();
    const messageId = await sendUnconfirmed(threadId, false, "This one never left");
    expect((await read(messageId)).delivery).toBe("pending");

    heard.length = 0;
    await settleUpstream();
    await expect.poll(() => heard.some((e) => e.type === "api" && e.apiType === "message.failed" && e.messageId === messageId)).toBe(true);
    expect(await read(messageId)).toMatchObject({ delivery: "failed", platformId: null });
    expect(await history(threadId)).not.toContain(messageId);
  });
});
