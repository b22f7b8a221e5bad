import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReadAnswer } from "@/lib/api/inbox";
import { threadFixture } from "@/lib/api/testing/fixtures";
import { ApiError } from "@/lib/api/errors";
import { isGone } from "@/lib/client/list/own-changes";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";
import { useToastStore } from "@/lib/client/stores/toasts";
import { markReadMutation } from "./reads";

const inboxApi = vi.hoisted(() => vi.fn());
vi.mock("@/lib/client/inbox-api", () => ({ inboxApi }));

const thread = { ...threadFixture(), id: "thr1" };
const READ_AT = thread.lastMessage?.sentAt ?? thread.activity.at;

/** The server's answer to a mark, held until the test lets it go. */
function heldAnswers() {
  const held: { read: boolean; answer: () => void }[] = [];
  inboxApi.mockImplementation(
    (_operation: string, { body }: { body: { threadId: string; read: boolean } }) =>
      new Promise<ReadAnswer>((resolve) =>
        held.push({ read: body.read, answer: () => resolve({ mark: { threadId: body.threadId, readAt: body.read ? READ_AT : null }, ownerUnread: !body.read }) }),
      ),
  );
  return held;
}

let queryClient: QueryClient;
const mark = (read: boolean) => void new MutationObserver(queryClient, markReadMutation(queryClient)).mutate({ thread, read });
const shownReadAt = () => queryClient.getQueryData(inboxQueries.reads().queryKey)?.get(thread.id)?.readAt;
const settle = () => vi.waitFor(() => expect(queryClient.isMutating()).toBe(0));

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(inboxQueries.reads().queryKey, new Map());
  inboxApi.mockReset();
});
afterEach(() => queryClient.clear());

describe("marking a thread read and unread", () => {
  it("shows each mark at once, and sends them one after another, in the order they were made", async () => {
    const held = heldAnswers();
    mark(true);
    mark(false);
    mark(true);
    await vi.waitFor(() => expect(shownReadAt()).toBe(READ_AT));
    // Only the first is on its way; the others wait for its answer.
    await vi.waitFor(() => expect(held.map((h) => h.read)).toEqual([true]));
    held[0]!.answer();
    await vi.waitFor(() => expect(held.map((h) => h.read)).toEqual([true, false]));
    held[1]!.answer();
    await vi.waitFor(() => expect(held.map((h) => h.read)).toEqual([true, false, true]));
    held[2]!.answer();
    await settle();
    expect(shownReadAt()).toBe(READ_AT);
  });

  it("does not let an earlier answer undo a later mark on screen while that mark is on its way", async () => {
    const held = heldAnswers();
    mark(true);
    mark(false);
    await vi.waitFor(() => expect(shownReadAt()).toBeNull());
    held[0]!.answer();
    // The read answer came back (that mark is done); the unread mark made after it still shows.
    await vi.waitFor(() => expect(queryClient.isMutating()).toBe(1));
    expect(shownReadAt()).toBeNull();
    held[1]!.answer();
    await settle();
    expect(shownReadAt()).toBeNull();
  });

  it("puts back only the failed mark's thread: a mark of another thread, made meanwhile and still on its way, stays on screen", async () => {
    const other = { ...threadFixture(), id: "thr2" };
    let fail!: () => void;
    let answerOther!: () => void;
    inboxApi.mockImplementation((_operation: string, { body }: { body: { threadId: string; read: boolean } }) =>
      body.threadId === thread.id
        ? new Promise((_, reject) => (fail = () => reject(new Error("offline"))))
        : new Promise<ReadAnswer>((resolve) => (answerOther = () => resolve({ mark: { threadId: body.threadId, readAt: READ_AT }, ownerUnread: false }))),
    );
    const marks = () => queryClient.getQueryData(inboxQueries.reads().queryKey)!;
    new MutationObserver(queryClient, markReadMutation(queryClient)).mutate({ thread, read: true }).catch(() => undefined);
    new MutationObserver(queryClient, markReadMutation(queryClient)).mutate({ thread: other, read: true }).catch(() => undefined);
    await vi.waitFor(() => expect(marks().get(other.id)?.readAt).toBeTruthy());
    await vi.waitFor(() => expect(fail).toBeTypeOf("function"));
    fail();
    // The failed mark is undone; the other thread's, waiting behind it, still shows.
    await vi.waitFor(() => expect(answerOther).toBeTypeOf("function"));
    expect(marks().has(thread.id)).toBe(false);
    expect(marks().get(other.id)?.readAt).toBeTruthy();
    answerOther();
    await settle();
    expect(marks().get(other.id)?.readAt).toBe(READ_AT);
  });

  it("a thread that answers 404 is gone: no failure toast, and it leaves the lists", async () => {
    const gone = { ...threadFixture(), id: "thrGoneRead" };
    const listKey = threadQueries.list({ folder: "all" }).queryKey;
    queryClient.setQueryData(listKey, { pages: [{ data: [gone, thread], nextCursor: null }], pageParams: [null] });
    inboxApi.mockRejectedValue(new ApiError({ status: 404, code: "threadNotFound" }));
    const toastsBefore = useToastStore.getState().toasts.length;
    new MutationObserver(queryClient, markReadMutation(queryClient)).mutate({ thread: gone, read: true }).catch(() => undefined);
    await settle();
    expect(useToastStore.getState().toasts.length).toBe(toastsBefore);
    expect(isGone(gone.id)).toBe(true);
    expect(queryClient.getQueryData<{ pages: { data: { id: string }[] }[] }>(listKey)!.pages[0]!.data.map((t) => t.id)).toEqual([thread.id]);
  });
});
