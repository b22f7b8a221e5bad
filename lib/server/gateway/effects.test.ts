import { describe, expect, it, vi } from "vitest";
import { ENDPOINTS, OPERATIONS } from "@/lib/api/endpoints";
import { EVENT_TYPES, type ApiEvent } from "@/lib/api/events";
import { EVENT_EFFECTS, READ_CACHE, UNKNOWN_EVENT_EFFECT, WRITE_EFFECTS, type Holdings } from "./effects";
import { createReadCache } from "./read-cache";
import type { ThreadIndex } from "./thread-index";

function holdings() {
  const index = { refresh: vi.fn(async () => {}), patch: vi.fn(), patchContact: vi.fn(), remove: vi.fn(), upsert: vi.fn(), get: vi.fn(), all: vi.fn(() => []) };
  return { index: index as unknown as ThreadIndex & typeof index, cache: createReadCache() } satisfies Holdings;
}

const event = (type: string, object: ApiEvent["object"], data: Record<string, unknown> = {}): ApiEvent => ({
  id: "evt1",
  seq: 1,
  type,
  apiVersion: 2,
  createdAt: "2026-11-25T10:00:00.000Z",
  object,
  data,
});

describe("the gateway's effect tables", () => {
  it("have a row for every endpoint and every event type (reads in the read table, writes in the write table)", () => {
    for (const operation of OPERATIONS) {
      const table = ENDPOINTS[operation].method === "GET" ? READ_CACHE : WRITE_EFFECTS;
      expect(Object.hasOwn(table, operation), operation).toBe(true);
    }
    expect(Object.keys(EVENT_EFFECTS).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it("a cached read names the labels its events and writes drop", () => {
    expect(READ_CACHE["threads.messages"]!({ threadId: "thr1" }).labels).toEqual(["messages:thr1"]);
    expect(READ_CACHE["threads.list"]).toBeNull();
  });

  it("a message event drops the thread's cached history and reads its row again", async () => {
    const held = holdings();
    const load = vi.fn(async () => ({ status: 200, body: "[]", contentType: "application/json", requestId: null }));
    await held.cache.read("/threads/thr1/messages", ["messages:thr1"], 60_000, load);
    await EVENT_EFFECTS["message.received"](held, { event: event("message.received", { type: "message", id: "msg1", url: "/messages/msg1" }), data: { threadId: "thr1", messageId: "msg1" }, threadId: "thr1" });
    await held.cache.read("/threads/thr1/messages", ["messages:thr1"], 60_000, load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(held.index.refresh).toHaveBeenCalledWith("thr1");
  });

  it("an unconfirmed send that settles drops the cached pending copy: failed touches nothing else, sent moves the thread on", async () => {
    const held = holdings();
    const pending = { status: 200, body: JSON.stringify({ id: "msg7", delivery: "pending" }), contentType: "application/json", requestId: null };
    const load = vi.fn(async () => pending);
    await held.cache.read("/messages/msg7", READ_CACHE["messages.get"]!({ messageId: "msg7" }).labels, 60_000, load);
    await held.cache.read("/threads/thr1/messages", ["messages:thr1"], 60_000, load);

    await EVENT_EFFECTS["message.failed"](held, { event: event("message.failed", { type: "message", id: "msg7", url: "/messages/msg7" }), data: { threadId: "thr1", messageId: "msg7" }, threadId: "thr1" });
    await held.cache.read("/messages/msg7", ["message:msg7"], 60_000, load);
    await held.cache.read("/threads/thr1/messages", ["messages:thr1"], 60_000, load);
    // The message is read again; the thread's history and row are untouched (it never joined them).
    expect(load).toHaveBeenCalledTimes(3);
    expect(held.index.refresh).not.toHaveBeenCalled();

    await EVENT_EFFECTS["message.sent"](held, { event: event("message.sent", { type: "message", id: "msg7", url: "/messages/msg7" }), data: { threadId: "thr1", messageId: "msg7" }, threadId: "thr1" });
    await held.cache.read("/messages/msg7", ["message:msg7"], 60_000, load);
    await held.cache.read("/threads/thr1/messages", ["messages:thr1"], 60_000, load);
    expect(load).toHaveBeenCalledTimes(5);
    expect(held.index.refresh).toHaveBeenCalledWith("thr1");
  });

  it("an event type the inbox does not know reads again the thread it names", async () => {
    const held = holdings();
    await UNKNOWN_EVENT_EFFECT(held, { event: event("prospect.enriched", { type: "campaign", id: "cmp1", url: "/campaigns/cmp1" }), data: { threadId: "thr9" }, threadId: "thr9" });
    expect(held.index.refresh).toHaveBeenCalledWith("thr9");
  });
});
