import { describe, expect, it } from "vitest";
import { CAPABILITIES, type KnownCapability } from "./capability-names";
import { capabilityError, checkCapability, windowClosesAt, type CapabilityCheck } from "./capabilities";
import { errorDetails } from "./error-schemas";
import { accountLinkFixture, messageFixture, platformFixture, threadFixture } from "./testing/fixtures";

const NOW = new Date("2026-11-20T12:10:00.000Z");
const SENT_5_MIN_AGO = "2026-11-20T12:05:00.000Z";
const SENT_20_MIN_AGO = "2026-11-20T11:50:00.000Z";

type MessageCase = "none" | "outboundRecent" | "outboundOld" | "inbound" | "deleted";
const MESSAGE_CASES: MessageCase[] = ["none", "outboundRecent", "outboundOld", "inbound", "deleted"];
const STATUSES = ["active", "offline", "paused"] as const;

function messageFor(kind: MessageCase) {
  if (kind === "none") return null;
  const m = messageFixture();
  m.sentAt = kind === "outboundOld" ? SENT_20_MIN_AGO : SENT_5_MIN_AGO;
  m.direction = kind === "inbound" ? "inbound" : "outbound";
  m.deletedAt = kind === "deleted" ? "2026-11-20T12:06:00.000Z" : null;
  return m;
}

/**
 * The rule as the spec and our documented order state it, written independently of the
 * implementation: first failing condition wins.
 */
function expected(
  capability: KnownCapability,
  c: { linkHas: boolean; platformHas: boolean; restricted: boolean; status: string; message: MessageCase },
): CapabilityCheck["allowed"] | string {
  if (!c.linkHas || !c.platformHas) return "capabilityNotSupported";
  if (c.restricted) return "threadRestricted";
  if (c.status !== "active") return "accountLinkDisconnected";
  const onMessage = capability === "message:edit" || capability === "message:unsend" || capability === "message:react";
  if (onMessage && c.message === "deleted") return "messageNotMutable";
  const windowed = capability === "message:edit" || capability === "message:unsend";
  if (windowed && c.message === "inbound") return "messageNotMutable";
  // The fixture platform gives edits a 15-minute window and unsends none.
  if (capability === "message:edit" && c.message === "outboundOld") return "mutationWindowClosed";
  return true;
}

describe("checkCapability: the whole truth table", () => {
  // Every combination of account link, platform, restriction, status and message, per capability.
  it.each(CAPABILITIES)("%s", (capability) => {
    const mismatches: string[] = [];
    let rows = 0;
    for (const linkHas of [true, false])
      for (const platformHas of [true, false])
        for (const restricted of [true, false])
          for (const status of STATUSES)
            for (const message of MESSAGE_CASES) {
              rows++;
              const accountLink = accountLinkFixture();
              accountLink.capabilities = linkHas ? [...CAPABILITIES] : CAPABILITIES.filter((c) => c !== capability);
              accountLink.status = status;
              accountLink.pauseReasons = status === "paused" ? ["platformLimited"] : null;
              const platform = platformFixture();
              platform.capabilities = platformHas ? [...CAPABILITIES] : CAPABILITIES.filter((c) => c !== capability);
              const thread = threadFixture();
              thread.restrictions = restricted ? [capability] : ["some:otherCapability"];

              const result = checkCapability(capability, { accountLink, platform, thread, message: messageFor(message), now: NOW });
              const want = expected(capability, { linkHas, platformHas, restricted, status, message });
              const got = result.allowed ? true : result.reason;
              if (got !== want || (!result.allowed && result.capability !== capability)) {
                mismatches.push(`link=${linkHas} platform=${platformHas} restricted=${restricted} status=${status} message=${message}: want ${want}, got ${got}`);
              }
            }
    expect(rows).toBe(2 * 2 * 2 * STATUSES.length * MESSAGE_CASES.length);
    expect(mismatches).toEqual([]);
  });
});

describe("checkCapability: details of each denial", () => {
  it("names the capability an account link lacks, even if the platform has it", () => {
    const accountLink = { ...accountLinkFixture(), capabilities: ["message:send"] };
    expect(checkCapability("message:react", { accountLink, platform: platformFixture() })).toEqual({
      allowed: false,
      reason: "capabilityNotSupported",
      capability: "message:react",
    });
  });

  it("never allows a capability string it does not know unless the account link lists it", () => {
    expect(checkCapability("message:schedule", { accountLink: accountLinkFixture() }).allowed).toBe(false);
    const accountLink = { ...accountLinkFixture(), capabilities: ["message:schedule"] };
    expect(checkCapability("message:schedule", { accountLink }).allowed).toBe(true);
  });

  it("checks restrictions only when a thread is given (a first message has none)", () => {
    const accountLink = accountLinkFixture();
    expect(checkCapability("thread:create", { accountLink, thread: null }).allowed).toBe(true);
  });

  it("reports the status and pause reasons of a disconnected account link", () => {
    const accountLink = { ...accountLinkFixture(), status: "paused", pauseReasons: ["verificationRequired"] };
    expect(checkCapability("message:send", { accountLink })).toEqual({
      allowed: false,
      reason: "accountLinkDisconnected",
      capability: "message:send",
      status: "paused",
      pauseReasons: ["verificationRequired"],
    });
    const offline = { ...accountLinkFixture(), status: "offline", pauseReasons: null };
    expect(checkCapability("message:send", { accountLink: offline })).toMatchObject({ status: "offline", pauseReasons: [] });
  });

  it("treats an unknown account link status as not active", () => {
    const accountLink = { ...accountLinkFixture(), status: "suspended" };
    expect(checkCapability("message:send", { accountLink })).toMatchObject({ reason: "accountLinkDisconnected", status: "suspended" });
  });

  it("says when the edit window closed", () => {
    const message = { ...messageFixture(), sentAt: SENT_20_MIN_AGO };
    expect(checkCapability("message:edit", { accountLink: accountLinkFixture(), platform: platformFixture(), message, now: NOW })).toEqual({
      allowed: false,
      reason: "mutationWindowClosed",
      capability: "message:edit",
      closedAt: "2026-11-20T12:05:00.000Z",
    });
  });

  it("closes the window at the exact second it ends, not a second later", () => {
    const message = { ...messageFixture(), sentAt: "2026-11-20T11:55:00.000Z" };
    const args = { accountLink: accountLinkFixture(), platform: platformFixture(), message };
    expect(checkCapability("message:edit", { ...args, now: new Date("2026-11-20T12:09:59.999Z") }).allowed).toBe(true);
    expect(checkCapability("message:edit", { ...args, now: new Date("2026-11-20T12:10:00.000Z") }).allowed).toBe(false);
  });

  it("has no window when the platform lists none or null for the capability", () => {
    const message = { ...messageFixture(), sentAt: "2020-01-01T00:00:00.000Z" };
    const platform = { ...platformFixture(), mutationWindows: {} };
    expect(checkCapability("message:edit", { accountLink: accountLinkFixture(), platform, message, now: NOW }).allowed).toBe(true);
    expect(checkCapability("message:unsend", { accountLink: accountLinkFixture(), platform: platformFixture(), message, now: NOW }).allowed).toBe(true);
  });

  it("allows reacting to inbound messages but not editing or unsending them", () => {
    const message = { ...messageFixture(), direction: "inbound" };
    const ctx = { accountLink: accountLinkFixture(), platform: platformFixture(), message, now: NOW };
    expect(checkCapability("message:react", ctx).allowed).toBe(true);
    expect(checkCapability("message:edit", ctx)).toMatchObject({ reason: "messageNotMutable", messageState: "inbound" });
    expect(checkCapability("message:unsend", ctx)).toMatchObject({ reason: "messageNotMutable", messageState: "inbound" });
  });
});

describe("windowClosesAt", () => {
  it("adds the platform's window to the send time", () => {
    expect(windowClosesAt("message:edit", platformFixture(), "2026-11-20T12:00:00.000Z")?.toISOString()).toBe("2026-11-20T12:15:00.000Z");
    expect(windowClosesAt("message:unsend", platformFixture(), "2026-11-20T12:00:00.000Z")).toBeNull();
  });
});

describe("capabilityError", () => {
  it("maps each denial to the spec's status, code and documented details", () => {
    const cases = [
      [{ reason: "capabilityNotSupported", capability: "message:edit" }, 422, { capability: "message:edit" }],
      [{ reason: "threadRestricted", capability: "message:react" }, 422, { capability: "message:react" }],
      [
        { reason: "accountLinkDisconnected", capability: "message:send", status: "offline", pauseReasons: [] },
        409,
        { status: "offline", pauseReasons: [] },
      ],
      [
        { reason: "mutationWindowClosed", capability: "message:edit", closedAt: "2026-11-20T12:05:00.000Z" },
        422,
        { capability: "message:edit", closedAt: "2026-11-20T12:05:00.000Z" },
      ],
      [{ reason: "messageNotMutable", capability: "message:edit", messageState: "inbound" }, 422, { reason: "inbound" }],
    ] as const;
    for (const [denial, status, details] of cases) {
      const error = capabilityError(denial);
      expect(error).toEqual({ status, code: denial.reason, details });
      expect(errorDetails[denial.reason].safeParse(error.details).success).toBe(true);
    }
  });
});
