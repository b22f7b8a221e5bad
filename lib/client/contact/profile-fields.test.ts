import { describe, expect, it } from "vitest";
import { compactCount, FIELD_VALUE_MAX, fullCount, humanizeKey, platformDataFields, summarize } from "./profile-fields";

describe("platformDataFields", () => {
  it("lists every key but _tag, in order, as label and value", () => {
    expect(platformDataFields({ _tag: "instagram", isPrivate: false, isBusiness: true })).toEqual([
      { key: "isPrivate", label: "Is private", value: "No" },
      { key: "isBusiness", label: "Is business", value: "Yes" },
    ]);
  });

  it("shows an unknown platform's fields the same way", () => {
    expect(platformDataFields({ _tag: "mastodon", instance: "fosstodon.org", bot: false, fields: { Website: "x.dev" } })).toEqual([
      { key: "instance", label: "Instance", value: "fosstodon.org" },
      { key: "bot", label: "Bot", value: "No" },
      { key: "fields", label: "Fields", value: "Website: x.dev" },
    ]);
  });

  it("is empty without platformData or with only its tag", () => {
    expect(platformDataFields(null)).toEqual([]);
    expect(platformDataFields(undefined)).toEqual([]);
    expect(platformDataFields({ _tag: "x" })).toEqual([]);
  });

  it("says None for null and empty values", () => {
    expect(platformDataFields({ _tag: "x", verifiedType: null, badges: [], extra: {}, note: " " }).map((f) => f.value)).toEqual([
      "None",
      "None",
      "None",
      "None",
    ]);
  });

  it("cuts very long values", () => {
    const [field] = platformDataFields({ _tag: "x", about: "a".repeat(500) });
    expect(field!.value.length).toBe(FIELD_VALUE_MAX);
    expect(field!.value.endsWith("…")).toBe(true);
  });
});

describe("summarize", () => {
  it("names the first items of a list and counts the rest", () => {
    expect(summarize(["a", "b"], 0)).toBe("a, b");
    expect(summarize(["a", "b", "c", "d", "e"], 0)).toBe("a, b, c and 2 more");
  });

  it("summarises nested lists and objects by size", () => {
    expect(summarize([{ a: 1 }, [1, 2]], 0)).toBe("1 field, 2 items");
    expect(summarize({ links: ["a", "b"], owner: { id: 1 } }, 0)).toBe("Links: 2 items, Owner: 1 field");
    expect(summarize({ a: 1, b: 2, c: 3, d: 4 }, 0)).toBe("A: 1, B: 2, C: 3 and 1 more");
  });

  it("formats numbers", () => {
    expect(summarize(2, 0)).toBe("2");
    expect(summarize(Number.NaN, 0)).toBe("NaN");
  });
});

describe("humanizeKey", () => {
  it("turns camelCase, snake_case and kebab-case into a sentence", () => {
    expect(humanizeKey("connectionDegree")).toBe("Connection degree");
    expect(humanizeKey("verified_type")).toBe("Verified type");
    expect(humanizeKey("is-premium")).toBe("Is premium");
    expect(humanizeKey("headline")).toBe("Headline");
  });

  it("keeps acronyms", () => {
    expect(humanizeKey("profileURL")).toBe("Profile URL");
    expect(humanizeKey("URLSlug")).toBe("URL slug");
  });

  it("keeps a key it cannot split", () => {
    expect(humanizeKey("_")).toBe("_");
  });
});

describe("counts", () => {
  it("are compact for the eye and whole for the tooltip", () => {
    expect(compactCount(999, "en")).toBe("999");
    expect(compactCount(1234, "en")).toBe("1.2K");
    expect(compactCount(250_000, "en")).toBe("250K");
    expect(compactCount(3_450_000, "en")).toBe("3.5M");
    expect(fullCount(3_450_000, "en")).toBe("3,450,000");
  });
});
