import { describe, expect, it } from "vitest";
import { LEAD_SORT_FIELDS } from "@/lib/api/outreach/leads";
import { compactCount, customText, FIXED_COLUMNS, gridTemplate, leadColumns } from "./columns";

describe("the leads table's columns", () => {
  it("adds the list's custom columns after the fixed ones, keyed by their data key", () => {
    const columns = leadColumns({ columns: { custom_col1: { id: "col1", name: "Company", type: "text" } } });
    expect(columns.at(-1)).toMatchObject({ key: "custom_col1", kind: "custom", label: "Company" });
    expect(columns).toHaveLength(FIXED_COLUMNS.length + 1);
    expect(gridTemplate(columns).split(" ")).toHaveLength(columns.length);
  });

  it("sorts only by the API's sort fields", () => {
    for (const column of FIXED_COLUMNS) if ("sort" in column) expect(LEAD_SORT_FIELDS).toContain(column.sort);
  });

  it("shows custom values by their type", () => {
    expect(customText(12000, "number")).toBe("12,000");
    expect(customText("2026-02-03T10:00:00Z", "date")).toBe("Feb 3, 2026");
    expect(customText(null, "text")).toBe("");
    expect(customText({ a: 1 }, "text")).toBe('{"a":1}');
    expect(compactCount(12_345)).toBe("12.3K");
    expect(compactCount(null)).toBe("—");
  });
});
