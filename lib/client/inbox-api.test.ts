import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { inboxApi } from "./inbox-api";

const answer = (body: unknown, status = 200) => new Response(body === null ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("inboxApi", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("fills the row's path and query, sends the body, and hands back the answer", async () => {
    const fetch = vi.fn(async () => answer({ id: "c1" }));
    vi.stubGlobal("fetch", fetch);
    await expect(inboxApi("comments.update", { params: { commentId: "c 1" }, body: { body: "hi" } })).resolves.toEqual({ id: "c1" });
    await inboxApi("comments.list", { query: { threadId: "thr1" } });
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    const [url, init] = calls[0]!;
    const [listUrl] = calls[1]!;
    expect(url).toBe("/api/inbox/comments/c%201");
    expect(init.method).toBe("PATCH");
    expect(init.body).toBe('{"body":"hi"}');
    expect(listUrl).toBe("/api/inbox/comments?threadId=thr1");
  });

  it("throws the spec's error as ApiError, and a body that is not the spec's by its status", async () => {
    vi.stubGlobal("fetch", async () => answer({ code: "commentNotFound", message: "No comment c1.", details: null, requestId: "r1" }, 404));
    await expect(inboxApi("comments.delete", { params: { commentId: "c1" } })).rejects.toMatchObject({ status: 404, code: "commentNotFound", requestId: "r1" });
    vi.stubGlobal("fetch", async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await inboxApi("counts.get").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: "upstreamUnavailable" });
  });

  it("gives networkError when the server cannot be reached, and a missing path parameter as a rejection", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(inboxApi("counts.get")).rejects.toMatchObject({ status: 0, code: "networkError" });
    await expect(inboxApi("comments.delete")).rejects.toThrow("comments.delete needs the path parameter commentId");
  });
});
