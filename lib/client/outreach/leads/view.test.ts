import { createSerializer } from "nuqs";
import { describe, expect, it } from "vitest";
import { leadViewOf, leadViewParams } from "./view";

describe("the leads view in the URL", () => {
  const query = { groups: [{ type: "or" as const, filters: [{ field: "name" as const, op: "contains" as const, value: "ada" }] }] };

  it("writes the view as the API's own parameters and reads it back", () => {
    const href = createSerializer(leadViewParams)("/outreach/lists/lst0001", { search: "ada", sort: "valuation:asc", query });
    const params = new URL(href, "http://x").searchParams;
    expect(params.get("sort")).toBe("valuation:asc");
    expect(leadViewParams.query.parse(params.get("query")!)).toEqual(query);
    expect(leadViewParams.sort.parse("valuation:asc")).toBe("valuation:asc");
  });

  it("drops a sort or a query the contract refuses", () => {
    expect(leadViewParams.sort.parse("bio:asc")).toBeNull();
    expect(leadViewParams.query.parse(JSON.stringify({ groups: [{ filters: [{ field: "name", op: "gte", value: 1 }] }] }))).toBeNull();
    expect(leadViewParams.query.parse(JSON.stringify({ groups: [] }))).toBeNull();
  });

  it("asks the API only for what is set", () => {
    expect(leadViewOf({ search: "  ", sort: null, query: null })).toEqual({});
    expect(leadViewOf({ search: " ada ", sort: "posts", query })).toEqual({ search: "ada", sort: "posts", query });
  });
});
