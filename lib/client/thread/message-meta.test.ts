import { describe, expect, it } from "vitest";
import { formatBytes, hostOf, needsFreshUrl, nextMidnight, nextWindowClose, reactionAuthorName, safeHref, senderLabel } from "./message-meta";

describe("senderLabel", () => {
  const members = new Map([["mem1", { name: "Marcus Lee" }]]);
  it("names each kind of sender", () => {
    expect(senderLabel({ type: "member", memberId: "mem1" }, members)).toBe("Marcus Lee");
    expect(senderLabel({ type: "member", memberId: "gone1" }, members)).toBe("A former team member");
    expect(senderLabel({ type: "agent", name: "Auto-reply" }, members)).toBe("Auto-reply");
    expect(senderLabel({ type: "campaign", campaignId: "cmp1" }, members)).toBe("Campaign");
    const campaigns = (id: string) => (id === "cmp1" ? "Founders Q4" : undefined);
    expect(senderLabel({ type: "campaign", campaignId: "cmp1" }, members, undefined, campaigns)).toBe("Campaign · Founders Q4");
    expect(senderLabel({ type: "campaign", campaignId: "cmp9" }, members, undefined, campaigns)).toBe("Campaign");
    expect(senderLabel({ type: "api" }, members)).toBe("API");
    expect(senderLabel({ type: "api" }, members, "Sam Rivera")).toBe("Sam Rivera");
    expect(senderLabel({ type: "external" }, members, "Sam Rivera")).toBe("Sent from the platform's app");
    expect(senderLabel({ type: "external" }, members)).toBe("Sent from the platform's app");
  });
  it("shows a sender type it does not know generically", () => {
    expect(senderLabel({ type: "robotButler" }, members)).toBe("Your team");
    expect(senderLabel(null, members)).toBe("Your team");
  });
});

describe("reactionAuthorName", () => {
  const lookups = { accountLinks: new Map([["al1", { displayName: "Acme Sales" }]]), profile: { id: "prof1", name: "Ana" } };
  it("names the account, the person, or someone", () => {
    expect(reactionAuthorName({ type: "accountLink", accountLinkId: "al1" }, lookups)).toBe("Acme Sales");
    expect(reactionAuthorName({ type: "profile", profileId: "prof1" }, lookups)).toBe("Ana");
    expect(reactionAuthorName({ type: "profile", profileId: "prof9" }, lookups)).toBe("Someone");
    expect(reactionAuthorName({ type: "unknown" }, lookups)).toBe("Someone");
  });
});

describe("nextWindowClose", () => {
  const platform = { mutationWindows: { "message:edit": 900, "message:unsend": 3600 } };
  const now = new Date("2026-11-23T12:00:00Z");
  const out = (sentAt: string) => ({ direction: "outbound", sentAt, deletedAt: null });
  it("is the earliest edit or unsend window still open", () => {
    const next = nextWindowClose([out("2026-11-23T11:50:00Z"), out("2026-11-23T11:58:00Z")], platform, now);
    expect(next?.toISOString()).toBe("2026-11-23T12:05:00.000Z");
  });
  it("moves on to unsend windows once edits have closed", () => {
    expect(nextWindowClose([out("2026-11-23T11:30:00Z")], platform, now)?.toISOString()).toBe("2026-11-23T12:30:00.000Z");
  });
  it("ignores inbound and unsent messages, and platforms without windows", () => {
    expect(nextWindowClose([{ direction: "inbound", sentAt: "2026-11-23T11:59:00Z", deletedAt: null }], platform, now)).toBeNull();
    expect(nextWindowClose([{ ...out("2026-11-23T11:59:00Z"), deletedAt: "2026-11-23T11:59:30Z" }], platform, now)).toBeNull();
    expect(nextWindowClose([out("2026-11-23T11:59:00Z")], { mutationWindows: { "message:edit": null } }, now)).toBeNull();
    expect(nextWindowClose([out("2026-11-23T11:59:00Z")], null, now)).toBeNull();
  });
});

describe("nextMidnight", () => {
  it("is the start of the next local day", () => {
    const next = nextMidnight(new Date(2026, 10, 23, 15, 30));
    expect(next.getTime()).toBe(new Date(2026, 10, 24, 0, 0).getTime());
  });
});

describe("needsFreshUrl", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it("asks for a fresh URL when expired, missing or past its time", () => {
    expect(needsFreshUrl({ status: "expired", url: "https://x/a", expiresAt: null }, now)).toBe(true);
    expect(needsFreshUrl({ status: "available", url: null, expiresAt: null }, now)).toBe(true);
    expect(needsFreshUrl({ status: "available", url: "https://x/a", expiresAt: "2026-11-23T11:59:59Z" }, now)).toBe(true);
  });
  it("uses a URL still in date, and never refreshes what cannot be fetched", () => {
    expect(needsFreshUrl({ status: "available", url: "https://x/a", expiresAt: "2026-11-23T12:30:00Z" }, now)).toBe(false);
    expect(needsFreshUrl({ status: "available", url: "https://x/a", expiresAt: null }, now)).toBe(false);
    expect(needsFreshUrl({ status: "processing", url: null, expiresAt: null }, now)).toBe(false);
    expect(needsFreshUrl({ status: "unavailable", url: null, expiresAt: null }, now)).toBe(false);
  });
});

describe("small formats", () => {
  it("sizes files for people", () => {
    expect(formatBytes(840)).toBe("840 B");
    expect(formatBytes(12 * 1024)).toBe("12 KB");
    expect(formatBytes(3.4 * 1024 * 1024)).toBe("3.4 MB");
  });
  it("shows a link's host", () => {
    expect(hostOf("https://www.example.com/a?b")).toBe("example.com");
    expect(hostOf("not a url")).toBe("not a url");
  });
  it("links only to http(s)", () => {
    expect(safeHref("https://example.com")).toBe("https://example.com");
    expect(safeHref("/api/sandbox/media/x")).toBe("/api/sandbox/media/x");
    expect(safeHref("javascript:alert(1)")).toBeUndefined();
    expect(safeHref(null)).toBeUndefined();
  });
});
