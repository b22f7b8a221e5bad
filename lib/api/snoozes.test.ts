import { describe, expect, it } from "vitest";
import { hidesSnoozed, newSnooze, presetTime } from "./snoozes";

describe("snooze presets, in the member's time zone", () => {
  // Friday 6 March 2026, 23:30 UTC: already Saturday 00:30 in Berlin, still Friday 18:30 in New York.
  const now = new Date("2026-03-06T23:30:00Z");

  it("tomorrow morning is 8:00 of the member's next day", () => {
    expect(presetTime("tomorrow", now, "Europe/Berlin").toISOString()).toBe("2026-03-08T07:00:00.000Z");
    expect(presetTime("tomorrow", now, "America/New_York").toISOString()).toBe("2026-03-07T13:00:00.000Z");
  });

  it("next week is Monday 8:00 there, across a change to summer time", () => {
    expect(presetTime("nextWeek", now, "America/New_York").toISOString()).toBe("2026-03-09T12:00:00.000Z");
    expect(presetTime("nextWeek", new Date("2026-03-27T12:00:00Z"), "Europe/Berlin").toISOString()).toBe("2026-03-30T06:00:00.000Z");
  });

  it("later today is three hours on, at the top of the hour", () => {
    expect(presetTime("laterToday", now, "Asia/Kolkata").toISOString()).toBe("2026-03-07T02:30:00.000Z");
    expect(presetTime("laterToday", now, "UTC").toISOString()).toBe("2026-03-07T02:00:00.000Z");
  });
});

describe("a snooze request", () => {
  it("takes a preset, a time or the contact's reply, in a known time zone", () => {
    expect(newSnooze.parse({ threadId: "thr1", until: "reply" })).toEqual({ threadId: "thr1", until: "reply", timeZone: "UTC" });
    expect(newSnooze.safeParse({ threadId: "thr1", until: "2026-03-09T08:00:00+01:00", timeZone: "Europe/Berlin" }).success).toBe(true);
    expect(newSnooze.safeParse({ threadId: "thr1", until: "soon" }).success).toBe(false);
    expect(newSnooze.safeParse({ threadId: "thr1", until: "tomorrow", timeZone: "Europe/Atlantis" }).success).toBe(false);
  });

  it("puts a conversation out of the open folders only", () => {
    expect(["inbox", "noReply", "requests", "archived", "all"].filter((f) => hidesSnoozed(f as never))).toEqual(["inbox", "noReply", "requests"]);
  });
});

describe("a snooze's until", () => {
  it("names what it takes when it is neither a preset nor a time", () => {
    const result = newSnooze.safeParse({ threadId: "thr0001", until: "someday" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Snooze until laterToday, tomorrow, nextWeek, reply, or a time such as 2026-12-01T09:00:00Z.");
    expect(newSnooze.safeParse({ threadId: "thr0001", until: "reply" }).success).toBe(true);
    expect(newSnooze.safeParse({ threadId: "thr0001", until: "2026-12-01T09:00:00Z" }).success).toBe(true);
  });
});
