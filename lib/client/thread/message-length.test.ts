import { describe, expect, it } from "vitest";
import { characterCount, limitState } from "./message-length";

describe("composer limits", () => {
  it("counts characters as the platforms do: an emoji is one", () => {
    expect(characterCount("hello")).toBe(5);
    expect(characterCount("👋🏽 hi")).toBe(5);
    expect(characterCount("")).toBe(0);
  });

  it("warns in the last tenth of the limit (at least 20 characters) and blocks past it", () => {
    expect(limitState(10, null)).toBe("none");
    expect(limitState(899, 1000)).toBe("ok");
    expect(limitState(900, 1000)).toBe("near");
    expect(limitState(1000, 1000)).toBe("near");
    expect(limitState(1001, 1000)).toBe("over");
    expect(limitState(79, 100)).toBe("ok");
    expect(limitState(80, 100)).toBe("near");
  });
});
