import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "@/lib/api/search-query";
import { describeQuery } from "./query-words";

function described(input: string): string {
  const parsed = parseSearchQuery(input);
  if (!parsed.ok) throw new Error(parsed.message);
  return describeQuery(parsed.query);
}

describe("describeQuery", () => {
  it("quotes the text looked for", () => {
    expect(described("HubSpot renewal")).toBe("“hubspot renewal”");
    expect(described('price "annual plan"')).toBe('“price "annual plan"”');
  });

  it("says each operator in words, in a fixed order", () => {
    expect(described("before:2026-11-01 is:unread tag:vip from:Ada invoice after:2026-01-31 status:Lead")).toBe(
      "“invoice”, from Ada, tagged vip, with status Lead, unread, on or after 2026-01-31, before 2026-11-01",
    );
  });

  it("joins several values with or, and calls the viewer you", () => {
    expect(described("from:me from:Ada from:Grace")).toBe("from you, Ada or Grace");
    expect(described("is:read is:archived")).toBe("read, archived");
  });
});
