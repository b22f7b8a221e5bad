import { describe, expect, it } from "vitest";
import { reconcile } from "./reconcile";

const server = (text: string, updatedAt: string) => ({ threadId: "t1", text, updatedAt });

describe("reconcile", () => {
  it("a fresh device with nothing typed takes the server's draft", () => {
    expect(reconcile("", undefined, server("Hi Ana", "2026-01-01T10:00:00.000Z"))).toEqual({ take: { text: "Hi Ana", at: "2026-01-01T10:00:00.000Z" } });
  });

  it("never replaces text typed here that has not reached the server", () => {
    expect(reconcile("Typed offline", undefined, server("Older", "2026-01-01T10:00:00.000Z"))).toBeNull();
    const synced = { text: "Hi", at: "2026-01-01T10:00:00.000Z" };
    expect(reconcile("Hi there", synced, server("Hi from the phone", "2026-01-01T11:00:00.000Z"))).toBeNull();
    expect(reconcile("Hi there", synced, null)).toBeNull();
  });

  it("counts a save whose answer was lost as saved when the server holds the same text", () => {
    expect(reconcile("Hi there", { text: "Hi", at: "2026-01-01T10:00:00.000Z" }, server("Hi there", "2026-01-01T10:00:03.000Z"))).toEqual({
      take: { text: "Hi there", at: "2026-01-01T10:00:03.000Z" },
    });
    expect(reconcile("Hi", { text: "Hi", at: "2026-01-01T10:00:00.000Z" }, server("Hi", "2026-01-01T10:00:00.000Z"))).toBeNull();
  });

  it("takes a newer server draft over what this device last saved, by the server's clock", () => {
    const synced = { text: "Hi", at: "2026-01-01T10:00:00.000Z" };
    expect(reconcile("Hi", synced, server("Hi from the phone", "2026-01-01T10:00:05.000Z"))).toEqual({
      take: { text: "Hi from the phone", at: "2026-01-01T10:00:05.000Z" },
    });
    // The same save, or an older answer that arrived late, changes nothing.
    expect(reconcile("Hi", synced, server("Hi", "2026-01-01T10:00:00.000Z"))).toBeNull();
    expect(reconcile("Hi", synced, server("H", "2026-01-01T09:59:59.000Z"))).toBeNull();
  });

  it("empties the box when the draft it had saved was sent or emptied elsewhere", () => {
    expect(reconcile("Hi", { text: "Hi", at: "2026-01-01T10:00:00.000Z" }, null)).toEqual({ take: null });
    expect(reconcile("", undefined, null)).toBeNull();
  });
});
