import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { readBodyText } from "./request-body";

function streamed(parts: string[]): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });
  return new Request("http://inbox.test/api/v2/messages", { method: "POST", body, duplex: "half" } as RequestInit);
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("readBodyText", () => {
  it("reads a body up to the limit, multi-byte characters whole across chunks", async () => {
    const euro = new TextEncoder().encode("€");
    const split = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(euro.slice(0, 1));
        controller.enqueue(euro.slice(1));
        controller.close();
      },
    });
    expect(await readBodyText(new Request("http://inbox.test/", { method: "POST", body: split, duplex: "half" } as RequestInit), 3)).toBe("€");
    expect(await readBodyText(streamed(["ab", "cd"]), 4)).toBe("abcd");
    expect(await readBodyText(new Request("http://inbox.test/", { method: "POST" }), 4)).toBe("");
  });

  it("refuses with 413 payloadTooLarge as soon as the bytes pass the limit, without a Content-Length", async () => {
    const error = await refusal(readBodyText(streamed(["abc", "de"]), 4));
    expect(error).toMatchObject({ status: 413, code: "payloadTooLarge", details: { maxBytes: 4 } });
  });

  it("refuses at once when Content-Length says the body is too large", async () => {
    const request = new Request("http://inbox.test/", { method: "POST", body: "abcdef", headers: { "content-length": "6" } });
    const error = await refusal(readBodyText(request, 5));
    expect(error).toMatchObject({ status: 413, code: "payloadTooLarge" });
    // Nothing was read: the body is still there.
    expect(request.bodyUsed).toBe(false);
  });
});
