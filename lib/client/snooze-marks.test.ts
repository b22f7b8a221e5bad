import { describe, expect, it } from "vitest";
import type { Snooze } from "@/lib/api/snoozes";
import { shortTime, snoozeMark } from "./snooze-marks";

const base: Snooze = { threadId: "thr1", kind: "snooze", state: "waiting", until: null, since: "2026-03-02T09:00:00Z", by: { userId: "u1", name: "Sam Rivera" }, reason: null, returnedAt: null };
const now = new Date("2026-03-02T10:00:00Z");

describe("snooze marks", () => {
  it("say where a snoozed conversation is and when it comes back", () => {
    expect(snoozeMark({ snooze: base }, now)).toMatchObject({ label: "Snoozed until they reply", tone: "waiting" });
    expect(snoozeMark({ snooze: { ...base, until: "2026-03-03T08:00:00Z" } }, now)?.label).toMatch(/^Snoozed until \w{3} \d\d:00$/);
  });

  it("mark a return, a missing reply first", () => {
    const returned = { ...base, state: "returned" as const, reason: "time" as const, returnedAt: "2026-03-03T08:00:00Z" };
    expect(snoozeMark({ snooze: returned }, now)).toMatchObject({ label: "Back from snooze", tone: "returned" });
    expect(snoozeMark({ snooze: { ...returned, reason: "reply" } }, now)?.title).toContain("the contact replied");
    const quiet = { ...base, kind: "followUp" as const, state: "returned" as const, reason: "noReply" as const, since: "2026-02-20T09:00:00Z", until: "2026-02-23T09:00:00Z" };
    expect(snoozeMark({ snooze: returned, followUp: quiet }, now)?.label).toMatch(/^No reply since 20 Feb \d\d:00$/);
  });

  it("show a reminder that waits, and nothing without either", () => {
    const waiting = { ...base, kind: "followUp" as const, until: "2026-03-05T10:00:00Z" };
    expect(snoozeMark({ followUp: waiting }, now)).toMatchObject({ tone: "waiting" });
    expect(snoozeMark({ followUp: waiting }, now)?.label).toMatch(/^Reminder \w{3} \d\d:00$/);
    expect(snoozeMark({}, now)).toBeNull();
  });
});

describe("a snooze's time", () => {
  it("reads as the hour today, the weekday and hour this week, else the date", () => {
    const at = new Date(2026, 2, 2, 10, 0);
    expect(shortTime(new Date(2026, 2, 2, 0, 5), at)).toBe("00:05");
    expect(shortTime(new Date(2026, 2, 4, 15, 0), at)).toBe("Wed 15:00");
    expect(shortTime(new Date(2026, 8, 14, 8, 30), at)).toBe("14 Sep 08:30");
    expect(shortTime(new Date(2027, 0, 5, 8, 0), at)).toBe("5 Jan 2027 08:00");
  });
});
