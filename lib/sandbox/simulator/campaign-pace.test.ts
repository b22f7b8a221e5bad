import { describe, expect, it } from "vitest";
import { isSendingTime, localTime } from "./campaign-pace";

const WEEKDAYS = Object.fromEntries(["1", "2", "3", "4", "5"].map((d) => [d, { start: 9 * 60, end: 17 * 60 }]));

describe("isSendingTime", () => {
  it("reads the day and minute in the campaign's time zone; an omitted day sends nothing; the end is not included", () => {
    // Friday 20 November 2026, 12:00 UTC: 13:00 in Berlin, 07:00 in New York.
    const friday = new Date("2026-11-20T12:00:00Z");
    expect(localTime(friday, "Europe/Berlin")).toEqual({ day: 5, minute: 13 * 60 });
    expect(isSendingTime(friday, "Europe/Berlin", WEEKDAYS)).toBe(true);
    expect(isSendingTime(friday, "America/New_York", WEEKDAYS)).toBe(false);
    expect(isSendingTime(new Date("2026-11-21T12:00:00Z"), "Europe/Berlin", WEEKDAYS)).toBe(false);
    expect(isSendingTime(new Date("2026-11-21T12:00:00Z"), "Europe/Berlin", { ...WEEKDAYS, "6": { start: 0, end: 1440 } })).toBe(true);
    expect(isSendingTime(new Date("2026-11-23T08:00:00Z"), "Europe/Berlin", WEEKDAYS)).toBe(true);
    expect(isSendingTime(new Date("2026-11-23T07:59:59Z"), "Europe/Berlin", WEEKDAYS)).toBe(false);
    expect(isSendingTime(new Date("2026-11-23T16:00:00Z"), "Europe/Berlin", WEEKDAYS)).toBe(false);
    // Midnight is minute 0 of the new day, Sunday is day 0.
    expect(localTime(new Date("2026-11-22T23:00:00Z"), "Europe/Berlin")).toEqual({ day: 1, minute: 0 });
    expect(localTime(new Date("2026-11-22T12:00:00Z"), "UTC")).toEqual({ day: 0, minute: 12 * 60 });
  });

  it("follows daylight saving time, and sends nothing in a zone it does not know", () => {
    // Berlin moves from UTC+2 to UTC+1 on 25 October 2026.
    expect(isSendingTime(new Date("2026-10-23T07:30:00Z"), "Europe/Berlin", WEEKDAYS)).toBe(true);
    expect(isSendingTime(new Date("2026-10-26T07:30:00Z"), "Europe/Berlin", WEEKDAYS)).toBe(false);
    expect(isSendingTime(new Date("2026-11-23T10:00:00Z"), "Mars/Olympus", WEEKDAYS)).toBe(false);
  });
});
