import { describe, expect, it } from "vitest";
import { newSavedReply, savedReplyPatch } from "./saved-replies";
import { firstNameOf, parseTemplate, resolveTemplate, unknownVariables, unknownVariablesProblem, type VariableValues } from "./saved-reply-variables";

const values: VariableValues = { "first-name": "Ada", "display-name": "Ada Lovelace", "member-name": "Sam Rivera", "account-name": "Acme on Instagram" };
const none: VariableValues = { "first-name": null, "display-name": null, "member-name": null, "account-name": null };

describe("saved reply variables", () => {
  it("fills every variable from the conversation", () => {
    const body = "Hi {first-name}! I'm {member-name} from {account-name}. Is {display-name} the right name for the invoice?";
    expect(resolveTemplate(body, values)).toEqual({
      text: "Hi Ada! I'm Sam Rivera from Acme on Instagram. Is Ada Lovelace the right name for the invoice?",
      missing: [],
    });
  });

  it("uses the fallback only when there is no value", () => {
    expect(resolveTemplate("Hi {first-name|there}!", values).text).toBe("Hi Ada!");
    expect(resolveTemplate("Hi {first-name|there}!", none)).toEqual({ text: "Hi there!", missing: [] });
    // A blank value is no value.
    expect(resolveTemplate("Hi {first-name|there}!", { ...values, "first-name": "  " }).text).toBe("Hi there!");
  });

  it("leaves out a variable with neither, tidies the gap, and names it as missing once", () => {
    expect(resolveTemplate("Hi {first-name}, welcome. Bye {first-name} !", none)).toEqual({ text: "Hi, welcome. Bye!", missing: ["first-name"] });
    // An empty fallback is a choice, not a missing value.
    expect(resolveTemplate("Hi {first-name|}, welcome", none)).toEqual({ text: "Hi, welcome", missing: [] });
  });

  it("keeps braces that are not variables as written, and refuses unknown names when saved", () => {
    const body = "Use { this } or {Name} or {json: 1}; {unknown-thing|x} and {first-name}";
    expect(resolveTemplate(body, values).text).toBe("Use { this } or {Name} or {json: 1}; {unknown-thing|x} and Ada");
    expect(unknownVariables(body)).toEqual(["unknown-thing"]);
    expect(unknownVariablesProblem("{firstname} {lastname} {firstname}")).toBe(
      "{firstname}, {lastname} are not variables: use {first-name}, {display-name}, {member-name}, {account-name}.",
    );
    expect(unknownVariablesProblem("Hi {first-name|there}")).toBeNull();
  });

  it("cuts a body into text and variables with their fallbacks", () => {
    expect(parseTemplate("A {first-name|you} B")).toEqual([
      { type: "text", text: "A " },
      { type: "variable", name: "first-name", fallback: "you", source: "{first-name|you}" },
      { type: "text", text: " B" },
    ]);
  });

  it("takes the first name as outreach does: the display name's first word, none for an organization", () => {
    expect(firstNameOf({ displayName: "  Ada   Lovelace " })).toBe("Ada");
    expect(firstNameOf({ displayName: "Acme Corp", isOrganization: true })).toBeNull();
    expect(firstNameOf({ displayName: null })).toBeNull();
    expect(firstNameOf({ displayName: "   " })).toBeNull();
    expect(firstNameOf(null)).toBeNull();
  });
});

describe("saved reply bodies", () => {
  it("normalises the shortcut and refuses bad fields with a sentence", () => {
    expect(newSavedReply.parse({ scope: "team", name: " Pricing ", shortcut: " Pricing-2 ", body: "Hi {first-name|there}" })).toEqual({
      scope: "team",
      name: "Pricing",
      shortcut: "pricing-2",
      body: "Hi {first-name|there}",
    });
    const bad = newSavedReply.safeParse({ scope: "team", name: "x", shortcut: "two words", body: "{firstname}" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      "A shortcut is lowercase letters, digits and dashes, such as “pricing” or “follow-up”.",
      expect.stringContaining("{firstname} is not a variable"),
    ]);
    expect(newSavedReply.safeParse({ scope: "everyone", name: "x", shortcut: "x", body: "x" }).success).toBe(false);
    expect(newSavedReply.safeParse({ scope: "team", name: "x", shortcut: "x", body: "   " }).success).toBe(false);
  });

  it("takes a partial change but not an empty one, nor a change of library", () => {
    expect(savedReplyPatch.parse({ body: "New" })).toEqual({ body: "New" });
    expect(savedReplyPatch.safeParse({}).success).toBe(false);
    expect(savedReplyPatch.safeParse({ scope: "team" }).success).toBe(false);
  });
});
