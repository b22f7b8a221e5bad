import { describe, expect, it } from "vitest";
import { inboxEvent, type InboxEvent } from "./inbox-events";
import { readInboxEvent } from "./inbox-stream";

describe("readInboxEvent", () => {
  const events: InboxEvent[] = [
    { type: "api", apiType: "message.received", object: { type: "message", id: "msg1" }, threadId: "thr1", messageId: "msg1", at: "2026-11-27T10:00:00.000Z" },
    { type: "resync" },
    { type: "presence", threadId: "thr1", people: [{ userId: "u1", name: "Sam", typing: true }] },
    { type: "snooze", threadId: "thr1" },
    { type: "drafts", threadId: "thr1", holders: [] },
    { type: "comments", threadId: "thr1", commentId: "c1", change: "created", by: { userId: "u1", name: "Sam" }, mentioned: ["u2"] },
  ];

  for (const event of events) {
    it(`reads a ${event.type} event the server writes`, () => {
      // The server's own schema accepts it, so the browser reads what the server may send.
      expect(inboxEvent.parse(event)).toEqual(event);
      expect(readInboxEvent(JSON.stringify(event))).toEqual(event);
    });
  }

  it("skips what is not an event it knows: another type, no type, not an object, not JSON", () => {
    for (const data of ['{"type":"upgrade"}', '{"threadId":"thr1"}', '"resync"', "null", "[1]", "{broken", ""]) {
      expect(readInboxEvent(data), data).toBeNull();
    }
  });
});
