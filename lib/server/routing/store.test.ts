import { describe, expect, it } from "vitest";
import { availabilityOf, type MemberRow } from "./store";

const NOW = Date.parse("2026-11-26T12:00:00Z");
const MINUTE = 60_000;
const row = (over: Partial<MemberRow> = {}): MemberRow => ({
  memberId: "mem1",
  status: "available",
  capacity: 3,
  lastSeenAt: new Date(NOW - MINUTE),
  lastAssignedAt: null,
  updatedAt: new Date(NOW),
  ...over,
});

describe("availability", () => {
  it("available when they say so, are signed in and were seen within the idle time", () => {
    expect(availabilityOf("mem1", row(), true, { open: 2, routed: 1 }, NOW, 15 * MINUTE)).toEqual({
      memberId: "mem1",
      status: "available",
      available: true,
      away: null,
      capacity: 3,
      open: 2,
      routed: 1,
      lastSeenAt: new Date(NOW - MINUTE).toISOString(),
    });
  });

  it("away, with why: they said so, signed out, idle too long, or never seen", () => {
    expect(availabilityOf("mem1", row({ status: "away" }), true, { open: 0, routed: 0 }, NOW, 15 * MINUTE)).toMatchObject({ available: false, away: "set", status: "away" });
    expect(availabilityOf("mem1", row(), false, { open: 0, routed: 0 }, NOW, 15 * MINUTE)).toMatchObject({ available: false, away: "signedOut" });
    expect(availabilityOf("mem1", row({ lastSeenAt: new Date(NOW - 16 * MINUTE) }), true, { open: 0, routed: 0 }, NOW, 15 * MINUTE)).toMatchObject({ available: false, away: "idle" });
    expect(availabilityOf("mem1", undefined, true, { open: 0, routed: 0 }, NOW, 15 * MINUTE)).toMatchObject({ status: "available", available: false, away: "idle", capacity: null });
  });
});
