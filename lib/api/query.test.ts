import { describe, expect, it } from "vitest";
import { contactListQuery } from "./contacts";
import { eventListQuery } from "./events";
import { pageQuery, parseQuery, strictQuery, toSearchParams, type QueryDefinition } from "./query";
import { FOLDERS, threadListQuery } from "./threads";
import type { z } from "zod";

describe("toSearchParams", () => {
  it("repeats the key for each array value, never with brackets or commas", () => {
    const search = toSearchParams({ tag: ["VIP", "Hot lead"], accountLinkId: ["al1", "al2", "al3"] });
    expect(search.getAll("tag")).toEqual(["VIP", "Hot lead"]);
    expect(search.getAll("accountLinkId")).toEqual(["al1", "al2", "al3"]);
    expect(search.toString()).toBe("tag=VIP&tag=Hot+lead&accountLinkId=al1&accountLinkId=al2&accountLinkId=al3");
    expect(search.toString()).not.toMatch(/\[|\]|%5B|%5D|,|%2C/i);
  });

  it("keeps a one-element array as a single key", () => {
    expect(toSearchParams({ tag: ["VIP"] }).toString()).toBe("tag=VIP");
  });

  it("writes booleans as true and false", () => {
    expect(toSearchParams({ unassigned: true, archived: false }).toString()).toBe("unassigned=true&archived=false");
  });

  it("writes numbers as digits, zero included", () => {
    expect(toSearchParams({ limit: 25, afterSeq: 0, big: 9007199254740991 }).toString()).toBe(
      "limit=25&afterSeq=0&big=9007199254740991",
    );
  });

  it("leaves out undefined, null and empty arrays", () => {
    const search = toSearchParams({ a: undefined, b: null, c: [], d: "kept" });
    expect([...search.keys()]).toEqual(["d"]);
    expect(search.toString()).toBe("d=kept");
  });

  it("gives an empty query for no params", () => {
    expect(toSearchParams(undefined).toString()).toBe("");
    expect(toSearchParams({}).size).toBe(0);
  });

  it("encodes special characters so that they read back unchanged", () => {
    const q = "a&b=c d+é/?#,%";
    const search = toSearchParams({ q, tag: ["x&y", "50%"] });
    expect(search.toString()).toBe("q=a%26b%3Dc+d%2B%C3%A9%2F%3F%23%2C%25&tag=x%26y&tag=50%25");
    const back = new URLSearchParams(search.toString());
    expect(back.get("q")).toBe(q);
    expect(back.getAll("tag")).toEqual(["x&y", "50%"]);
  });
});

describe("parseQuery on GET /threads", () => {
  it("parses repeated keys into arrays", () => {
    const result = parse(threadListQuery, "accountLinkId=al1&accountLinkId=al2&tag=VIP&tag=Hot+lead&status=Won");
    expect(result).toEqual({
      success: true,
      data: { accountLinkId: ["al1", "al2"], tag: ["VIP", "Hot lead"], status: ["Won"] },
    });
  });

  it("makes a single value of a repeatable key a one-element array", () => {
    expect(parse(threadListQuery, "tag=VIP")).toEqual({ success: true, data: { tag: ["VIP"] } });
    expect(parse(threadListQuery, "campaignId=cmp1")).toEqual({ success: true, data: { campaignId: ["cmp1"] } });
  });

  it("accepts an empty query", () => {
    expect(parse(threadListQuery, "")).toEqual({ success: true, data: {} });
  });

  it.each(["tag[]=a", "tag[]=a&tag[]=b", "accountLinkId[0]=a", "accountLinkId[]=al1", "tag%5B%5D=a", "expand[0]=contact"])(
    "rejects bracket keys: %s",
    (query) => {
      const result = parse(threadListQuery, query);
      expect(result.success).toBe(false);
      if (!result.success) expect(result.message).toMatch(/Bracket/);
    },
  );

  it.each(["tag=a,b", "accountLinkId=al1,al2", "tag=VIP&tag=a,b", "tag=a%2Cb", "expand=contact,profile"])(
    "rejects comma-separated values of a repeatable key: %s",
    (query) => {
      const result = parse(threadListQuery, query);
      expect(result.success).toBe(false);
      if (!result.success) expect(result.message).toMatch(/Comma/);
    },
  );

  it("accepts commas in a key that does not repeat", () => {
    expect(parse(threadListQuery, "q=hello%2C+world")).toEqual({ success: true, data: { q: "hello, world" } });
    expect(parse(threadListQuery, new URLSearchParams({ q: "hello, world" }).toString())).toEqual({
      success: true,
      data: { q: "hello, world" },
    });
  });

  it.each(["folder=inbox&folder=all", "q=a&q=b", "limit=10&limit=10", "unassigned=true&unassigned=true", "cursor=a&cursor=b"])(
    "rejects a non-repeatable key given twice: %s",
    (query) => {
      const result = parse(threadListQuery, query);
      expect(result.success).toBe(false);
      if (!result.success) expect(result.message).toMatch(/may be given once/);
    },
  );

  it.each(["foo=1", "tags=VIP", "accountLinkIds=al1", "folder=inbox&page=2", "page=1&page=2", "__proto__=1", "constructor=x"])(
    "ignores keys it does not take (parameters can be added within version 2): %s",
    (query) => {
      const result = parse(threadListQuery, query);
      expect(result.success).toBe(true);
      if (result.success) expect(Object.keys(result.data).filter((k) => k !== "folder")).toEqual([]);
      if (result.success) expect(Object.getPrototypeOf(result.data)).toBe(Object.prototype);
    },
  );

  it("still refuses brackets on a key it does not take", () => {
    expect(parse(threadListQuery, "foo[]=1").success).toBe(false);
  });

  it.each(["foo=1", "folder=inbox&page=2"])("strictQuery refuses keys it does not take, naming them: %s", (query) => {
    const result = parse(strictQuery(threadListQuery), query);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.message).toMatch(/Unknown query parameter: (foo|page)/);
    expect(parse(strictQuery(threadListQuery), "folder=inbox&limit=5")).toEqual({ success: true, data: { folder: "inbox", limit: 5 } });
  });

  it.each(["0", "101", "1.5", "abc", "", "-1", "1e2", " 5"])("rejects limit=%s", (limit) => {
    expect(parse(threadListQuery, `limit=${encodeURIComponent(limit)}`).success).toBe(false);
  });

  it("accepts limit 1 to 100 and parses it as a number", () => {
    expect(parse(threadListQuery, "limit=1")).toEqual({ success: true, data: { limit: 1 } });
    const result = parse(threadListQuery, "limit=100");
    expect(result).toEqual({ success: true, data: { limit: 100 } });
    if (result.success) expect(typeof result.data.limit).toBe("number");
  });

  it("accepts at most 4 expand values", () => {
    expect(parse(threadListQuery, "expand=contact&expand=profile&expand=accountLink&expand=assignee")).toEqual({
      success: true,
      data: { expand: ["contact", "profile", "accountLink", "assignee"] },
    });
    expect(parse(threadListQuery, "expand=contact&expand=profile&expand=accountLink&expand=assignee&expand=contact").success).toBe(
      false,
    );
  });

  it("rejects an unknown expand value", () => {
    expect(parse(threadListQuery, "expand=messages").success).toBe(false);
    expect(parse(threadListQuery, "expand=contact&expand=Contact").success).toBe(false);
  });

  it("reads unassigned as a boolean", () => {
    expect(parse(threadListQuery, "unassigned=true")).toEqual({ success: true, data: { unassigned: true } });
    expect(parse(threadListQuery, "unassigned=false")).toEqual({ success: true, data: { unassigned: false } });
  });

  it.each(["yes", "1", "TRUE", "True", ""])("rejects unassigned=%s", (value) => {
    expect(parse(threadListQuery, `unassigned=${value}`).success).toBe(false);
  });

  it("accepts the five folders", () => {
    expect(FOLDERS).toEqual(["inbox", "noReply", "requests", "archived", "all"]);
    for (const folder of FOLDERS) {
      expect(parse(threadListQuery, `folder=${folder}`)).toEqual({ success: true, data: { folder } });
    }
  });

  it.each(["spam", "Inbox", "noreply", ""])("rejects folder=%s", (folder) => {
    expect(parse(threadListQuery, `folder=${folder}`).success).toBe(false);
  });

  it("requires service IDs where the key names an ID", () => {
    expect(parse(threadListQuery, "accountLinkId=AL1").success).toBe(false);
    expect(parse(threadListQuery, "contactId=con-1").success).toBe(false);
    expect(parse(threadListQuery, "assigneeId=mem1&assigneeId=mem2")).toEqual({
      success: true,
      data: { assigneeId: ["mem1", "mem2"] },
    });
  });

  it("gives back a rich query unchanged after toSearchParams (round trip)", () => {
    const query = {
      accountLinkId: ["al1", "al2"],
      folder: "noReply",
      tag: ["VIP", "Hot lead", "50% off & more"],
      status: ["Qualified"],
      assigneeId: ["mem1", "mem2"],
      unassigned: false,
      campaignId: ["cmp1"],
      contactId: "con1",
      platform: "chirp",
      q: "hello, world & more?",
      order: "oldest",
      expand: ["contact", "profile", "accountLink", "assignee"],
      limit: 100,
      cursor: "opaque/cursor+==",
    } satisfies z.output<typeof threadListQuery.schema>;
    expect(parseQuery(threadListQuery, toSearchParams(query))).toEqual({ success: true, data: query });
  });
});

describe("parseQuery on plain pages", () => {
  it("takes limit and cursor", () => {
    expect(parse(pageQuery, "limit=10&cursor=abc")).toEqual({ success: true, data: { limit: 10, cursor: "abc" } });
    expect(parse(pageQuery, "")).toEqual({ success: true, data: {} });
  });

  it("rejects an empty cursor, a bad limit and any filter", () => {
    expect(parse(pageQuery, "cursor=").success).toBe(false);
    expect(parse(pageQuery, "limit=0").success).toBe(false);
    expect(parse(pageQuery, "limit=101").success).toBe(false);
    expect(parse(pageQuery, "folder=inbox")).toEqual({ success: true, data: {} });
    expect(parse(strictQuery(pageQuery), "folder=inbox").success).toBe(false);
  });

  it("has no repeatable key", () => {
    expect(pageQuery.repeatable.size).toBe(0);
    expect(parse(pageQuery, "cursor=a,b")).toEqual({ success: true, data: { cursor: "a,b" } });
    expect(parse(pageQuery, "cursor=a&cursor=b").success).toBe(false);
  });
});

describe("parseQuery on GET /events", () => {
  it("takes limit up to 1000", () => {
    expect(parse(eventListQuery, "limit=1000")).toEqual({ success: true, data: { limit: 1000 } });
    expect(parse(eventListQuery, "limit=101")).toEqual({ success: true, data: { limit: 101 } });
    expect(parse(eventListQuery, "limit=1001").success).toBe(false);
    expect(parse(eventListQuery, "limit=0").success).toBe(false);
  });

  it("takes afterSeq from 0 and repeatable types", () => {
    expect(parse(eventListQuery, "afterSeq=0&type=message.sent&type=thread.assigned")).toEqual({
      success: true,
      data: { afterSeq: 0, type: ["message.sent", "thread.assigned"] },
    });
    expect(parse(eventListQuery, "afterSeq=-1").success).toBe(false);
    expect(parse(eventListQuery, "afterSeq=1.5").success).toBe(false);
    expect(parse(eventListQuery, "type=message.sent,message.received").success).toBe(false);
  });

  it("round-trips a replay query", () => {
    const query = { afterSeq: 42, limit: 500, type: ["message.received", "contact.tagsChanged"] };
    expect(parseQuery(eventListQuery, toSearchParams(query))).toEqual({ success: true, data: query });
  });
});

describe("parseQuery on GET /contacts", () => {
  it("takes platform with platformId", () => {
    expect(parse(contactListQuery, "platform=chirp&platformId=123456")).toEqual({
      success: true,
      data: { platform: "chirp", platformId: ["123456"] },
    });
  });

  it("takes platformId repeated", () => {
    expect(parse(contactListQuery, "platform=chirp&platformId=1&platformId=2")).toEqual({
      success: true,
      data: { platform: "chirp", platformId: ["1", "2"] },
    });
    expect(parse(contactListQuery, "platform=chirp&platformId=1,2").success).toBe(false);
  });

  it("takes platform with username", () => {
    expect(parse(contactListQuery, "platform=chirp&username=janedoe&expand=tags&limit=5")).toEqual({
      success: true,
      data: { platform: "chirp", username: "janedoe", expand: ["tags"], limit: 5 },
    });
  });

  it("requires platform", () => {
    expect(parse(contactListQuery, "platformId=123456").success).toBe(false);
    expect(parse(contactListQuery, "username=janedoe").success).toBe(false);
  });

  it("requires exactly one of platformId and username", () => {
    expect(parse(contactListQuery, "platform=chirp").success).toBe(false);
    expect(parse(contactListQuery, "platform=chirp&platformId=123456&username=janedoe").success).toBe(false);
  });

  it("rejects a username with a leading @", () => {
    expect(parse(contactListQuery, "platform=chirp&username=%40janedoe").success).toBe(false);
    expect(parse(contactListQuery, "platform=chirp&username=@janedoe").success).toBe(false);
  });

  it("rejects unknown expand values; ignores thread filters, which the BFF's strict table refuses", () => {
    expect(parse(contactListQuery, "platform=chirp&username=janedoe&expand=profile").success).toBe(false);
    expect(parse(contactListQuery, "platform=chirp&username=janedoe&folder=inbox")).toEqual({ success: true, data: { platform: "chirp", username: "janedoe" } });
    expect(parse(strictQuery(contactListQuery), "platform=chirp&username=janedoe&folder=inbox").success).toBe(false);
  });
});

function parse<Schema extends z.ZodType>(definition: QueryDefinition<Schema>, query: string) {
  return parseQuery(definition, new URLSearchParams(query));
}
