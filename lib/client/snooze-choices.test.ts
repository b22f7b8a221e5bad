import { describe, expect, it } from "vitest";
import { snoozeChoices, zonedInstant } from "./snooze-choices";

const now = new Date("2026-03-02T10:00:00Z");

describe("snooze choices", () => {
  it("offer the presets with the time each means on the inbox's clock, and the reply", () => {
    const choices = snoozeChoices(now, "UTC");
    expect(choices.map((c) => c.until)).toEqual(["laterToday", "tomorrow", "nextWeek", "reply"]);
    expect(choices.at(-1)?.when).toBeNull();
    expect(choices[0]!.when).toMatch(/^\d\d:00$/);
  });
});

describe("a date and time picked", () => {
  it("is meant in the member's zone", () => {
    expect(zonedInstant("2026-03-09", "08:30", "Europe/Berlin")?.toISOString()).toBe("2026-03-09T07:30:00.000Z");
    expect(zonedInstant("2026-03-09", "", "Europe/Berlin")).toBeNull();
  });
});
