import { describe, expect, it } from "vitest";
import { leadQueryParam } from "@/lib/api/outreach/leads";
import { conditionCount, draftToQuery, newCondition, newGroup, queryToDraft, withField, type Draft } from "./filter-draft";
import { opsOf } from "./filter-fields";

const condition = (over: Partial<ReturnType<typeof newCondition>> & { field: ReturnType<typeof newCondition>["field"] }) => ({ ...newCondition(over.field), ...over });

describe("the filter builder's draft", () => {
  it("turns two groups into the API's query, which the contract's own parameter reads back", () => {
    const draft: Draft = [
      { key: "g1", type: "or", conditions: [condition({ field: "name", op: "contains", value: " ada " }), condition({ field: "followers", op: "between", value: "100", to: "5000" })] },
      { key: "g2", type: "and", conditions: [condition({ field: "tags", op: "any", values: ["tag0001"] }), condition({ field: "lastContacted", op: "empty" })] },
    ];
    const result = draftToQuery(draft);
    expect(result).toEqual({
      ok: true,
      query: {
        groups: [
          { type: "or", filters: [{ field: "name", op: "contains", value: "ada" }, { field: "followers", op: "between", value: [100, 5000] }] },
          { type: "and", filters: [{ field: "tags", op: "any", value: ["tag0001"] }, { field: "lastContacted", op: "empty" }] },
        ],
      },
    });
    if (!result.ok) throw new Error("expected a query");
    expect(leadQueryParam.parse(JSON.stringify(result.query))).toEqual(result.query);
  });

  it("says in a sentence what a condition is missing, naming its group", () => {
    const draft: Draft = [newGroup(), { key: "g", type: "and", conditions: [condition({ field: "followers", op: "gte", value: "lots" })] }];
    draft[0]!.conditions[0]!.value = "ada";
    expect(draftToQuery(draft)).toEqual({ ok: false, error: "Group 2, condition 1 (Followers): enter a number." });
    expect(draftToQuery([{ key: "g", type: "and", conditions: [condition({ field: "status", op: "any" })] }])).toEqual({
      ok: false,
      error: "Condition 1 (Status): choose at least one.",
    });
    expect(draftToQuery([{ key: "g", type: "and", conditions: [condition({ field: "valuation", op: "between", value: "9", to: "1" })] }])).toMatchObject({ ok: false });
  });

  it("sends dates as the start of the chosen day and reads them back as days", () => {
    const draft: Draft = [{ key: "g", type: "and", conditions: [condition({ field: "lastReplied", op: "after", value: "2026-03-01" })] }];
    const result = draftToQuery(draft);
    expect(result).toEqual({ ok: true, query: { groups: [{ type: "and", filters: [{ field: "lastReplied", op: "after", value: "2026-03-01T00:00:00.000Z" }] }] } });
    if (!result.ok) throw new Error("expected a query");
    expect(queryToDraft(result.query)[0]!.conditions[0]).toMatchObject({ field: "lastReplied", op: "after", value: "2026-03-01" });
  });

  it("round-trips every value kind through the URL's query", () => {
    const query = {
      groups: [
        { type: "and" as const, filters: [{ field: "valuation" as const, op: "between" as const, value: [1, 2] as [number, number] }, { field: "reachable" as const, op: "is" as const, value: false }] },
        { type: "or" as const, filters: [{ field: "verification" as const, op: "in" as const, value: ["verified", "business"] }] },
      ],
    };
    expect(draftToQuery(queryToDraft(query))).toEqual({ ok: true, query });
  });

  it("is no query at all when nothing is left in it", () => {
    expect(draftToQuery([])).toEqual({ ok: true, query: null });
    expect(draftToQuery([{ key: "g", type: "or", conditions: [] }])).toEqual({ ok: true, query: null });
    expect(conditionCount(null)).toBe(0);
  });

  it("keeps what still fits when a condition moves to another field", () => {
    const moved = withField(condition({ field: "followers", op: "lte", value: "10" }), "posts");
    expect(moved).toMatchObject({ field: "posts", op: "lte", value: "10" });
    const retyped = withField(condition({ field: "followers", op: "lte", value: "10" }), "tags");
    expect(retyped).toMatchObject({ field: "tags", op: "any", value: "", values: [] });
    expect(withField(condition({ field: "tags", op: "all", values: ["tag1"] }), "status").op).toBe("any");
  });

  it("offers `all` for tags alone", () => {
    expect(opsOf("tags").map((o) => o.op)).toContain("all");
    expect(opsOf("status").map((o) => o.op)).not.toContain("all");
  });
});
