import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { StateStorage } from "zustand/middleware";
import type { ApiResult, SendOptions } from "@/lib/api/client";
import { ApiError } from "@/lib/api/errors";
import type { Message, OutgoingAttachment, SendMessage, SendMessageResult } from "@/lib/api/messages";
import { messageFixture, threadFixture } from "@/lib/api/testing/fixtures";
import { threadQueries } from "@/lib/client/queries/threads";
import { createOutboxStore, OUTBOX_STORAGE_KEY } from "@/lib/client/stores/outbox";
import { createSendPipeline, type SendApi } from "@/lib/client/thread/send";
import { FILES_LOST } from "@/lib/client/thread/send-verdicts";

/** The send pipeline with files: they travel in the body the key covers, and live in memory only. */
const THREAD = "thr1";
const PNG: OutgoingAttachment = { fileName: "pixel.png", mimeType: "image/png", data: Buffer.from("not really a png").toString("base64") };

function setup(storage = memoryStorage(), answers: Array<SendMessageResult | Error> = []) {
  const sends: { body: SendMessage; key: string | undefined }[] = [];
  const api: SendApi = {
    messages: {
      send: vi.fn(async (body: SendMessage, options?: SendOptions) => {
        sends.push({ body, key: options?.idempotencyKey });
        const next = answers.shift();
        if (!next) throw new Error("no scripted send answer");
        if (next instanceof Error) throw next;
        return result(next);
      }) as SendApi["messages"]["send"],
      get: vi.fn(async () => {
        throw new Error("not read in these tests");
      }) as SendApi["messages"]["get"],
    },
  };
  const outbox = createOutboxStore(() => storage);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  queryClient.setQueryData(threadQueries.detail(THREAD).queryKey, threadFixture());
  queryClient.setQueryData(threadQueries.messages(THREAD).queryKey, { pages: [{ data: [], nextCursor: null }], pageParams: [null] });
  const ids = ["local-1", "local-2"];
  const pipeline = createSendPipeline({ api, queryClient, outbox, sleep: async () => {}, newId: () => ids.shift() ?? "local-x", schedule: (fn) => fn() });
  return { pipeline, outbox, sends, storage, answers, queryClient };
}

describe("sending files", () => {
  it("sends the files with the words under one key, and the message lands with its attachments", async () => {
    const image = { kind: "image", status: "available", url: "https://media.test/a", expiresAt: "2026-11-21T11:00:00.000Z", mimeType: "image/png", name: "pixel.png", size: 16, width: 1, height: 1 };
    const s = setup(memoryStorage(), [sent({ content: null, attachments: [image] })]);
    const { done } = s.pipeline.send(THREAD, "  ", [PNG]);
    expect(s.outbox.getState().items[0]).toMatchObject({ content: "", state: "sending", attachments: [{ fileName: "pixel.png", mimeType: "image/png", size: 16 }] });
    await done;
    // No words: no `content` at all, so the body is the files alone.
    expect(s.sends).toEqual([{ body: { target: { type: "thread", threadId: THREAD }, attachments: [PNG] }, key: "local-1" }]);
    expect(s.outbox.getState().items).toEqual([]);
    expect(s.outbox.getState().files).toEqual({});
    const history = s.queryClient.getQueryData(threadQueries.messages(THREAD).queryKey)?.pages[0]?.data;
    expect(history?.[0]?.attachments).toEqual([image]);
  });

  it("keeps the files out of storage, and a retry sends the very same body with the same key", async () => {
    const storage = memoryStorage();
    const s = setup(storage, [new ApiError({ status: 400, code: "invalidRequest" })]);
    await s.pipeline.send(THREAD, "Look", [PNG]).done;
    const saved = storage.data.get(OUTBOX_STORAGE_KEY)!;
    expect(saved).toContain("pixel.png");
    expect(saved).not.toContain(PNG.data);

    s.answers.push(sent());
    await s.pipeline.retry("local-1");
    expect(s.sends.map((c) => c.key)).toEqual(["local-1", "local-1"]);
    expect(s.sends[1]!.body).toEqual(s.sends[0]!.body);
    expect(s.sends[1]!.body.attachments).toEqual([PNG]);
  });

  it("hands the files back with the words when a failed send is edited", async () => {
    const s = setup(memoryStorage(), [new ApiError({ status: 422, code: "attachmentTooLarge", details: { fileName: "pixel.png", size: 16, maxBytes: 1 } })]);
    await s.pipeline.send(THREAD, "Look", [PNG]).done;
    expect(s.outbox.getState().items[0]).toMatchObject({ state: "failed", error: { code: "attachmentTooLarge" } });
    expect(s.pipeline.edit("local-1")).toEqual({ content: "Look", attachments: [PNG] });
    expect(s.outbox.getState().files).toEqual({});
  });

  it("after a reload, never sends the words of an item whose files were lost: it fails and says so", async () => {
    const storage = memoryStorage();
    const before = setup(storage, [new ApiError({ status: 0, code: "networkError" })]);
    before.outbox.getState().add(
      { localId: "s1", threadId: THREAD, content: "Look", createdAt: new Date().toISOString(), state: "sending", error: null, messageId: null, attachments: [{ fileName: "pixel.png", mimeType: "image/png", size: 16 }] },
      [PNG],
    );
    const after = setup(storage);
    await after.pipeline.resume();
    expect(after.sends).toEqual([]);
    expect(after.outbox.getState().items[0]).toMatchObject({ localId: "s1", state: "failed", error: FILES_LOST });
    expect(FILES_LOST.sentence).toMatch(/reload/);
  });
});

function sent(overrides: Partial<Message> = {}): SendMessageResult {
  const message: Message = { ...messageFixture(), id: "msgnew", threadId: THREAD, direction: "outbound", content: "Look", ...overrides };
  return { message, thread: { ...threadFixture(), lastMessage: { id: message.id, direction: "outbound", sentAt: message.sentAt, preview: message.content } } };
}

function result<T>(body: T): ApiResult<T> {
  return { body, status: 201, requestId: "req1", rateLimit: { limit: null, remaining: null, reset: null, retryAfter: null } };
}

function memoryStorage(): StateStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}
