import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import type { Thread } from "@/lib/api/threads";
import { threadFixture } from "@/lib/api/testing/fixtures";
import { isGone } from "@/lib/client/list/own-changes";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";
import { forgetThread, isNotFound } from "./forget-thread";

const page = (threads: Thread[]) => ({ pages: [{ data: threads, nextCursor: null }], pageParams: [null] });
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
afterEach(() => queryClient.clear());

describe("a thread that is gone", () => {
  it("leaves every loaded list, its counts are read again, and the list knows it is gone", async () => {
    const gone = { ...threadFixture(), id: "thrGone" };
    const other = { ...threadFixture(), id: "thrOther" };
    const all = threadQueries.list({ folder: "all" }).queryKey;
    const inbox = threadQueries.list({ folder: "inbox" }).queryKey;
    queryClient.setQueryData(all, page([other, gone]));
    queryClient.setQueryData(inbox, page([gone]));
    const folder = { total: 1, unread: 0 };
    queryClient.setQueryData(inboxQueries.counts().queryKey, { folders: { inbox: folder, noReply: folder, requests: folder, archived: folder, all: folder }, mine: folder, unassigned: folder, byAssignee: {} });

    await forgetThread(queryClient, "thrGone");

    const ids = (key: readonly unknown[]) => queryClient.getQueryData<ReturnType<typeof page>>(key)!.pages.flatMap((p) => p.data.map((t) => t.id));
    expect(ids(all)).toEqual(["thrOther"]);
    expect(ids(inbox)).toEqual([]);
    expect(queryClient.getQueryState(inboxQueries.counts().queryKey)!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(all)!.isInvalidated).toBe(true);
    expect(isGone("thrGone")).toBe(true);
    expect(isGone("thrOther")).toBe(false);
  });

  it("is a 404 from the API, and nothing else", () => {
    expect(isNotFound(new ApiError({ status: 404, code: "threadNotFound" }))).toBe(true);
    expect(isNotFound(new ApiError({ status: 403, code: "forbidden" }))).toBe(false);
    expect(isNotFound({ status: 404 })).toBe(false);
    expect(isNotFound(new Error("404"))).toBe(false);
  });
});
