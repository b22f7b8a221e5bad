import { describe, expect, it, vi } from "vitest";
import type { ApiResult } from "@/lib/api/client";
import { ApiError } from "@/lib/api/errors";
import type { Message } from "@/lib/api/messages";
import { messageFixture } from "@/lib/api/testing/fixtures";
import { readDelivery } from "./new-conversation";

function reading(answer: Partial<Message> | Error) {
  return {
    messages: {
      get: vi.fn(async (): Promise<ApiResult<Message>> => {
        if (answer instanceof Error) throw answer;
        return { body: { ...messageFixture(), threadId: "thrnew", ...answer }, status: 200, requestId: null, rateLimit: { limit: null, remaining: null, reset: null, retryAfter: null } };
      }),
    },
  };
}

describe("readDelivery: how a first message answered 502 sendUnconfirmed stands", () => {
  it("delivered: open its thread (with `delivery: sent`, or from a service without the field)", async () => {
    expect(await readDelivery(reading({ delivery: "sent" }), "msg1")).toEqual({ delivered: true, threadId: "thrnew" });
    expect(await readDelivery(reading({ delivery: undefined }), "msg1")).toEqual({ delivered: true, threadId: "thrnew" });
  });

  it("never left: `delivery: failed`, or 404", async () => {
    expect(await readDelivery(reading({ delivery: "failed" }), "msg1")).toEqual({ delivered: false });
    expect(await readDelivery(reading(new ApiError({ status: 404, code: "messageNotFound" })), "msg1")).toEqual({ delivered: false });
  });

  it("still pending, or unreadable: still unknown, so it throws and nothing is resent", async () => {
    await expect(readDelivery(reading({ delivery: "pending" }), "msg1")).rejects.toMatchObject({ code: "sendUnconfirmed", details: { messageId: "msg1" } });
    await expect(readDelivery(reading(new ApiError({ status: 500, code: "internalError" })), "msg1")).rejects.toMatchObject({ code: "internalError" });
  });
});
