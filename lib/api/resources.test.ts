import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { contact, contactPatch, profile } from "./contacts";
import { color, colorValue, status, statusCreate, statusPatch, tag, tagCreate, tagPatch } from "./labels";
import { accountLink, platformInfo } from "./platforms";
import { member, team } from "./team";
import { thread, threadDeleteResult, threadPatch, typingResult } from "./threads";
import {
  accountLinkFixture,
  colorFixture,
  contactFixture,
  memberFixture,
  platformFixture,
  profileFixture,
  statusFixture,
  tagFixture,
  teamFixture,
  threadFixture,
} from "./testing/fixtures";

/**
 * For each resource: the spec-shaped fixture parses unchanged; unknown fields are kept;
 * every documented field is required (present, possibly null); and the fields the spec
 * constrains reject what they must.
 */
const resources: [string, z.ZodType, () => Record<string, unknown>][] = [
  ["team", team, teamFixture],
  ["member", member, memberFixture],
  ["platform info", platformInfo, platformFixture],
  ["account link", accountLink, accountLinkFixture],
  ["profile", profile, profileFixture],
  ["contact", contact, contactFixture],
  ["thread", thread, threadFixture],
  ["tag", tag, tagFixture],
  ["status", status, statusFixture],
  ["color", color, colorFixture],
];

describe.each(resources)("%s", (_name, schema, fixture) => {
  it("parses the spec-shaped example unchanged", () => {
    expect(schema.parse(fixture())).toEqual(fixture());
  });

  it("keeps fields it does not know", () => {
    const withExtra = { ...fixture(), addedInV2_9: { nested: [1, 2] }, anotherNewField: "x" };
    expect(schema.parse(withExtra)).toEqual(withExtra);
  });

  it("requires every documented field to be present", () => {
    for (const key of Object.keys(fixture())) {
      const { [key]: _dropped, ...rest } = fixture();
      expect(schema.safeParse(rest).success, `without ${key}`).toBe(false);
    }
  });

  it("rejects a non-object", () => {
    for (const bad of [null, "x", 1, []]) expect(schema.safeParse(bad).success).toBe(false);
  });
});

describe("service IDs in resources", () => {
  it.each([
    ["thread id", thread, threadFixture, "id"],
    ["thread accountLinkId", thread, threadFixture, "accountLinkId"],
    ["thread assigneeId", thread, threadFixture, "assigneeId"],
    ["contact statusId", contact, contactFixture, "statusId"],
    ["account link id", accountLink, accountLinkFixture, "id"],
    ["member id", member, memberFixture, "id"],
  ] as const)("%s must match ^[0-9a-z]+$", (_label, schema, fixture, key) => {
    expect((schema as z.ZodType).safeParse({ ...fixture(), [key]: "Not-A-Service-Id" }).success).toBe(false);
  });

  it("applies to every tag ID of a contact", () => {
    expect(contact.safeParse({ ...contactFixture(), tagIds: ["ok1", "BAD"] }).success).toBe(false);
  });
});

describe("open values pass unharmed", () => {
  it("accepts unknown platforms, capabilities, statuses and pause reasons on an account link", () => {
    const link = {
      ...accountLinkFixture(),
      platform: "newchat",
      capabilities: ["message:send", "message:schedule"],
      status: "degraded",
      pauseReasons: ["solarFlare"],
    };
    expect(accountLink.parse(link)).toEqual(link);
  });

  it("accepts unknown enum values on a thread", () => {
    const t = {
      ...threadFixture(),
      acceptanceState: "snoozed",
      typingIndicators: "sometimes",
      restrictions: ["message:react", "thread:future"],
      assigneeSource: "team",
      lastMessage: { ...threadFixture().lastMessage!, direction: "internal" },
    };
    expect(thread.parse(t)).toEqual(t);
  });

  it("accepts unknown member roles and team add-ons", () => {
    expect(member.parse({ ...memberFixture(), role: "auditor" }).role).toBe("auditor");
    expect(team.parse({ ...teamFixture(), addOns: ["aiReplies"] }).addOns).toEqual(["aiReplies"]);
  });

  it("accepts an unknown profile platformData tag", () => {
    const p = { ...profileFixture(), platform: "newchat", platformData: { _tag: "newchat", karma: 12 } };
    expect(profile.parse(p)).toEqual(p);
  });

  it("accepts platform limits it does not know and windows for other capabilities", () => {
    const p = { ...platformFixture(), limits: { messageLength: null, attachmentsPerMessage: 4 }, mutationWindows: { "message:react": 60 } };
    expect(platformInfo.parse(p)).toEqual(p);
  });
});

describe("nullability as documented", () => {
  it("takes null for nullable thread fields", () => {
    const t = { ...threadFixture(), contactId: null, platformId: null, lastMessage: null, assigneeId: null, assigneeSource: null, campaignId: null };
    expect(thread.safeParse(t).success).toBe(true);
  });
  it("does not take null for booleans or restrictions", () => {
    for (const key of ["archived", "unread", "syncing", "isRequest", "restrictions"]) {
      expect(thread.safeParse({ ...threadFixture(), [key]: null }).success, key).toBe(false);
    }
  });
  it("takes expanded contact, profile, account link and assignee beside their IDs", () => {
    const t = { ...threadFixture(), contact: contactFixture(), profile: profileFixture(), accountLink: accountLinkFixture(), assignee: memberFixture() };
    expect(thread.parse(t)).toEqual(t);
    expect(thread.safeParse({ ...threadFixture(), contact: { id: "x" } }).success).toBe(false);
  });
  it("rejects negative follower counts and a non-number valuation", () => {
    expect(profile.safeParse({ ...profileFixture(), followerCount: -1 }).success).toBe(false);
    expect(contact.safeParse({ ...contactFixture(), valuation: "5000" }).success).toBe(false);
  });
  it("rejects a negative or fractional mutation window", () => {
    expect(platformInfo.safeParse({ ...platformFixture(), mutationWindows: { "message:edit": -5 } }).success).toBe(false);
    expect(platformInfo.safeParse({ ...platformFixture(), mutationWindows: { "message:edit": 1.5 } }).success).toBe(false);
  });
});

describe("colors", () => {
  it.each(["#aa3300", "#AA3300", "#000000", "green", "skyBlue"])("accepts %s", (value) => {
    expect(colorValue.safeParse(value).success).toBe(true);
  });
  it.each(["#abc", "#gg0000", "aa3300", "#aa33001", "Green", "light green", "", "rgb(1,2,3)"])("rejects %j", (value) => {
    expect(colorValue.safeParse(value).success).toBe(false);
  });
  it("applies to tags and statuses", () => {
    expect(tag.safeParse({ ...tagFixture(), color: "#12345" }).success).toBe(false);
    expect(status.safeParse({ ...statusFixture(), color: "not a color" }).success).toBe(false);
  });
});

describe("write bodies", () => {
  it("PATCH /threads takes the spec's four fields, null clearing the assignee", () => {
    const body = { archived: true, unread: false, typingIndicators: "disabled", assigneeId: null };
    expect(threadPatch.parse(body)).toEqual(body);
    expect(threadPatch.parse({})).toEqual({});
  });
  it("PATCH /threads ignores unknown fields, and rejects bad values and unknown typing settings", () => {
    expect(threadPatch.parse({ done: true, archived: false })).toEqual({ archived: false });
    expect(threadPatch.safeParse({ archived: "true" }).success).toBe(false);
    expect(threadPatch.safeParse({ typingIndicators: "sometimes" }).success).toBe(false);
    expect(threadPatch.safeParse({ assigneeId: "Bob" }).success).toBe(false);
    expect(threadPatch.safeParse({ unread: null }).success).toBe(false);
  });
  it("PATCH /contacts takes a status by ID or name, notes, valuation and assignee; null clears", () => {
    expect(contactPatch.parse({ status: "Qualified", notes: "met at expo", valuation: 1200.5, assigneeId: "mem2" })).toBeTruthy();
    expect(contactPatch.parse({ status: null, notes: null, valuation: null, assigneeId: null })).toEqual({
      status: null,
      notes: null,
      valuation: null,
      assigneeId: null,
    });
  });
  it("PATCH /contacts ignores tagIds (tags have their own endpoints), and rejects negative or infinite valuations, blank status", () => {
    expect(contactPatch.parse({ tagIds: ["a"] })).toEqual({});
    expect(contactPatch.safeParse({ valuation: -1 }).success).toBe(false);
    expect(contactPatch.safeParse({ valuation: Infinity }).success).toBe(false);
    expect(contactPatch.safeParse({ status: "  " }).success).toBe(false);
  });
  it("tag and status bodies need a trimmed name of 1–50 characters and a valid color", () => {
    expect(tagCreate.parse({ name: "  VIP  " })).toEqual({ name: "VIP" });
    expect(tagCreate.safeParse({ name: "" }).success).toBe(false);
    expect(tagCreate.safeParse({ name: "x".repeat(51) }).success).toBe(false);
    expect(tagCreate.safeParse({ name: "VIP", color: "#12" }).success).toBe(false);
    expect(tagPatch.parse({ color: "blue" })).toEqual({ color: "blue" });
    expect(tagPatch.parse({ id: "x" })).toEqual({});
    expect(statusCreate.parse({ name: "Won", color: "#00aa00", position: 4 })).toEqual({ name: "Won", color: "#00aa00", position: 4 });
    expect(statusCreate.safeParse({ name: "Won", position: -1 }).success).toBe(false);
    expect(statusPatch.safeParse({ position: 1.5 }).success).toBe(false);
  });
});

describe("small results", () => {
  it("DELETE /threads answers a scope, known or not", () => {
    expect(threadDeleteResult.parse({ scope: "local" })).toEqual({ scope: "local" });
    expect(threadDeleteResult.parse({ scope: "remoteOnly" })).toEqual({ scope: "remoteOnly" });
    expect(threadDeleteResult.safeParse({}).success).toBe(false);
  });
  it("typing answers { status, reason }", () => {
    expect(typingResult.parse({ status: "sent", reason: null })).toEqual({ status: "sent", reason: null });
    expect(typingResult.parse({ status: "skipped", reason: "typingIndicatorsDisabled" }).reason).toBe("typingIndicatorsDisabled");
    expect(typingResult.safeParse({ status: "sent" }).success).toBe(false);
  });
});
