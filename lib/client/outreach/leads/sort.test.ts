import { describe, expect, it } from "vitest";
import { ariaSortOf, nextSort, orderOf } from "./sort";

describe("lead order", () => {
  it("reads the API's sort text, falling back to followers descending", () => {
    expect(orderOf(null)).toEqual({ field: "followers", direction: "desc" });
    expect(orderOf("valuation:asc")).toEqual({ field: "valuation", direction: "asc" });
    expect(orderOf("valuation")).toEqual({ field: "valuation", direction: "desc" });
    expect(orderOf("bio:asc")).toEqual({ field: "followers", direction: "desc" });
  });

  it("cycles a header: descending, ascending, then back to the default", () => {
    expect(nextSort(null, "valuation")).toBe("valuation:desc");
    expect(nextSort("valuation:desc", "valuation")).toBe("valuation:asc");
    expect(nextSort("valuation:asc", "valuation")).toBeNull();
    expect(nextSort("valuation:asc", "createdAt")).toBe("createdAt:desc");
  });

  it("turns the default column ascending first, since it is already descending", () => {
    expect(nextSort(null, "followers")).toBe("followers:asc");
    expect(nextSort("followers:asc", "followers")).toBeNull();
  });

  it("marks only the ordered column", () => {
    expect(ariaSortOf(null, "followers")).toBe("descending");
    expect(ariaSortOf(null, "valuation")).toBe("none");
    expect(ariaSortOf("displayName.keyword:asc", "displayName.keyword")).toBe("ascending");
  });
});
