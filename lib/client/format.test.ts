import { describe, expect, it } from "vitest";
import { calendarDays, colorHex, fullTime, listTime, money, personName, waited } from "./format";

describe("format", () => {
  const now = new Date("2026-11-23T15:00:00Z");
  it("list times read as hour, weekday or date", () => {
    expect(listTime("2026-11-23T09:05:00Z", now)).toMatch(/^\d{2}:05$/);
    expect(listTime("2026-11-20T09:05:00Z", now)).toBe("Fri");
    expect(listTime("2026-10-01T09:05:00Z", now)).toBe("1 Oct");
    expect(listTime("2025-10-01T09:05:00Z", now)).toBe("1 Oct 2025");
  });
  it("list times and tooltips can be written in a given zone, whatever zone runs the code", () => {
    // At 03:00 UTC on the 23rd, 23:30 UTC the night before is this morning in Tokyo, yesterday in UTC.
    const early = new Date("2026-11-23T03:00:00Z");
    expect(listTime("2026-11-22T23:30:00Z", early, "Asia/Tokyo")).toBe("08:30");
    expect(listTime("2026-11-22T23:30:00Z", early, "UTC")).toBe("Sun");
    // 02:00 UTC on the 23rd is still the evening of the 22nd in New York.
    expect(listTime("2026-11-23T02:00:00Z", now, "America/New_York")).toBe("Sun");
    expect(listTime("2026-11-23T02:00:00Z", now, "UTC")).toBe("02:00");
    expect(fullTime("2026-11-22T23:30:00Z", "Asia/Tokyo")).toBe("Monday 23 November 2026, 08:30");
    expect(fullTime("2026-11-23T00:05:00Z", "UTC")).toBe("Monday 23 November 2026, 00:05");
  });
  it("waits are short", () => {
    expect(waited("2026-11-23T14:55:00Z", now)).toBe("5m");
    expect(waited("2026-11-23T14:59:30Z", now)).toBe("<1m");
    expect(waited("2026-11-23T15:00:05Z", now)).toBe("<1m");
    expect(waited("2026-11-23T12:00:00Z", now)).toBe("3h");
    expect(waited("2026-11-21T14:00:00Z", now)).toBe("2d");
    expect(waited("2026-09-20T15:00:00Z", now)).toBe("2mo");
    expect(waited("2024-11-20T15:00:00Z", now)).toBe("2y");
  });
  it("dates are written with English names whatever the zone, and days are counted on the calendar", () => {
    expect(listTime("2026-09-03T12:00:00Z", now, "UTC")).toBe("3 Sep");
    expect(listTime("2026-11-23T00:05:00Z", now, "UTC")).toBe("00:05");
    expect(fullTime("2026-05-04T09:00:00Z", "UTC")).toBe("Monday 4 May 2026, 09:00");
    // Across the change to summer time (29 March in Berlin) a day still counts one.
    expect(calendarDays(new Date(2026, 2, 28, 23, 30), new Date(2026, 2, 29, 0, 10))).toBe(1);
    expect(calendarDays(new Date(2026, 2, 28, 0, 0), new Date(2026, 3, 4, 23, 59))).toBe(7);
  });
  it("money uses the team's currency, and survives an unknown one", () => {
    expect(money(1200, "USD")).toContain("1,200");
    expect(money(1200, "XXXX")).toContain("1,200");
  });
  it("colors resolve names through GET /colors", () => {
    expect(colorHex("#123456", [])).toBe("#123456");
    expect(colorHex("blue", [{ name: "blue", hex: "#0000ff" }])).toBe("#0000ff");
    expect(colorHex("mauve", [])).toBe("#8b8f98");
  });
  it("people are called by display name, handle, username or ID", () => {
    expect(personName({ displayName: "Ana", username: "ana", handle: "@ana", platformId: "1" })).toBe("Ana");
    expect(personName({ displayName: " ", username: "ana", handle: null, platformId: "1" })).toBe("@ana");
    expect(personName({ displayName: null, username: null, handle: null, platformId: "1" })).toBe("1");
    expect(personName(null)).toBe("Unknown person");
  });
});
