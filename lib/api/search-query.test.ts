import { describe, expect, it } from "vitest";
import { hasOperators, hasText, parseSearchQuery, type SearchQuery } from "./search-query";

function parsed(input: string): SearchQuery {
  const result = parseSearchQuery(input);
  if (!result.ok) throw new Error(result.message);
  return result.query;
}

function failure(input: string): string {
  const result = parseSearchQuery(input);
  if (result.ok) throw new Error(`"${input}" parsed`);
  return result.message;
}

describe("parseSearchQuery", () => {
  it("splits free text into lower-cased words, as the index does", () => {
    expect(parsed("HubSpot  renewal, e-mail").words).toEqual(["hubspot", "renewal", "e", "mail"]);
  });

  it("keeps quoted phrases whole, an unclosed quote running to the end", () => {
    const q = parsed('price "annual plan" and "per seat');
    expect(q.phrases).toEqual(["annual plan", "per seat"]);
    expect(q.words).toEqual(["price", "and"]);
  });

  it("reads from:, with from:me and quoted names", () => {
    const q = parsed('from:me from:"Ada Lovelace" from:grace hello');
    expect(q.fromMe).toBe(true);
    expect(q.from).toEqual(["Ada Lovelace", "grace"]);
    expect(q.words).toEqual(["hello"]);
  });

  it("reads tag:, status:, is: and dates", () => {
    const q = parsed("tag:vip status:Lead is:unread is:archived after:2026-01-31 before:2026-11-01");
    expect(q).toMatchObject({ tags: ["vip"], statuses: ["Lead"], unread: true, archived: true, after: "2026-01-31", before: "2026-11-01" });
    expect(parsed("is:read is:open")).toMatchObject({ unread: false, archived: false });
  });

  it("takes operators in any case", () => {
    expect(parsed("FROM:me Tag:vip")).toMatchObject({ fromMe: true, tags: ["vip"] });
  });

  it("keeps an unknown word: as text", () => {
    const q = parsed("re: https://hubspot.com/pricing");
    expect(q.words).toEqual(["re", "https", "hubspot", "com", "pricing"]);
  });

  it("says what a malformed value should look like", () => {
    expect(failure("before:yesterday")).toBe("before: needs a date like 2026-11-01");
    expect(failure("after:2026-02-30")).toBe("after: needs a date like 2026-11-01");
    expect(failure("hello from:")).toMatch(/^from: needs a name/);
    expect(failure("is:starred")).toBe("is: takes unread, read, archived or open");
    expect(failure('tag:""')).toMatch(/^tag: needs a tag name/);
  });

  it("asks for something to search for", () => {
    expect(failure("   ")).toMatch(/Type a word/);
    expect(failure('"" ,,')).toMatch(/Type a word/);
  });

  it("accepts filters alone, without text to highlight", () => {
    const q = parsed("from:me is:unread");
    expect(hasText(q)).toBe(false);
    expect(hasText(parsed("from:me invoice"))).toBe(true);
  });

  it("tells a query with operators from plain text", () => {
    expect(hasOperators(parsed("hubspot renewal"))).toBe(false);
    expect(hasOperators(parsed("re: https://hubspot.com"))).toBe(false);
    for (const input of ["hubspot from:ada", "tag:vip", "status:lead x", "is:read", "is:open", "before:2026-01-01", "after:2026-01-01 x"]) {
      expect(hasOperators(parsed(input))).toBe(true);
    }
  });
});
