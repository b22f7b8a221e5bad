import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import type { MessageTarget } from "@/lib/api/messages";
import type { AccountLink } from "@/lib/api/platforms";
import { accountLinkFixture, platformFixture, profileFixture } from "@/lib/api/testing/fixtures";
import { attemptFor, conversationStarts, PLAN_REQUIRED_SENTENCE, startErrorSentence, type ConversationStartInput } from "./new-conversation";

const link = (id: string, change: Partial<AccountLink> = {}): AccountLink => ({ ...accountLinkFixture(), id, ...change });

function input(change: Partial<ConversationStartInput> = {}): ConversationStartInput {
  return {
    contactId: "con1",
    profiles: [profileFixture(), { ...profileFixture(), id: "prof2", platform: "beep", platformId: "b-1" }],
    threads: [{ accountLinkId: "al1" }],
    accountLinks: [link("al1"), link("al2"), link("al3", { platform: "beep" }), link("al4", { platform: "elsewhere" })],
    platforms: [platformFixture(), { ...platformFixture(), platform: "beep", name: "Beep", limits: { messageLength: null } }],
    addOns: [],
    ...change,
  };
}

describe("conversationStarts", () => {
  it("offers each account link on the person's platforms that has no thread with them yet", () => {
    const starts = conversationStarts(input());
    expect(starts.map((s) => s.accountLink.id)).toEqual(["al2", "al3"]);
    expect(starts.map((s) => [s.platformName, s.profile.id, s.maxLength])).toEqual([
      ["Chirp", "prof1", 1000],
      ["Beep", "prof2", null],
    ]);
  });

  it("sends to the contact, which needs no add-on", () => {
    const [start] = conversationStarts(input());
    expect(start).toMatchObject({
      target: { type: "contact", accountLinkId: "al2", contactId: "con1" },
      needsAdvancedApi: false,
      blockedReason: null,
      blockedBy: null,
      check: { allowed: true },
    });
  });

  it("sends to the profile of someone who is not a contact, which needs the advanced-API add-on", () => {
    const [start] = conversationStarts(input({ contactId: null, profiles: [profileFixture()], threads: [] }));
    expect(start).toMatchObject({
      target: { type: "profile", accountLinkId: "al1", platform: "chirp", platformId: "123456" },
      needsAdvancedApi: true,
      blockedReason: PLAN_REQUIRED_SENTENCE,
      blockedBy: "plan",
    });
    const [withAddOn] = conversationStarts(input({ contactId: null, profiles: [profileFixture()], threads: [], addOns: ["advancedApi"] }));
    expect(withAddOn?.blockedReason).toBeNull();
    // Before the team is known, no hint is guessed.
    const [loading] = conversationStarts(input({ contactId: null, profiles: [profileFixture()], threads: [], addOns: undefined }));
    expect(loading?.blockedReason).toBeNull();
  });

  it("says why an account can't start conversations, from the capability rule", () => {
    const starts = conversationStarts(
      input({
        accountLinks: [
          link("al2", { capabilities: ["message:send"] }),
          link("al3", { status: "offline" }),
          link("al5", { platform: "beep", status: "paused", pauseReasons: ["pausedByTeam"] }),
        ],
      }),
    );
    expect(starts.map((s) => s.blockedReason)).toEqual([
      "This account can't start conversations on its platform.",
      "This account is offline. Reconnect it in the service's dashboard to start conversations.",
      "This account is paused (paused by your team). Resume it in the service's dashboard to start conversations.",
    ]);
    expect(starts.every((s) => !s.check.allowed && s.blockedBy === "capability")).toBe(true);
  });

  it("narrows by the platform's capabilities too", () => {
    const [start] = conversationStarts(input({ platforms: [{ ...platformFixture(), capabilities: ["message:send"] }], accountLinks: [link("al2")] }));
    expect(start?.blockedReason).toBe("This account can't start conversations on its platform.");
  });

  it("names a platform the team can't use, and shows an unknown one by its identifier while loading", () => {
    const [unavailable] = conversationStarts(input({ platforms: [], accountLinks: [link("al2")] }));
    expect(unavailable).toMatchObject({ platformName: "chirp", blockedBy: "platform", blockedReason: "Your team can't use this platform on its current plan." });
    const [loading] = conversationStarts(input({ platforms: undefined, accountLinks: [link("al2")] }));
    expect(loading).toMatchObject({ platformName: "chirp", blockedReason: null, maxLength: null });
  });

  it("offers nothing when every account already talks with the person", () => {
    expect(conversationStarts(input({ threads: [{ accountLinkId: "al1" }, { accountLinkId: "al2" }, { accountLinkId: "al3" }] }))).toEqual([]);
    expect(conversationStarts(input({ profiles: [] }))).toEqual([]);
  });
});

describe("startErrorSentence", () => {
  it("explains planRequired in plain words", () => {
    expect(startErrorSentence(new ApiError({ status: 403, code: "planRequired", details: { addOn: "advancedApi" } }))).toBe(PLAN_REQUIRED_SENTENCE);
  });

  it("uses lib/api's sentence otherwise", () => {
    expect(startErrorSentence(new ApiError({ status: 409, code: "accountLinkDisconnected" }))).toBe(
      "This account is disconnected. Reconnect it in the dashboard to send.",
    );
    expect(startErrorSentence(new Error("boom"))).toBe("Something went wrong. Try again.");
  });
});

describe("attemptFor", () => {
  const target: MessageTarget = { type: "contact", accountLinkId: "al2", contactId: "con1" };
  let n = 0;
  const newKey = () => `key-${++n}`;

  it("keeps the key when the same message is retried to the same place", () => {
    const first = attemptFor(null, target, "Hello", newKey);
    expect(attemptFor(first, { ...target }, "Hello", newKey)).toBe(first);
  });

  it("makes a new key when the message or the place changed", () => {
    const first = attemptFor(null, target, "Hello", newKey);
    expect(attemptFor(first, target, "Hello!", newKey).key).not.toBe(first.key);
    expect(attemptFor(first, { ...target, accountLinkId: "al3" }, "Hello", newKey).key).not.toBe(first.key);
  });
});
