import { describe, expect, it } from "vitest";
import { queryString, readInboxParams, writeInboxParams, type InboxParamsChange } from "./inbox-params";

const read = (query: string) => readInboxParams(new URLSearchParams(query));
const write = (query: string, change: Parameters<typeof writeInboxParams>[1]) => queryString(writeInboxParams(new URLSearchParams(query), change));

describe("the inbox's view in the URL", () => {
  it("reads every parameter, with the inbox as the folder a URL leaves out", () => {
    expect(read("")).toEqual({
      folder: "inbox",
      accountLinkId: [],
      platform: null,
      tag: [],
      status: [],
      assigneeId: [],
      unassigned: null,
      campaignId: [],
      q: null,
      order: null,
      thread: null,
      searchIn: null,
      view: null,
      comment: null,
    });
    const params = read("folder=archived&tag=t1&tag=t2&unassigned=true&q=hello+world&order=oldest&thread=thr_1&view=mentions&comment=c1&platform=instagram");
    expect(params).toMatchObject({ folder: "archived", tag: ["t1", "t2"], unassigned: true, q: "hello world", order: "oldest", thread: "thr_1", view: "mentions", comment: "c1", platform: "instagram" });
  });

  it("takes what it cannot mean as absent: an unknown folder, order or view, an empty list entry", () => {
    expect(read("folder=spam&order=random&view=everything&searchIn=files&tag=")).toMatchObject({ folder: "inbox", order: null, view: null, searchIn: null, tag: [] });
    expect(read("unassigned=TRUE").unassigned).toBe(true);
    expect(read("unassigned=no").unassigned).toBe(false);
  });

  it("writes a change over the query: null and an empty list clear, the default folder is left out, other keys stay", () => {
    expect(write("folder=archived&tag=t1&utm=x", { folder: "inbox", tag: ["a", "b"], thread: "thr_9" })).toBe("?utm=x&tag=a&tag=b&thread=thr_9");
    expect(write("folder=noReply&q=hi&thread=thr_1", { q: null, thread: null })).toBe("?folder=noReply");
    expect(write("tag=t1", { tag: [] })).toBe("");
    expect(write("", { unassigned: true, order: "oldest" })).toBe("?unassigned=true&order=oldest");
  });

  it("reads back what it writes", () => {
    const change: InboxParamsChange = { folder: "requests", accountLinkId: ["l1"], q: "a&b=c #1", searchIn: "messages", campaignId: ["cmp1", "cmp2"] };
    expect(read(write("", change).slice(1))).toMatchObject(change);
  });
});
