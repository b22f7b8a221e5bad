import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isKnown, openEnum, page, platformData, serviceId, timestamp } from "./primitives";

describe("serviceId", () => {
  it.each(["a", "0", "abc123", "z9z9"])("accepts %s", (id) => expect(serviceId.safeParse(id).success).toBe(true));
  it.each(["", "ABC", "a-b", "a_b", "a b", "a/b", "é", "12.3", " abc"])("rejects %j", (id) =>
    expect(serviceId.safeParse(id).success).toBe(false),
  );
});

describe("timestamp", () => {
  it("accepts ISO 8601 in UTC and with an offset", () => {
    expect(timestamp.safeParse("2026-11-20T12:00:00Z").success).toBe(true);
    expect(timestamp.safeParse("2026-11-20T12:00:00.123Z").success).toBe(true);
    expect(timestamp.safeParse("2026-11-20T13:00:00+01:00").success).toBe(true);
  });
  it("rejects dates without time, and non-dates", () => {
    for (const bad of ["2026-11-20", "yesterday", "1732104000", ""]) expect(timestamp.safeParse(bad).success).toBe(false);
  });
});

describe("openEnum", () => {
  const colorMode = openEnum(["light", "dark"]);
  it("accepts known and unknown values alike", () => {
    expect(colorMode.parse("dark")).toBe("dark");
    expect(colorMode.parse("sepia")).toBe("sepia");
  });
  it("still rejects non-strings and the empty string", () => {
    for (const bad of [1, null, undefined, "", {}]) expect(colorMode.safeParse(bad).success).toBe(false);
  });
  it("keeps the known list for exhaustive UI", () => {
    expect(colorMode.known).toEqual(["light", "dark"]);
    expect(isKnown(colorMode.known, "dark")).toBe(true);
    expect(isKnown(colorMode.known, "sepia")).toBe(false);
  });
});

describe("page envelope", () => {
  const numbers = page(z.number());
  it("parses { data, nextCursor } with a cursor or null", () => {
    expect(numbers.parse({ data: [1, 2], nextCursor: "abc" })).toEqual({ data: [1, 2], nextCursor: "abc" });
    expect(numbers.parse({ data: [], nextCursor: null })).toEqual({ data: [], nextCursor: null });
  });
  it("requires nextCursor to be present (every documented field is)", () => {
    expect(numbers.safeParse({ data: [] }).success).toBe(false);
    expect(numbers.safeParse({ data: [1], nextCursor: "" }).success).toBe(false);
  });
  it("rejects items that break their schema", () => {
    expect(numbers.safeParse({ data: ["1"], nextCursor: null }).success).toBe(false);
  });
});

describe("platformData", () => {
  it("keeps unknown tags and their fields", () => {
    const data = { _tag: "futurechat", encrypted: true, badge: "gold", nested: { a: 1 } };
    expect(platformData.parse(data)).toEqual(data);
  });
  it("requires the _tag and a boolean encrypted when present", () => {
    expect(platformData.safeParse({ encrypted: true }).success).toBe(false);
    expect(platformData.safeParse({ _tag: "chirp", encrypted: "yes" }).success).toBe(false);
  });
});
