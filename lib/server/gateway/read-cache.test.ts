import { describe, expect, it } from "vitest";
import { createReadCache, type CachedAnswer } from "./read-cache";

const ok = (body: unknown): CachedAnswer => ({ status: 200, body: JSON.stringify(body), contentType: "application/json", requestId: "r" });

describe("the shared read cache", () => {
  it("answers repeated reads from one upstream request", async () => {
    const cache = createReadCache();
    let loads = 0;
    const load = async () => (loads++, ok({ n: loads }));
    const [a, b] = await Promise.all([cache.read("/tags", ["tags"], 60_000, load), cache.read("/tags", ["tags"], 60_000, load)]);
    const c = await cache.read("/tags", ["tags"], 60_000, load);
    expect(loads).toBe(1);
    expect([a.hit, b.hit, c.hit]).toEqual([false, false, true]);
    expect(JSON.parse(c.answer.body)).toEqual({ n: 1 });
  });

  it("drops exactly the entries an invalidation names", async () => {
    const cache = createReadCache();
    await cache.read("/threads/a/messages", ["messages:a"], 60_000, async () => ok(1));
    await cache.read("/threads/b/messages", ["messages:b"], 60_000, async () => ok(2));
    cache.invalidate("messages:a");
    expect((await cache.read("/threads/a/messages", ["messages:a"], 60_000, async () => ok(3))).hit).toBe(false);
    expect((await cache.read("/threads/b/messages", ["messages:b"], 60_000, async () => ok(4))).hit).toBe(true);
  });

  it("does not keep an answer read before an invalidation that came while it travelled", async () => {
    const cache = createReadCache();
    let release!: () => void;
    const slow = cache.read("/tags", ["tags"], 60_000, () => new Promise<CachedAnswer>((r) => (release = () => r(ok("old")))));
    cache.invalidate("tags");
    release();
    expect(JSON.parse((await slow).answer.body)).toBe("old");
    expect((await cache.read("/tags", ["tags"], 60_000, async () => ok("new"))).hit).toBe(false);
    // What is read after the invalidation is kept again.
    expect((await cache.read("/tags", ["tags"], 60_000, async () => ok("newer"))).hit).toBe(true);
  });

  it("keeps nothing read before a clear", async () => {
    const cache = createReadCache();
    let release!: () => void;
    const slow = cache.read("/team", ["team"], 60_000, () => new Promise<CachedAnswer>((r) => (release = () => r(ok("old")))));
    cache.clear();
    release();
    await slow;
    expect((await cache.read("/team", ["team"], 60_000, async () => ok("new"))).hit).toBe(false);
  });

  it("keeps no errors, and lets entries age out", async () => {
    let t = 0;
    const cache = createReadCache({ now: () => t });
    await cache.read("/team", ["team"], 1000, async () => ({ ...ok(null), status: 500 }));
    expect((await cache.read("/team", ["team"], 1000, async () => ok(1))).hit).toBe(false);
    expect((await cache.read("/team", ["team"], 1000, async () => ok(2))).hit).toBe(true);
    t = 1500;
    expect((await cache.read("/team", ["team"], 1000, async () => ok(3))).hit).toBe(false);
  });

  it("rewrites a cached body in place", async () => {
    const cache = createReadCache();
    await cache.read("/contacts/c", ["contact:c"], 60_000, async () => ok({ notes: "a" }));
    cache.update("/contacts/c", (body) => ({ ...(body as object), notes: "b" }));
    expect(JSON.parse((await cache.read("/contacts/c", ["contact:c"], 60_000, async () => ok(null))).answer.body)).toEqual({ notes: "b" });
  });

  it("serves the last good answer, marked stale, when the API fails — aged out or invalidated", async () => {
    let t = 0;
    const cache = createReadCache({ now: () => t });
    const failing = async () => ({ ...ok({ code: "upstreamUnavailable" }), status: 502 });
    await cache.read("/team", ["team"], 1000, async () => ok("good"));

    t = 5000; // aged out
    const aged = await cache.read("/team", ["team"], 1000, failing);
    expect(aged).toMatchObject({ hit: true, stale: true });
    expect(JSON.parse(aged.answer.body)).toBe("good");

    cache.invalidate("team");
    expect(cache.size()).toBe(0);
    const invalidated = await cache.read("/team", ["team"], 1000, async () => Promise.reject(new Error("no answer")));
    expect(invalidated).toMatchObject({ hit: true, stale: true });

    // Once the API answers again, its answer is served and kept.
    const back = await cache.read("/team", ["team"], 1000, async () => ok("fresh"));
    expect(back).toMatchObject({ hit: false, stale: false });
    expect(JSON.parse((await cache.read("/team", ["team"], 1000, failing)).answer.body)).toBe("fresh");
  });

  it("passes the failure on when it has nothing to stand in", async () => {
    const cache = createReadCache();
    const failed = await cache.read("/tags", ["tags"], 1000, async () => ({ ...ok(null), status: 500 }));
    expect(failed).toMatchObject({ hit: false, stale: false, answer: { status: 500 } });
    await expect(cache.read("/tags", ["tags"], 1000, async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  });
});
