import { describe, expect, it } from "vitest";

import { percentile } from "./percentile";

describe("percentile (nearest rank)", () => {
  const twenty = Array.from({ length: 20 }, (_, i) => (i + 1) * 10).reverse();

  it("is the ⌈p/100 × N⌉-th smallest value", () => {
    expect(percentile(twenty, 95)).toBe(190);
    expect(percentile(twenty, 50)).toBe(100);
    expect(percentile(twenty, 100)).toBe(200);
    expect(percentile(twenty, 0)).toBe(10);
    expect(percentile([5, 1, 3, 2, 4], 95)).toBe(5);
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
  });

  it("is NaN for no values and the value itself for one", () => {
    expect(percentile([], 95)).toBeNaN();
    expect(percentile([42], 95)).toBe(42);
  });
});
