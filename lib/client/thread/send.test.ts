import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StateStorage } from "zustand/middleware";
import type { ApiResult, SendOptions } from "@/lib/api/client";
import { ApiError, ERROR_SENTENCES } from "@/lib/api/errors";
import type { Message, SendMessage, SendMessageResult } from "@/lib/api/messages";
import type { Page } from "@/lib/api/primitives";
import { messageFixture, threadFixture } from "@/lib/api/testing/fixtures";
import type { Thread } from "@/lib/api/threads";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";
import { createSendPipeline, type SendApi } from "@/lib/client/thread/send";
import { CONFIRM_BACKOFF_MS, MAX_AUTOMATIC_WAITS, NOT_DELIVERED, RESEND_SAFE_MS, STALE_SEND, confirmDelay, isTransientFailure, judgeSendError } from "@/lib/client/thread/send-verdicts";
import { withLastMessage, withMessage } from "@/lib/client/thread/sent-caches";
import { createOutboxStore, itemsOfThread, OUTBOX_STORAGE_KEY, type OutboxItem } from "@/lib/client/stores/outbox";

const THREAD = "thr1";
const NOW = new Date("2026-11-21T10:00:00.000Z");

type SendCall = { body: SendMessage; key: string | undefined };

/** A fake API: each send or read takes the next scripted answer (a value, or an error to throw). */
function fakeApi() {
  const sends: SendCall[] = [];
  const reads: string[] = [];
  const sendAnswers: Array<SendMessageResult | Error | { replay: SendMessageResult }> = [];
  const readAnswers: Array<Message | Error> = [];
  const api: SendApi = {
    messages: {
      send: vi.fn(async (body: SendMessage, options?: SendOptions) => {
        sends.push({ body, key: options?.idempotencyKey });
        const next = sendAnswers.shift();
        if (!next) throw new Error("no scripted send answer");
        if (next instanceof Error) throw next;
        if ("replay" in next) return result(next.replay, 200);
        return result(next, 201);
      }) as SendApi["messages"]["send"],
      get: vi.fn(async (messageId: string) => {
        reads.push(messageId);
        const next = readAnswers.shift();
        if (!next) throw new Error("no scripted read answer");
        if (next instanceof Error) throw next;
        return result(next, 200);
      }) as SendApi["messages"]["get"],
    },
  };
  return { api, sends, reads, sendAnswers, readAnswers };
}

function result<T>(body: T, status: number): ApiResult<T> {
  return { body, status, requestId: "req1", rateLimit: { limit: null, remaining: null, reset: null, retryAfter: null } };
}

function memoryStorage(): StateStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

function sentMessage(overrides: Partial<Message> = {}): Message {
  return { ...messageFixture(), id: "msgnew", threadId: THREAD, content: "Hello there", direction: "outbound", sentAt: NOW.toISOString(), ...overrides };
}

function sendResult(message = sentMessage()): SendMessageResult {
  const thread: Thread = {
    ...threadFixture(),
    lastMessage: { id: message.id, direction: "outbound", sentAt: message.sentAt, preview: message.content },
    activity: { at: message.sentAt, preview: message.content },
  };
  return { message, thread };
}

const unconfirmed = (messageId = "msgnew") =>
  new ApiError({ status: 502, code: "sendUnconfirmed", details: { messageId } });

function setup(options: { storage?: ReturnType<typeof memoryStorage>; ids?: string[]; onSleep?: (ms: number) => void; sleepsForever?: boolean } = {}) {
  const fake = fakeApi();
  const storage = options.storage ?? memoryStorage();
  const outbox = createOutboxStore(() => storage);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const sleeps: number[] = [];
  const ids = [...(options.ids ?? ["local-1", "local-2", "local-3"])];
  let clock = NOW.getTime();
  // The server's events, as the browser hears them: a message's send settled.
  const listeners = new Set<(messageId: string) => void>();
  const settle = (messageId: string) => {
    for (const listener of listeners) listener(messageId);
  };
  const pipeline = createSendPipeline({
    api: fake.api,
    queryClient,
    outbox,
    sleep: async (ms) => {
      sleeps.push(ms);
      if (options.sleepsForever) return new Promise<void>(() => {});
      clock += ms;
      options.onSleep?.(ms);
    },
    settled: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    newId: () => ids.shift() ?? "local-x",
    now: () => new Date(clock),
    schedule: (fn) => fn(),
  });
  // The open thread, as the pane has it: its detail and one page of history.
  const older = sentMessage({ id: "msgold", content: "Earlier", direction: "inbound", sentAt: "2026-11-20T12:00:00.000Z" });
  queryClient.setQueryData(threadQueries.detail(THREAD).queryKey, threadFixture());
  queryClient.setQueryData(threadQueries.messages(THREAD).queryKey, {
    pages: [{ data: [older], nextCursor: null }],
    pageParams: [null],
  } as InfiniteData<Page<Message>, string | null>);
  const items = () => itemsOfThread(outbox.getState(), THREAD);
  // Every state an item went through, in order, to check what was shown along the way.
  const states: string[] = [];
  outbox.subscribe((state) => {
    const first = itemsOfThread(state, THREAD)[0];
    if (first && states.at(-1) !== first.state) states.push(first.state);
  });
  const history = () => queryClient.getQueryData(threadQueries.messages(THREAD).queryKey)?.pages[0]?.data.map((m) => m.id);
  return { ...fake, outbox, queryClient, pipeline, sleeps, items, history, storage, states, settle };
}

describe("send pipeline", () => {
  let s: ReturnType<typeof setup>;
  beforeEach(() => {
    s = setup();
  });

  it("shows the message at once, sends it with its local ID as the key, then puts the real one in the history", async () => {
    s.sendAnswers.push(sendResult());
    const invalidate = vi.spyOn(s.queryClient, "invalidateQueries");
    const { localId, done } = s.pipeline.send(THREAD, "  Hello there \n");

    expect(s.items()).toEqual([
      expect.objectContaining({ localId: "local-1", threadId: THREAD, content: "Hello there", state: "sending", error: null, messageId: null }),
    ]);
    await done;

    expect(localId).toBe("local-1");
    expect(s.sends).toEqual([{ body: { target: { type: "thread", threadId: THREAD }, content: "Hello there" }, key: "local-1" }]);
    expect(s.items()).toEqual([]);
    expect(s.history()).toEqual(["msgnew", "msgold"]);
    const thread = s.queryClient.getQueryData(threadQueries.detail(THREAD).queryKey);
    expect(thread?.lastMessage).toMatchObject({ id: "msgnew", direction: "outbound" });
    expect(thread?.activity.preview).toBe("Hello there");
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxQueries.counts().queryKey });
  });

  it("takes a 200 replay as the send it replays", async () => {
    s.sendAnswers.push({ replay: sendResult() });
    await s.pipeline.send(THREAD, "Hello there").done;
    expect(s.items()).toEqual([]);
    expect(s.history()).toEqual(["msgnew", "msgold"]);
  });

  it.each([
    ["offline", new ApiError({ status: 0, code: "networkError" }), ERROR_SENTENCES.networkError, [1_000, 2_000, 4_000]],
    ["a 500", new ApiError({ status: 500, code: "internalError" }), ERROR_SENTENCES.internalError, []],
    ["a 502 that is not sendUnconfirmed", new ApiError({ status: 502, code: "upstreamUnavailable" }), ERROR_SENTENCES.upstreamUnavailable, [1_000, 2_000, 4_000]],
  ])("fails on %s with the sentence (after trying again by itself where it may pass), and Retry sends again with the same key", async (_, error, sentence, sleeps) => {
    s.sendAnswers.push(...Array.from({ length: sleeps.length + 1 }, () => error));
    await s.pipeline.send(THREAD, "Hello there").done;
    expect(s.sleeps).toEqual(sleeps);
    expect(s.items()[0]).toMatchObject({ state: "failed", error: { code: error.code, sentence } });
    expect(isTransientFailure(s.items()[0]!)).toBe(true);

    s.sendAnswers.push({ replay: sendResult() });
    const retried = s.pipeline.retry("local-1");
    expect(s.items()[0]).toMatchObject({ state: "sending", error: null });
    await retried;
    expect(s.sends.map((c) => c.key)).toEqual(Array.from({ length: sleeps.length + 2 }, () => "local-1"));
    expect(s.items()).toEqual([]);
    expect(s.history()).toEqual(["msgnew", "msgold"]);
  });

  it("sends once through a dropped connection: tried again by itself with the same key, never shown as failed", async () => {
    s.sendAnswers.push(new ApiError({ status: 0, code: "networkError" }), { replay: sendResult() });
    await s.pipeline.send(THREAD, "Hello there").done;
    expect(s.states).not.toContain("failed");
    expect(s.sends.map((c) => c.key)).toEqual(["local-1", "local-1"]);
    expect(s.items()).toEqual([]);
    expect(s.history()).toEqual(["msgnew", "msgold"]);
  });

  it("waits out a 429 for its Retry-After and tries again with the same key", async () => {
    s.sendAnswers.push(new ApiError({ status: 429, code: "rateLimited", retryAfter: 7 }), sendResult());
    await s.pipeline.send(THREAD, "Hello there").done;
    expect(s.sleeps).toEqual([7_000]);
    expect(s.sends.map((c) => c.key)).toEqual(["local-1", "local-1"]);
    expect(s.items()).toEqual([]);
  });

  it("waits out 409 idempotencyKeyInUse (the first request is still running) and gets its replay", async () => {
    s.sendAnswers.push(new ApiError({ status: 409, code: "idempotencyKeyInUse" }), { replay: sendResult() });
    await s.pipeline.send(THREAD, "Hello there").done;
    expect(s.sleeps).toHaveLength(1);
    expect(s.sends.map((c) => c.key)).toEqual(["local-1", "local-1"]);
    expect(s.items()).toEqual([]);
  });

  it("stops waiting after a few 429s and shows the item as failed", async () => {
    for (let i = 0; i <= MAX_AUTOMATIC_WAITS; i++) s.sendAnswers.push(new ApiError({ status: 429, code: "rateLimited", retryAfter: 1 }));
    await s.pipeline.send(THREAD, "Hello there").done;
    expect(s.sends).toHaveLength(MAX_AUTOMATIC_WAITS + 1);
    expect(s.items()[0]).toMatchObject({ state: "failed", error: { code: "rateLimited" } });
  });

  it.each([
    new ApiError({ status: 422, code: "messageTooLong", details: { maxLength: 10 } }),
    new ApiError({ status: 422, code: "threadRestricted", details: { capability: "message:send" } }),
    new ApiError({ status: 422, code: "capabilityNotSupported", details: { capability: "message:send" } }),
    new ApiError({ status: 409, code: "accountLinkDisconnected", details: { status: "offline" } }),
    new ApiError({ status: 400, code: "invalidRequest" }),
  ])("fails on $code without trying again, and Edit hands the text back and drops the item", async (error) => {
    s.sendAnswers.push(error);
    await s.pipeline.send(THREAD, "Hello there").done;
    expect(s.sends).toHaveLength(1);
    expect(s.sleeps).toEqual([]);
    const item = s.items()[0]!;
    expect(item).toMatchObject({ state: "failed", error: { code: error.code, sentence: error.sentence } });
    expect(isTransientFailure(item)).toBe(false);

    expect(s.pipeline.edit("local-1")).toEqual({ content: "Hello there", attachments: [] });
    expect(s.items()).toEqual([]);
  });

  it("never resends after 502 sendUnconfirmed: reads the message with backoff until it is found", async () => {
    s.sendAnswers.push(unconfirmed());
    s.readAnswers.push(
      new ApiError({ status: 0, code: "networkError" }),
      new ApiError({ status: 500, code: "internalError" }),
      sentMessage(),
    );
    await s.pipeline.send(THREAD, "Hello there").done;

    expect(s.states).toEqual(["sending", "unconfirmed"]);
    expect(s.sends).toHaveLength(1);
    expect(s.reads).toEqual(["msgnew", "msgnew", "msgnew"]);
    expect(s.sleeps).toEqual([CONFIRM_BACKOFF_MS[0], CONFIRM_BACKOFF_MS[1], CONFIRM_BACKOFF_MS[2]]);
    expect(s.items()).toEqual([]);
    expect(s.history()).toEqual(["msgnew", "msgold"]);
    expect(s.queryClient.getQueryData(threadQueries.detail(THREAD).queryKey)?.lastMessage?.id).toBe("msgnew");
  });

  it("marks an unconfirmed send that 404s as not delivered; its Retry is a new send with a new key", async () => {
    s.sendAnswers.push(unconfirmed("msglost"));
    s.readAnswers.push(new ApiError({ status: 404, code: "messageNotFound" }));
    await s.pipeline.send(THREAD, "Hello there").done;
    expect(s.items()[0]).toMatchObject({ localId: "local-1", state: "failed", error: NOT_DELIVERED, messageId: "msglost" });

    s.sendAnswers.push(sendResult());
    await s.pipeline.retry("local-1");
    expect(s.sends.map((c) => c.key)).toEqual(["local-1", "local-2"]);
    expect(s.items()).toEqual([]);
  });

  it("reads a pending message again until it settles delivered (lib/api: delivery)", async () => {
    s.sendAnswers.push(unconfirmed());
    s.readAnswers.push(sentMessage({ delivery: "pending", platformId: null }), sentMessage({ delivery: "pending", platformId: null }), sentMessage({ delivery: "sent" }));
    await s.pipeline.send(THREAD, "Hello there").done;
    expect(s.states).toEqual(["sending", "unconfirmed"]);
    expect(s.reads).toEqual(["msgnew", "msgnew", "msgnew"]);
    expect(s.sends).toHaveLength(1);
    expect(s.items()).toEqual([]);
    expect(s.history()).toEqual(["msgnew", "msgold"]);
  });

  it("marks a message that settled failed as not delivered, like a 404", async () => {
    s.sendAnswers.push(unconfirmed("msglost"));
    s.readAnswers.push(sentMessage({ id: "msglost", delivery: "pending" }), sentMessage({ id: "msglost", delivery: "failed" }));
    await s.pipeline.send(THREAD, "Hello there").done;
    expect(s.items()[0]).toMatchObject({ localId: "local-1", state: "failed", error: NOT_DELIVERED, messageId: "msglost" });
    expect(s.history()).toEqual(["msgold"]);
    expect(s.sends).toHaveLength(1);
  });

  it("the event that the send settled cuts the wait short: the thread shows it delivered at once", async () => {
    s = setup({ sleepsForever: true });
    s.sendAnswers.push(unconfirmed());
    const { done } = s.pipeline.send(THREAD, "Hello there");
    await vi.waitFor(() => expect(s.items()[0]?.state).toBe("unconfirmed"), { timeout: 10_000 });
    // Waiting 2 s before its first read, which never comes by itself here.
    await vi.waitFor(() => expect(s.sleeps).toEqual([CONFIRM_BACKOFF_MS[0]]), { timeout: 10_000 });
    s.settle("msgother");
    expect(s.reads).toEqual([]);
    s.readAnswers.push(sentMessage({ delivery: "sent" }));
    s.settle("msgnew");
    await done;
    expect(s.reads).toEqual(["msgnew"]);
    expect(s.items()).toEqual([]);
    expect(s.history()).toEqual(["msgnew", "msgold"]);
  });

  it("the event that the send failed shows it failed at once", async () => {
    s = setup({ sleepsForever: true });
    s.sendAnswers.push(unconfirmed("msglost"));
    const { done } = s.pipeline.send(THREAD, "Hello there");
    await vi.waitFor(() => expect(s.sleeps).toHaveLength(1), { timeout: 10_000 });
    s.readAnswers.push(sentMessage({ id: "msglost", delivery: "failed" }));
    s.settle("msglost");
    await done;
    expect(s.items()[0]).toMatchObject({ state: "failed", error: NOT_DELIVERED });
  });

  it("an event heard while a read is under way is not lost: the next wait is skipped", async () => {
    let release: (value: ApiResult<Message>) => void = () => {};
    s = setup({ sleepsForever: true });
    s.outbox.getState().add(item({ localId: "u1", state: "unconfirmed", messageId: "msgnew" }));
    vi.mocked(s.api.messages.get).mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const checking = s.pipeline.retry("u1");
    await vi.waitFor(() => expect(s.api.messages.get).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    // It settles while the first read (which will say pending) is on its way.
    s.settle("msgnew");
    s.readAnswers.push(sentMessage({ delivery: "sent" }));
    release(result(sentMessage({ delivery: "pending" }), 200));
    await checking;
    expect(s.api.messages.get).toHaveBeenCalledTimes(2);
    expect(s.items()).toEqual([]);
  });

  it("an event for an unconfirmed item nobody is reading (it gave up) reads it again", async () => {
    s.outbox.getState().add(item({ localId: "u1", state: "unconfirmed", messageId: "msgnew" }));
    s.readAnswers.push(sentMessage({ delivery: "sent" }));
    s.settle("msgnew");
    await vi.waitFor(() => expect(s.items()).toEqual([]), { timeout: 10_000 });
    expect(s.reads).toEqual(["msgnew"]);
    expect(s.sleeps).toEqual([]);
  });

  it("settles an unconfirmed send from the history when events brought the message first", async () => {
    s = setup({
      onSleep: () => s.queryClient.setQueryData(threadQueries.messages(THREAD).queryKey, (data) => withMessage(data, sentMessage())),
    });
    s.sendAnswers.push(unconfirmed());
    await s.pipeline.send(THREAD, "Hello there").done;
    expect(s.reads).toEqual([]);
    expect(s.items()).toEqual([]);
  });

  it("checks an unconfirmed item at once when asked to retry it, and still never resends", async () => {
    s.outbox.getState().add(item({ localId: "u1", state: "unconfirmed", messageId: "msgnew" }));
    s.readAnswers.push(sentMessage());
    await s.pipeline.retry("u1");
    expect(s.sends).toEqual([]);
    expect(s.sleeps).toEqual([]);
    expect(s.items()).toEqual([]);
  });

  it("gives up reading after a while and leaves the item unconfirmed", async () => {
    s.sendAnswers.push(unconfirmed());
    for (let i = 0; i < 100; i++) s.readAnswers.push(new ApiError({ status: 500, code: "internalError" }));
    await s.pipeline.send(THREAD, "Hello there").done;
    expect(s.items()[0]?.state).toBe("unconfirmed");
    expect(s.sends).toHaveLength(1);
    expect(Math.max(...s.sleeps)).toBe(60_000);
  });

  it("does not send the same item twice at once", async () => {
    let release: (value: ApiResult<SendMessageResult>) => void = () => {};
    vi.mocked(s.api.messages.send).mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const { done } = s.pipeline.send(THREAD, "Hello there");
    void s.pipeline.resume();
    void s.pipeline.retry("local-1");
    release(result(sendResult(), 201));
    await done;
    expect(s.api.messages.send).toHaveBeenCalledTimes(1);
  });

  it("discards only failed items", async () => {
    s.outbox.getState().add(item({ localId: "f1", state: "failed", error: { code: "internalError", sentence: "x" } }));
    s.outbox.getState().add(item({ localId: "u1", state: "unconfirmed", messageId: "m" }));
    s.pipeline.discard("f1");
    s.pipeline.discard("u1");
    expect(s.items().map((i) => i.localId)).toEqual(["u1"]);
  });
});

describe("the undo window", () => {
  it("holds the message, shown in the thread, then sends it once with its key when the window ends", async () => {
    const s = setup();
    s.sendAnswers.push(sendResult());
    const { done } = s.pipeline.send(THREAD, "Hello there", [], { holdMs: 5_000 });
    expect(s.items()[0]).toMatchObject({ state: "held", holdUntil: new Date(NOW.getTime() + 5_000).toISOString() });
    await done;
    expect(s.sleeps).toEqual([5_000]);
    expect(s.states).toEqual(["held", "sending"]);
    expect(s.sends.map((c) => c.key)).toEqual(["local-1"]);
    expect(s.history()).toEqual(["msgnew", "msgold"]);
  });

  it("undo within the window takes back the words and files, and the API receives nothing", async () => {
    const s = setup({ sleepsForever: true });
    const file = { fileName: "a.png", mimeType: "image/png", data: "aGVsbG8=" };
    const { localId, done } = s.pipeline.send(THREAD, "Wrong thread!", [file], { holdMs: 5_000 });
    expect(s.pipeline.undo(localId)).toEqual({ content: "Wrong thread!", attachments: [file] });
    await done;
    expect(s.sends).toEqual([]);
    expect(s.items()).toEqual([]);
    // Once gone, there is nothing to take back.
    expect(s.pipeline.undo(localId)).toBeNull();
  });

  it("cannot undo a message that has already gone", async () => {
    const s = setup();
    s.sendAnswers.push(sendResult());
    const { localId, done } = s.pipeline.send(THREAD, "Hello there");
    expect(s.pipeline.undo(localId)).toBeNull();
    await done;
    expect(s.sends).toHaveLength(1);
  });

  it("sends a held message at once after a reload: the member had sent it", async () => {
    const storage = memoryStorage();
    const before = setup({ storage });
    before.outbox.getState().add(item({ localId: "h1", state: "held", holdUntil: NOW.toISOString() }));
    const after = setup({ storage });
    after.sendAnswers.push(sendResult());
    await after.pipeline.resume();
    expect(after.sends.map((c) => c.key)).toEqual(["h1"]);
    expect(after.items()).toEqual([]);
  });
});

describe("after a reload", () => {
  it("keeps the outbox in storage, re-sends `sending` items with their key and resumes reading `unconfirmed` ones", async () => {
    const storage = memoryStorage();
    const before = setup({ storage });
    before.outbox.getState().add(item({ localId: "s1", state: "sending" }));
    before.outbox.getState().add(item({ localId: "u1", state: "unconfirmed", messageId: "msgu" }));
    before.outbox.getState().add(item({ localId: "f1", state: "failed", error: { code: "networkError", sentence: "x" } }));
    expect(storage.data.get(OUTBOX_STORAGE_KEY)).toContain("s1");

    const after = setup({ storage });
    expect(after.items().map((i) => i.localId)).toEqual(["s1", "u1", "f1"]);
    after.sendAnswers.push(sendResult(sentMessage({ id: "msgs" })));
    after.readAnswers.push(sentMessage({ id: "msgu" }));
    await after.pipeline.resume();

    expect(after.sends.map((c) => c.key)).toEqual(["s1"]);
    expect(after.reads).toEqual(["msgu"]);
    expect(after.items().map((i) => i.localId)).toEqual(["f1"]);
    expect(after.history()).toEqual(["msgu", "msgs", "msgold"]);
  });

  it("does not resend by itself an item whose key may have been forgotten", async () => {
    const s = setup();
    s.outbox.getState().add(item({ localId: "old", state: "sending", createdAt: new Date(NOW.getTime() - RESEND_SAFE_MS - 1).toISOString() }));
    await s.pipeline.resume();
    expect(s.sends).toEqual([]);
    expect(s.items()[0]).toMatchObject({ state: "failed", error: STALE_SEND });
  });
});

describe("judgeSendError", () => {
  it("reads sendUnconfirmed's message ID, and without one fails rather than guess", () => {
    expect(judgeSendError(unconfirmed("m1"), 0)).toEqual({ kind: "unconfirmed", messageId: "m1" });
    expect(judgeSendError(new ApiError({ status: 502, code: "sendUnconfirmed" }), 0)).toMatchObject({ kind: "failed", error: { code: "sendUnconfirmed" } });
  });

  it("waits at least a second and at most a minute on 429", () => {
    expect(judgeSendError(new ApiError({ status: 429, code: "rateLimited", retryAfter: 0 }), 0)).toMatchObject({ kind: "wait", ms: 1_000 });
    expect(judgeSendError(new ApiError({ status: 429, code: "rateLimited", retryAfter: 600 }), 0)).toMatchObject({ kind: "wait", ms: 60_000 });
    expect(judgeSendError(new ApiError({ status: 429, code: "rateLimited" }), 2)).toMatchObject({ kind: "wait", ms: 4_000 });
  });

  it("tries again by itself, with the same key, when the inbox could not be reached or answered for a moment", () => {
    expect(judgeSendError(new ApiError({ status: 0, code: "networkError" }), 0)).toMatchObject({ kind: "wait", ms: 1_000 });
    expect(judgeSendError(new ApiError({ status: 502, code: "upstreamUnavailable" }), 1)).toMatchObject({ kind: "wait", ms: 2_000 });
    expect(judgeSendError(new ApiError({ status: 504, code: "somethingNew" }), 2)).toMatchObject({ kind: "wait", ms: 4_000 });
    expect(judgeSendError(new ApiError({ status: 0, code: "networkError" }), 3)).toMatchObject({ kind: "failed", error: { code: "networkError" } });
    expect(judgeSendError(new ApiError({ status: 500, code: "internalError" }), 0)).toMatchObject({ kind: "failed" });
  });

  it("takes an unknown 5xx code by its status and anything else as an internal error", () => {
    expect(judgeSendError(new ApiError({ status: 503, code: "somethingNew" }), 3)).toEqual({
      kind: "failed",
      error: { code: "somethingNew", sentence: ERROR_SENTENCES.upstreamUnavailable },
    });
    expect(judgeSendError(new TypeError("boom"), 0)).toMatchObject({ kind: "failed", error: { code: "internalError" } });
  });
});

describe("cache helpers", () => {
  it("backs off 2 s, 4 s, 8 s … up to a minute", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(confirmDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it("replaces a message already in the history instead of adding it twice", () => {
    const data = { pages: [{ data: [sentMessage({ content: "old" })], nextCursor: null }], pageParams: [null] };
    const next = withMessage(data, sentMessage({ content: "new" }));
    expect(next?.pages[0]?.data.map((m) => m.content)).toEqual(["new"]);
    expect(withMessage(undefined, sentMessage())).toBeUndefined();
  });

  it("moves a thread's last message forward only", () => {
    const thread = threadFixture();
    expect(withLastMessage(thread, sentMessage({ sentAt: "2020-01-01T00:00:00.000Z" }))).toBe(thread);
    expect(withLastMessage(thread, sentMessage()).lastMessage).toMatchObject({ id: "msgnew", preview: "Hello there" });
  });
});

function item(overrides: Partial<OutboxItem>): OutboxItem {
  return {
    localId: "x",
    threadId: THREAD,
    content: "Hello there",
    createdAt: NOW.toISOString(),
    state: "sending",
    error: null,
    messageId: null,
    ...overrides,
  };
}

describe("a reload while sending", () => {
  it("leaves the item `sending` (to be resumed) when the request dies because the page is going away", async () => {
    const fake = fakeApi();
    const outbox = createOutboxStore(() => memoryStorage());
    let leaving = false;
    const pipeline = createSendPipeline({
      api: fake.api,
      queryClient: new QueryClient(),
      outbox,
      newId: () => "local-1",
      schedule: (fn) => fn(),
      leaving: () => leaving,
    });
    fake.sendAnswers.push(new ApiError({ status: 0, code: "networkError" }));
    leaving = true;
    await pipeline.send(THREAD, "Hello there").done;
    expect(itemsOfThread(outbox.getState(), THREAD)[0]).toMatchObject({ state: "sending", error: null });
  });
});
