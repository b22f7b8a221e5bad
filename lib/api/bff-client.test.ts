import { describe, expect, it } from "vitest";
import { createBffClient } from "./bff-client";
import { ApiError } from "./errors";
import { threadFixture } from "./testing/fixtures";

/**
 * The browser's client sends what it is given and hands back what the BFF answers: the BFF
 * checks both (lib/server/http/proxy), so checking again here would only ship zod to the page.
 * What it still does itself: paths (an invalid ID never becomes a request), errors, keepalive.
 */
type Sent = { url: string; init: RequestInit };

function server(answer: () => Response) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), init: init ?? {} });
    return answer();
  };
  return { client: createBffClient({ baseUrl: "/api/v2", fetch: fetch as typeof globalThis.fetch }), sent };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("createBffClient", () => {
  it("sends a body as it was given, for the BFF to check", async () => {
    const { client, sent } = server(() => json({ code: "invalidRequest", message: "archived: Expected boolean", details: null, requestId: "r1" }, 400));
    const error = await client.threads.update("thr1", { archived: "yes" } as never).catch((e: unknown) => e);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.init.body).toBe('{"archived":"yes"}');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "invalidRequest", requestId: "r1" });
  });

  it("hands back the answer as the BFF sent it, unknown fields and all", async () => {
    const thread = { ...threadFixture(), addedLater: { kept: true } };
    const { client } = server(() => json(thread));
    const { body, status } = await client.threads.get("thr1");
    expect(status).toBe(200);
    expect(body).toEqual(thread);
  });

  it("refuses an invalid path ID without a request, as a rejected promise", async () => {
    const { client, sent } = server(() => json(threadFixture()));
    const pending = client.threads.get("../team");
    await expect(pending).rejects.toMatchObject({ status: 400, code: "invalidRequest" });
    expect(sent).toHaveLength(0);
  });

  it("writes queries with repeated keys and leaves out what is unset", async () => {
    const { client, sent } = server(() => json({ data: [], nextCursor: null }));
    await client.threads.list({ folder: "inbox", tag: ["VIP", "Hot lead"], q: undefined });
    expect(sent[0]!.url).toBe("/api/v2/threads?folder=inbox&tag=VIP&tag=Hot+lead");
  });

  it("asks for keepalive when told, so a change survives a reload right after it", async () => {
    const { client, sent } = server(() => json({ reactions: [] }));
    await client.messages.react("msg1", { emoji: "🚀" }, { keepalive: true });
    await client.messages.unreact("msg1", "🚀");
    expect(sent[0]!.init.keepalive).toBe(true);
    expect(sent[1]!.init.keepalive).toBeUndefined();
  });

  it("gives an undefined body for a 204", async () => {
    const { client } = server(() => new Response(null, { status: 204 }));
    expect((await client.tags.delete("tag1")).body).toBeUndefined();
  });

  it("turns an error that is not the spec's body into a code by status", async () => {
    const { client } = server(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(client.team.get()).rejects.toMatchObject({ status: 502, code: "upstreamUnavailable" });
  });
});
