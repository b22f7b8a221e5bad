import { describe, expect, it } from "vitest";
import { EVENT_TYPES, event, eventDataSchema, eventPage, isKnownEventType } from "./events";
import { eventFixture } from "./testing/fixtures";

describe("event", () => {
  it("parses the spec-shaped envelope unchanged", () => {
    expect(event.parse(eventFixture())).toEqual(eventFixture());
  });

  it("requires id, seq, type, apiVersion, createdAt, object and data", () => {
    for (const key of Object.keys(eventFixture())) {
      const { [key as keyof ReturnType<typeof eventFixture>]: _dropped, ...rest } = eventFixture();
      expect(event.safeParse(rest).success, `without ${key}`).toBe(false);
    }
  });

  it("keeps unknown types, object types and fields", () => {
    const e = { ...eventFixture(), type: "campaign.started", object: { type: "campaign", id: "cmp1", url: "/campaigns/cmp1" }, trace: "x" };
    expect(event.parse(e)).toEqual(e);
  });

  it("rejects a negative or fractional seq and an object ID that is not a service ID", () => {
    expect(event.safeParse({ ...eventFixture(), seq: -1 }).success).toBe(false);
    expect(event.safeParse({ ...eventFixture(), seq: 1.5 }).success).toBe(false);
    expect(event.safeParse({ ...eventFixture(), object: { type: "thread", id: "T-1", url: "/threads/T-1" } }).success).toBe(false);
  });

  it("has the spec's named types and a data schema for each known type", () => {
    for (const type of ["message.sent", "message.received", "thread.assigned", "thread.unassigned"]) {
      expect(EVENT_TYPES).toContain(type);
    }
    expect(EVENT_TYPES.filter((t) => t.startsWith("contact.")).length).toBeGreaterThanOrEqual(5);
    expect(EVENT_TYPES).not.toContain("message.created");
    expect(EVENT_TYPES).not.toContain("prospect.created");
    expect(isKnownEventType("message.received")).toBe(true);
    expect(isKnownEventType("toString")).toBe(false);
  });

  it("validates data per type: message.received names its thread; thread.assigned its assignee", () => {
    expect(eventDataSchema("message.received").safeParse({ threadId: "thr1", messageId: "msg1" }).success).toBe(true);
    expect(eventDataSchema("message.received").safeParse({ messageId: "msg1" }).success).toBe(false);
    expect(eventDataSchema("thread.assigned").safeParse({ assigneeId: "mem2" }).success).toBe(true);
    expect(eventDataSchema("thread.unassigned").safeParse({ assigneeId: null }).success).toBe(true);
    expect(eventDataSchema("contact.tagsChanged").safeParse({ added: ["tag1"], removed: [] }).success).toBe(true);
  });
});

describe("event page", () => {
  it("is { data, lastSeq, hasMore }", () => {
    const body = { data: [eventFixture()], lastSeq: 42, hasMore: false };
    expect(eventPage.parse(body)).toEqual(body);
    expect(eventPage.safeParse({ data: [], nextCursor: null }).success).toBe(false);
  });
});
