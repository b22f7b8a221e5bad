import { describe, expect, it } from "vitest";
import { nestQuery, parseV1Query } from "./query";
import { v1ThreadListQuery } from "./threads";

const nest = (query: string) => nestQuery(new URLSearchParams(query));

describe("version 1 query strings", () => {
  it("nests bracket keys and reads all three array encodings, indices in order", () => {
    for (const query of ["a[b][c]=1&a[b][c]=2", "a[b][c][]=1&a[b][c][]=2", "a[b][c][0]=1&a[b][c][1]=2", "a[b][c][1]=2&a[b][c][0]=1"]) {
      expect(nest(query), query).toEqual({ success: true, data: { a: { b: { c: ["1", "2"] } } } });
    }
    expect(nest("x=1&cursor[id]=abc")).toEqual({ success: true, data: { x: "1", cursor: { id: "abc" } } });
    expect(nest("ids[]=only")).toEqual({ success: true, data: { ids: ["only"] } });
  });

  it("refuses malformed keys, a key that is both a value and an object, and huge indices", () => {
    expect(nest("a[b=1")).toMatchObject({ success: false, problem: { field: "a[b", issue: "malformed" } });
    expect(nest("a[0][b]=1")).toMatchObject({ success: false, problem: { issue: "malformed" } });
    expect(nest("a=1&a[b]=2")).toMatchObject({ success: false, problem: { field: "a", issue: "malformed" } });
    expect(nest("a[1000]=1")).toMatchObject({ success: false, problem: { issue: "too_big" } });
  });

  it("parses the thread list query, naming the first bad field", () => {
    const ok = parseV1Query(v1ThreadListQuery, new URLSearchParams("inbox=no-reply&limit=5&filters[tags][noTags]=true&accountLinkIds=al1"));
    expect(ok).toEqual({ success: true, data: { inbox: "no-reply", limit: 5, filters: { tags: { noTags: true } }, accountLinkIds: ["al1"] } });
    const bad = parseV1Query(v1ThreadListQuery, new URLSearchParams("limit=5&limit=6"));
    expect(bad).toMatchObject({ success: false, problem: { field: "limit" } });
  });
});
