import { tz } from "@date-fns/tz";
import { addDays, addHours, nextMonday, set, startOfHour } from "date-fns";
import type { SnoozePreset } from "./snooze-rules";

/** Later today: three hours on, at the top of the hour; tomorrow and next week: 8:00 in the member's zone. */
export function presetTime(preset: SnoozePreset, now: Date, zone: string): Date {
  const inZone = { in: tz(zone) };
  const morning = { hours: 8, minutes: 0, seconds: 0, milliseconds: 0 };
  switch (preset) {
    case "laterToday":
      return new Date(startOfHour(addHours(now, 3), inZone).getTime());
    case "tomorrow":
      return new Date(set(addDays(now, 1, inZone), morning, inZone).getTime());
    case "nextWeek":
      return new Date(set(nextMonday(now, inZone), morning, inZone).getTime());
  }
}
