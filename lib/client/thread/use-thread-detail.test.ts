import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Thread } from "@/lib/api/threads";
import { threadFixture } from "@/lib/api/testing/fixtures";
import { threadQueries } from "@/lib/client/queries/threads";
import { listCopy, threadDetailOptions } from "./use-thread-detail";

const thread: Thread = { ...threadFixture(), id: "thr1" };
const listKey = threadQueries.list({ folder: "all" }).queryKey;
const page = (threads: Thread[]) => ({ pages: [{ data: threads, nextCursor: null }], pageParams: [null] });

let queryClient: QueryClient;
const read = vi.fn();

/** The pane's observer of the thread, its read replaced by `read`: answers what it shows first. */
function openThread(threadId: string) {
  const observer = new QueryObserver(queryClient, { ...threadDetailOptions(queryClient, threadId), queryFn: read });
  const unsubscribe = observer.subscribe(() => undefined);
  return { result: observer.getCurrentResult(), unsubscribe };
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  read.mockReset().mockResolvedValue({ ...thread, unread: true });
});
afterEach(() => queryClient.clear());

describe("the open thread, from a list's copy", () => {
  it("is the list's copy, with no read of its own, while that list is current and fresh", () => {
    queryClient.setQueryData(listKey, page([thread]));
    const { result, unsubscribe } = openThread("thr1");
    expect(result.data).toBe(thread);
    expect(result.isPlaceholderData).toBe(false);
    expect(read).not.toHaveBeenCalled();
    unsubscribe();
  });

  it("is read again when the list's read is older than the freshness allows", () => {
    queryClient.setQueryData(listKey, page([thread]), { updatedAt: Date.now() - 60_000 });
    const { result, unsubscribe } = openThread("thr1");
    expect(result.data).toBe(thread);
    expect(read).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("is only shown while the thread's own read is on its way when an event marked the list out of date", async () => {
    queryClient.setQueryData(listKey, page([thread]));
    await queryClient.invalidateQueries({ queryKey: threadQueries.lists(), refetchType: "none" });
    const { result, unsubscribe } = openThread("thr1");
    expect(result.data).toBe(thread);
    expect(result.isPlaceholderData).toBe(true);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(queryClient.getQueryData(threadQueries.detail("thr1").queryKey)).toMatchObject({ unread: true }));
    unsubscribe();
  });

  it("takes a current list's copy over one that may be behind, and none for a thread no list holds", async () => {
    const older = { ...thread, unread: false };
    const newer = { ...thread, unread: true };
    queryClient.setQueryData(threadQueries.list({ folder: "inbox" }).queryKey, page([older]));
    await queryClient.invalidateQueries({ queryKey: threadQueries.list({ folder: "inbox" }).queryKey, refetchType: "none" });
    queryClient.setQueryData(listKey, page([newer]));
    expect(listCopy(queryClient, "thr1")).toMatchObject({ thread: newer, current: true });
    expect(listCopy(queryClient, "thr2")).toBeNull();
    const { result, unsubscribe } = openThread("thr2");
    expect(result.data).toBeUndefined();
    expect(result.isPending).toBe(true);
    expect(read).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
