import { describe, expect, it } from "vitest";
import { capabilityLabel, capabilityReason, windowLabel } from "./capability-reasons";

describe("capability reasons", () => {
  it("says nothing when allowed", () => {
    expect(capabilityReason({ allowed: true }, "send")).toBeNull();
  });
  it("names each denial in a sentence", () => {
    expect(capabilityReason({ allowed: false, reason: "capabilityNotSupported", capability: "message:edit" }, "edit messages")).toBe(
      "This account can't edit messages on its platform.",
    );
    expect(capabilityReason({ allowed: false, reason: "threadRestricted", capability: "message:send" }, "send messages")).toContain("turned off");
    expect(
      capabilityReason({ allowed: false, reason: "accountLinkDisconnected", capability: "message:send", status: "offline", pauseReasons: [] }, "send messages"),
    ).toBe("This account is offline. Reconnect it in the service's dashboard to send messages.");
    expect(
      capabilityReason(
        { allowed: false, reason: "accountLinkDisconnected", capability: "message:send", status: "paused", pauseReasons: ["platformLimited"] },
        "send messages",
      ),
    ).toBe("This account is paused (the platform limited it). Resume it in the service's dashboard to send messages.");
    expect(
      capabilityReason({ allowed: false, reason: "mutationWindowClosed", capability: "message:edit", closedAt: "2026-11-23T10:15:00Z" }, "edit"),
    ).toMatch(/^The platform's window for changing this message closed at \d{2}:15 on 23 Nov\.$/);
    expect(capabilityReason({ allowed: false, reason: "messageNotMutable", capability: "message:edit", messageState: "inbound" }, "edit")).toBe(
      "Only messages your team sent can be changed.",
    );
  });
});

describe("capability and window labels", () => {
  it("names known capabilities and keeps unknown ones as the API names them", () => {
    expect(capabilityLabel("message:edit")).toBe("Edit messages");
    expect(capabilityLabel("message:schedule")).toBe("message:schedule");
  });
  it("says a window in the largest whole unit", () => {
    expect(windowLabel(900)).toBe("15 minutes");
    expect(windowLabel(3600)).toBe("1 hour");
    expect(windowLabel(172_800)).toBe("2 days");
    expect(windowLabel(90)).toBe("90 seconds");
    expect(windowLabel(null)).toBe("no time limit");
  });
});
