import { afterEach, describe, expect, it } from "vitest";
import type { InboxEvent } from "@/lib/api/inbox-events";
import { createPresence, SWEEP_MS, TYPING_TTL_MS, VIEW_TTL_MS, type Presence } from "./presence";

let clock = 0;
let events: InboxEvent[] = [];
let presence: Presence;

function setup() {
  clock = 1_000_000;
  events = [];
  presence = createPresence({ publish: (event) => events.push(event), now: () => clock, sweepMs: 60_000 });
}
afterEach(() => presence?.stop());

const sam = { userId: "u1", name: "Sam Rivera" };
const marcus = { userId: "u2", name: "Marcus Lee" };

describe("presence", () => {
  it("publishes who views a thread, and when they leave it", () => {
    setup();
    presence.beat({ tabId: "a", ...sam, threadId: "thr1", typing: false });
    presence.beat({ tabId: "b", ...marcus, threadId: "thr1", typing: false });
    expect(presence.people("thr1").map((p) => p.name)).toEqual(["Marcus Lee", "Sam Rivera"]);
    expect(events.at(-1)).toEqual({ type: "presence", threadId: "thr1", people: [
      { userId: "u2", name: "Marcus Lee", typing: false },
      { userId: "u1", name: "Sam Rivera", typing: false },
    ] });

    // Moving to another thread leaves the first.
    presence.beat({ tabId: "a", ...sam, threadId: "thr2", typing: false });
    expect(presence.people("thr1").map((p) => p.userId)).toEqual(["u2"]);
    expect(events.slice(-2).map((e) => e.type === "presence" && e.threadId)).toEqual(["thr1", "thr2"]);

    presence.beat({ tabId: "b", ...marcus, threadId: null, typing: false });
    expect(presence.people("thr1")).toEqual([]);
    expect(events.at(-1)).toEqual({ type: "presence", threadId: "thr1", people: [] });
  });

  it("publishes only changes: a repeated beat is silent", () => {
    setup();
    presence.beat({ tabId: "a", ...sam, threadId: "thr1", typing: false });
    const count = events.length;
    presence.beat({ tabId: "a", ...sam, threadId: "thr1", typing: false });
    presence.sweep();
    expect(events).toHaveLength(count);
  });

  it("typing lasts a few seconds past the last typing beat, when no other beat comes", () => {
    setup();
    presence.beat({ tabId: "a", ...sam, threadId: "thr1", typing: true });
    expect(presence.people("thr1")[0]!.typing).toBe(true);
    clock += TYPING_TTL_MS;
    presence.sweep();
    expect(presence.people("thr1")[0]!.typing).toBe(false);
    expect(events.at(-1)).toEqual({ type: "presence", threadId: "thr1", people: [{ ...sam, typing: false }] });
  });

  it("ends typing at once, for everyone, when a beat says the member no longer types (they sent)", () => {
    setup();
    presence.beat({ tabId: "a", ...sam, threadId: "thr1", typing: true });
    clock += 1_000;
    presence.beat({ tabId: "a", ...sam, threadId: "thr1", typing: false });
    expect(presence.people("thr1")).toEqual([{ ...sam, typing: false }]);
    expect(events.at(-1)).toEqual({ type: "presence", threadId: "thr1", people: [{ ...sam, typing: false }] });
  });

  it("a tab that stops beating drops out within 15 s of its last beat, told by the sweep", () => {
    clock = 1_000_000;
    events = [];
    presence = createPresence({ publish: (event) => events.push(event), now: () => clock, sweepMs: SWEEP_MS });
    presence.beat({ tabId: "a", ...sam, threadId: "thr1", typing: false });
    clock += VIEW_TTL_MS - 1;
    presence.sweep();
    expect(presence.people("thr1")).toHaveLength(1);
    // The last moment the sweep may notice it: one sweep interval after it expired.
    clock += 1 + SWEEP_MS;
    presence.sweep();
    expect(VIEW_TTL_MS + SWEEP_MS).toBeLessThanOrEqual(15_000);
    expect(presence.people("thr1")).toEqual([]);
    expect(events.at(-1)).toEqual({ type: "presence", threadId: "thr1", people: [] });
    expect(presence.snapshot()).toEqual([]);
  });

  it("counts a user's tabs once, typing if any tab is", () => {
    setup();
    presence.beat({ tabId: "a", ...sam, threadId: "thr1", typing: false });
    presence.beat({ tabId: "b", ...sam, threadId: "thr1", typing: true });
    expect(presence.people("thr1")).toEqual([{ ...sam, typing: true }]);
    presence.beat({ tabId: "b", ...sam, threadId: null, typing: false });
    expect(presence.people("thr1")).toEqual([{ ...sam, typing: false }]);
  });

  it("gives a connecting browser every occupied thread", () => {
    setup();
    presence.beat({ tabId: "a", ...sam, threadId: "thr1", typing: false });
    presence.beat({ tabId: "b", ...marcus, threadId: "thr2", typing: true });
    expect(presence.snapshot()).toEqual([
      { type: "presence", threadId: "thr1", people: [{ ...sam, typing: false }] },
      { type: "presence", threadId: "thr2", people: [{ ...marcus, typing: true }] },
    ]);
  });

  it("shares its own browsers' beats, takes in others', and can tell its own live tabs again", () => {
    clock = 1_000_000;
    events = [];
    const shared: unknown[] = [];
    presence = createPresence({ publish: (event) => events.push(event), share: (beat) => shared.push(beat), now: () => clock, sweepMs: 60_000 });
    presence.beat({ tabId: "a", ...sam, threadId: "thr1", typing: true });
    presence.receive({ tabId: "b", ...marcus, threadId: "thr1", typing: false });
    expect(shared).toEqual([{ tabId: "a", ...sam, threadId: "thr1", typing: true }]);
    expect(presence.people("thr1").map((p) => p.name)).toEqual(["Marcus Lee", "Sam Rivera"]);
    // Another instance's tabs are its own to tell; each as it stands, typing while it lasts.
    expect(presence.local()).toEqual([{ tabId: "a", ...sam, threadId: "thr1", typing: true }]);
    clock += TYPING_TTL_MS;
    expect(presence.local()).toEqual([{ tabId: "a", ...sam, threadId: "thr1", typing: false }]);
    clock += VIEW_TTL_MS + 1;
    expect(presence.local()).toEqual([]);
  });
});
