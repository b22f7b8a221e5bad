import { describe, expect, it } from "vitest";
import { clock, nowIn, rateAboveRecommended, sendingAt, weekGrid } from "./schedule";

describe("weekGrid", () => {
  it("reads Monday first and fills each hour by the share the campaign may send in it", () => {
    const grid = weekGrid({ "1": { start: 9 * 60 + 30, end: 17 * 60 }, "3": { start: 0, end: 1440 } });
    expect(grid.map((d) => d.name)).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    const monday = grid[0]!;
    expect(monday.cells[8]).toBe(0);
    expect(monday.cells[9]).toBe(0.5);
    expect(monday.cells[16]).toBe(1);
    expect(monday.cells[17]).toBe(0);
    expect(monday.hours).toEqual({ start: 570, end: 1020 });
    expect(grid[1]!.hours).toBeNull();
    expect(grid[1]!.cells.every((c) => c === 0)).toBe(true);
    expect(grid[2]!.cells.every((c) => c === 1)).toBe(true);
  });
});

describe("clock", () => {
  it("writes minutes of the day as a 24-hour clock", () => {
    expect(clock(540)).toBe("09:00");
    expect(clock(1020)).toBe("17:00");
    expect(clock(1440)).toBe("24:00");
  });
});

describe("nowIn", () => {
  it("tells the day and minute in the campaign's time zone", () => {
    // Friday 27 November 2026, 05:30 UTC: 06:30 in Berlin, 00:30 in New York, still Friday.
    const at = new Date("2026-11-27T05:30:00Z");
    expect(nowIn("Europe/Berlin", at)).toEqual({ day: 5, minute: 6 * 60 + 30 });
    expect(nowIn("America/New_York", at)).toEqual({ day: 5, minute: 30 });
    expect(nowIn("America/Los_Angeles", at)).toEqual({ day: 4, minute: 21 * 60 + 30 });
  });

  it("answers null for a zone it does not know", () => {
    expect(nowIn("Mars/Olympus_Mons", new Date())).toBeNull();
  });
});

describe("sendingAt", () => {
  it("is true inside the day's hours, end excluded", () => {
    const hours = { "5": { start: 540, end: 1020 } };
    expect(sendingAt(hours, { day: 5, minute: 540 })).toBe(true);
    expect(sendingAt(hours, { day: 5, minute: 1020 })).toBe(false);
    expect(sendingAt(hours, { day: 6, minute: 600 })).toBe(false);
  });
});

describe("rateAboveRecommended", () => {
  it("warns only above 20 an hour", () => {
    expect(rateAboveRecommended(20)).toBe(false);
    expect(rateAboveRecommended(21)).toBe(true);
  });
});
