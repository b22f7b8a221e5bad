import { describe, expect, it } from "vitest";
import type { Message } from "@/lib/api/messages";
import { activitySummary, latestSentAt, newActivity } from "./new-activity";

const msg = (id: string, sentAt: string, direction: "inbound" | "outbound" = "inbound") => ({ id, sentAt, direction }) as Message;

describe("new activity since the member last looked", () => {
  const history = [msg("m1", "2026-11-23T10:00:00Z"), msg("m2", "2026-11-23T10:05:00Z", "outbound"), msg("m3", "2026-11-23T10:07:00Z")];

  it("is what came after the newest message seen, except this tab's own sends", () => {
    expect(newActivity(history, "2026-11-23T10:00:00Z", new Set()).map((m) => m.id)).toEqual(["m2", "m3"]);
    expect(newActivity(history, "2026-11-23T10:00:00Z", new Set(["m2"])).map((m) => m.id)).toEqual(["m3"]);
    expect(newActivity(history, "2026-11-23T10:07:00Z", new Set())).toEqual([]);
  });

  it("is nothing before the history has loaded", () => {
    expect(newActivity(history, null, new Set())).toEqual([]);
  });

  it("finds the newest time whatever the order", () => {
    expect(latestSentAt([history[2]!, history[0]!, history[1]!])).toBe("2026-11-23T10:07:00Z");
    expect(latestSentAt([])).toBeNull();
  });

  it("says what arrived", () => {
    expect(activitySummary([history[2]!], "Shane")).toBe("New message from Shane");
    expect(activitySummary([history[1]!], "Shane")).toBe("A teammate replied");
    expect(activitySummary([history[0]!, history[2]!], "Shane")).toBe("2 new messages from Shane");
    expect(activitySummary(history, "Shane")).toBe("3 new messages");
  });
});
