import { describe, expect, it } from "vitest";
import type { ApiEvent } from "@/lib/api/events";
import { createReplayCadence, WEBHOOK_GRACE_MS } from "./replay-cadence";

const intervals = { active: 1_500, watch: 15_000, idle: 60_000 };

function clock() {
  let at = Date.parse("2025-03-01T10:00:00Z");
  return { now: () => at, pass: (ms: number) => void (at += ms) };
}

function event(createdAt: number): ApiEvent {
  return { id: `evt${createdAt}`, seq: 1, type: "message.received", createdAt: new Date(createdAt).toISOString(), object: { type: "message", id: "msg1" }, data: {} } as ApiEvent;
}

describe("the replay cadence", () => {
  it("does not take a quiet team for broken webhooks: one person watching costs a replay every 15 s, not every 1.5 s", () => {
    const { now, pass } = clock();
    const cadence = createReplayCadence({ webhooks: true, intervals, now });
    cadence.started();
    pass(10 * 60_000);
    cadence.replayed([]);
    expect(cadence.next(true)).toBe(intervals.watch);
    expect(cadence.next(false)).toBe(intervals.idle);
  });

  it("steps up when a replay finds an event a webhook should have brought, and down when webhooks arrive again", () => {
    const { now, pass } = clock();
    const cadence = createReplayCadence({ webhooks: true, intervals, now });
    cadence.started();
    pass(60_000);
    // Just happened: its webhook may be on its way.
    cadence.replayed([event(now() - 1_000)]);
    expect(cadence.next(true)).toBe(intervals.watch);
    cadence.replayed([event(now() - WEBHOOK_GRACE_MS - 1_000)]);
    expect(cadence.next(true)).toBe(intervals.active);
    pass(30_000);
    expect(cadence.next(true)).toBe(intervals.active);
    cadence.webhookArrived();
    expect(cadence.next(true)).toBe(intervals.watch);
  });

  it("does not count events from before the feed started, which no webhook could bring here", () => {
    const { now, pass } = clock();
    const cadence = createReplayCadence({ webhooks: true, intervals, now });
    const downtime = now();
    pass(60_000);
    cadence.started();
    cadence.replayed([event(downtime)]);
    expect(cadence.next(true)).toBe(intervals.watch);
  });

  it("replays at the active pace whenever someone watches when no webhook can be verified", () => {
    const { now } = clock();
    const cadence = createReplayCadence({ webhooks: false, intervals, now });
    expect(cadence.next(true)).toBe(intervals.active);
    expect(cadence.next(false)).toBe(intervals.idle);
  });
});
