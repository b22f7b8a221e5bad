import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import type { Message } from "@/lib/api/messages";
import { messageFixture } from "@/lib/api/testing/fixtures";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";
import { deletionScope } from "@/lib/client/thread/unsent";
import { useToastStore } from "@/lib/client/stores/toasts";
import {
  addReaction,
  applyUnsend,
  editMessageMutation,
  findMessage,
  patchMessage,
  reactMutation,
  removeReaction,
  unreactMutation,
  unsendMessageMutation,
} from "./messages";

const api = vi.hoisted(() => ({
  messages: { update: vi.fn(), delete: vi.fn(), react: vi.fn(), unreact: vi.fn() },
}));
vi.mock("@/lib/client/api", () => ({ api, OUTLIVES_PAGE: { keepalive: true } }));

const THREAD = "thr1";
const key = threadQueries.messages(THREAD).queryKey;
const own = { type: "accountLink", accountLinkId: "al1" } as const;

function message(id: string, over: Partial<Message> = {}): Message {
  return { ...messageFixture(), id, threadId: THREAD, reactions: [], ...over };
}

let queryClient: QueryClient;

function seed(...pages: Message[][]) {
  queryClient.setQueryData(key, {
    pages: pages.map((data, i) => ({ data, nextCursor: i < pages.length - 1 ? `c${i}` : null })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
  });
}

const cached = (id: string) => findMessage(queryClient, THREAD, id);
const toasts = () => useToastStore.getState().toasts;
const windowClosed = () =>
  new ApiError({ status: 422, code: "mutationWindowClosed", details: { capability: "message:edit", closedAt: "2026-11-20T12:15:00Z" } });

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  useToastStore.setState({ toasts: [] });
  vi.resetAllMocks();
});
afterEach(() => queryClient.clear());

describe("cache helpers", () => {
  it("patch one message wherever its page is, leaving other pages as they were", () => {
    seed([message("m3"), message("m2")], [message("m1")]);
    const before = queryClient.getQueryData(key)!;
    patchMessage(queryClient, THREAD, "m1", (m) => ({ ...m, content: "changed" }));
    const after = queryClient.getQueryData(key)!;
    expect(cached("m1")?.content).toBe("changed");
    expect(after.pages[0]).toBe(before.pages[0]);
    expect(after.pageParams).toBe(before.pageParams);
  });
  it("unsend hides content, media and shared posts", () => {
    const unsent = applyUnsend(message("m1"), "2026-11-20T12:05:00Z");
    expect(unsent).toMatchObject({ deletedAt: "2026-11-20T12:05:00Z", content: null, attachments: [], entities: { postShares: [] } });
  });
  it("the team reacts at most once per emoji, and removes only its own", () => {
    const theirs = { emoji: "👍", author: { type: "profile", profileId: "prof1" }, reactedAt: null };
    const once = addReaction([theirs], "👍", "al1", "t");
    expect(addReaction(once, "👍", "al1", "t")).toHaveLength(2);
    expect(removeReaction(once, "👍", "al1")).toEqual([theirs]);
  });
});

describe("edit", () => {
  it("shows the new words at once, then takes the API's version", async () => {
    seed([message("m1", { content: "old" })]);
    let resolve!: (value: unknown) => void;
    api.messages.update.mockReturnValue(new Promise((r) => (resolve = r)));
    const run = new MutationObserver(queryClient, editMessageMutation(queryClient)).mutate({ message: message("m1", { content: "old" }), content: "new" });
    await vi.waitFor(() => expect(cached("m1")?.content).toBe("new"), { timeout: 10_000 });
    expect(cached("m1")?.editedAt).not.toBeNull();
    resolve({ body: message("m1", { content: "new", editedAt: "2026-11-20T12:03:00.000Z" }) });
    await run;
    expect(cached("m1")?.editedAt).toBe("2026-11-20T12:03:00.000Z");
  });
  it("puts the words back and says why when the window has closed", async () => {
    seed([message("m1", { content: "old" })]);
    api.messages.update.mockRejectedValue(windowClosed());
    await expect(
      new MutationObserver(queryClient, editMessageMutation(queryClient)).mutate({ message: message("m1", { content: "old" }), content: "new" }),
    ).rejects.toThrow();
    expect(cached("m1")).toMatchObject({ content: "old", editedAt: null });
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({
      title: "Couldn't edit the message",
      description: "It's too late to change this message: the platform's time limit has passed.",
      variant: "destructive",
    });
  });
  it("reads the history again when the message is no longer there", async () => {
    seed([message("m1")]);
    api.messages.update.mockRejectedValue(new ApiError({ status: 404, code: "messageNotFound" }));
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await expect(new MutationObserver(queryClient, editMessageMutation(queryClient)).mutate({ message: message("m1"), content: "x" })).rejects.toThrow();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: key, exact: true });
  });
});

describe("unsend", () => {
  it("shows the placeholder at once and rolls back on refusal", async () => {
    seed([message("m1", { content: "hello" })]);
    let reject!: (error: unknown) => void;
    api.messages.delete.mockReturnValue(new Promise((_, r) => (reject = r)));
    const run = new MutationObserver(queryClient, unsendMessageMutation(queryClient)).mutate({ message: message("m1"), scope: "all" });
    await vi.waitFor(() => expect(cached("m1")?.deletedAt).not.toBeNull(), { timeout: 10_000 });
    expect(api.messages.delete).toHaveBeenCalledWith("m1", "all");
    reject(new ApiError({ status: 422, code: "threadRestricted", details: { capability: "message:unsend" } }));
    await expect(run).rejects.toThrow();
    expect(cached("m1")).toMatchObject({ content: "hello", deletedAt: null });
    expect(cached("m1")?.attachments).toHaveLength(1);
    expect(toasts()[0]?.description).toBe("That's turned off in this conversation.");
  });

  it("notes at once in the thread's activity how far it went, and takes the note back on refusal", async () => {
    seed([message("m1", { content: "hello" })]);
    const activityKey = inboxQueries.activity(THREAD).queryKey;
    queryClient.setQueryData(activityKey, []);
    let reject!: (error: unknown) => void;
    api.messages.delete.mockReturnValue(new Promise((_, r) => (reject = r)));
    const run = new MutationObserver(queryClient, unsendMessageMutation(queryClient)).mutate({ message: message("m1"), scope: "self" });
    await vi.waitFor(() => expect(deletionScope("m1", queryClient.getQueryData(activityKey))).toBe("self"), { timeout: 10_000 });
    reject(new ApiError({ status: 422, code: "threadRestricted", details: { capability: "message:unsend" } }));
    await expect(run).rejects.toThrow();
    expect(queryClient.getQueryData(activityKey)).toEqual([]);
  });
  it("keeps the API's version on success", async () => {
    seed([message("m1")]);
    api.messages.delete.mockResolvedValue({ body: applyUnsend(message("m1"), "2026-11-20T12:09:00.000Z") });
    await new MutationObserver(queryClient, unsendMessageMutation(queryClient)).mutate({ message: message("m1"), scope: "self" });
    expect(api.messages.delete).toHaveBeenCalledWith("m1", "self");
    expect(cached("m1")?.deletedAt).toBe("2026-11-20T12:09:00.000Z");
  });
});

describe("reactions", () => {
  it("adds the team's reaction at once and reconciles from the API's list", async () => {
    seed([message("m1")]);
    const fromApi = [{ emoji: "🔥", author: own, reactedAt: "2026-11-20T12:02:00.000Z" }];
    let resolve!: (value: unknown) => void;
    api.messages.react.mockReturnValue(new Promise((r) => (resolve = r)));
    const run = new MutationObserver(queryClient, reactMutation(queryClient)).mutate({ message: message("m1"), emoji: "🔥", accountLinkId: "al1" });
    await vi.waitFor(() => expect(cached("m1")?.reactions).toHaveLength(1), { timeout: 10_000 });
    resolve({ body: { reactions: fromApi } });
    await run;
    expect(cached("m1")?.reactions).toEqual(fromApi);
  });
  it("takes back only the reaction it added when refused", async () => {
    const theirs = { emoji: "🔥", author: { type: "profile", profileId: "prof1" }, reactedAt: null };
    seed([message("m1", { reactions: [theirs] })]);
    api.messages.react.mockRejectedValue(new ApiError({ status: 422, code: "capabilityNotSupported", details: { capability: "message:react" } }));
    await expect(
      new MutationObserver(queryClient, reactMutation(queryClient)).mutate({ message: message("m1"), emoji: "🔥", accountLinkId: "al1" }),
    ).rejects.toThrow();
    expect(cached("m1")?.reactions).toEqual([theirs]);
    expect(toasts()[0]?.title).toBe("Couldn't add the reaction");
  });
  it("removes the team's reaction and restores it when refused", async () => {
    const mine = { emoji: "👍", author: own, reactedAt: "2026-11-20T12:01:00.000Z" };
    seed([message("m1", { reactions: [mine] })]);
    let reject!: (error: unknown) => void;
    api.messages.unreact.mockReturnValue(new Promise((_, r) => (reject = r)));
    const run = new MutationObserver(queryClient, unreactMutation(queryClient)).mutate({ message: message("m1"), emoji: "👍", accountLinkId: "al1" });
    await vi.waitFor(() => expect(cached("m1")?.reactions).toEqual([]), { timeout: 10_000 });
    // Sent to outlive the page: a reload right after must not cancel it and bring the reaction back.
    expect(api.messages.unreact).toHaveBeenCalledWith("m1", "👍", { keepalive: true });
    reject(new ApiError({ status: 0, code: "networkError" }));
    await expect(run).rejects.toThrow();
    expect(cached("m1")?.reactions).toEqual([mine]);
    expect(toasts()[0]?.description).toBe("You appear to be offline. Check your connection.");
  });
  it("two reactions in flight do not undo each other when one fails", async () => {
    seed([message("m1")]);
    let rejectFirst!: (error: unknown) => void;
    api.messages.react
      .mockReturnValueOnce(new Promise((_, r) => (rejectFirst = r)))
      .mockResolvedValueOnce({ body: { reactions: [{ emoji: "❤️", author: own, reactedAt: null }] } });
    const first = new MutationObserver(queryClient, reactMutation(queryClient)).mutate({ message: message("m1"), emoji: "👍", accountLinkId: "al1" });
    await vi.waitFor(() => expect(cached("m1")?.reactions).toHaveLength(1), { timeout: 10_000 });
    await new MutationObserver(queryClient, reactMutation(queryClient)).mutate({ message: message("m1"), emoji: "❤️", accountLinkId: "al1" });
    rejectFirst(new ApiError({ status: 500, code: "internalError" }));
    await expect(first).rejects.toThrow();
    expect(cached("m1")?.reactions.map((r) => r.emoji)).toEqual(["❤️"]);
  });
});
