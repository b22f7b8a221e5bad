import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A page with frames under the test's control: `frame()` runs the callbacks a frame would. */
function stubPage(visibility: "visible" | "hidden", event: { type: string } | null = { type: "click" }) {
  const frames: FrameRequestCallback[] = [];
  const listeners = new Map<string, () => void>();
  vi.stubGlobal("document", { visibilityState: visibility });
  // `window.event`: the input being handled while the code under test runs (a click by default).
  vi.stubGlobal("window", { event: event ?? undefined, addEventListener: (type: string, listener: () => void) => listeners.set(type, listener) });
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  const fetches: string[] = [];
  vi.stubGlobal("fetch", async (input: string) => (fetches.push(input), new Response("{}")));
  return {
    fetches,
    frame: () => frames.splice(0).forEach((callback) => callback(0)),
    leave: () => listeners.get("pagehide")?.(),
  };
}

// Each test imports the module afresh: it keeps the requests waiting for a frame, and whether it watches the page leave.
beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("paintFirstFetch", () => {
  it("starts a request made while a click is handled after the next frame is drawn, not in the click's task", async () => {
    const page = stubPage("visible");
    const { paintFirstFetch } = await import("./after-paint");
    const answer = paintFirstFetch("/api/v2/threads/thr1");
    await vi.advanceTimersByTimeAsync(0);
    expect(page.fetches).toEqual([]);
    page.frame();
    // The frame's callbacks run before the paint; the request goes in a task after it.
    expect(page.fetches).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.fetches).toEqual(["/api/v2/threads/thr1"]);
    expect((await answer).status).toBe(200);
  });

  it("does not wait more than 100 ms for a frame that does not come", async () => {
    const page = stubPage("visible");
    const { paintFirstFetch } = await import("./after-paint");
    void paintFirstFetch("/api/inbox/reads");
    await vi.advanceTimersByTimeAsync(99);
    expect(page.fetches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.fetches).toEqual(["/api/inbox/reads"]);
    // The frame coming late starts nothing twice.
    page.frame();
    await vi.advanceTimersByTimeAsync(10);
    expect(page.fetches).toEqual(["/api/inbox/reads"]);
  });

  it("goes at once when no input is being handled (a page loading, an answer landing, a timer)", async () => {
    for (const event of [null, { type: "message" }, { type: "load" }]) {
      vi.resetModules();
      const page = stubPage("visible", event);
      const { paintFirstFetch } = await import("./after-paint");
      void paintFirstFetch("/api/v2/account-links");
      await Promise.resolve();
      expect(page.fetches).toEqual(["/api/v2/account-links"]);
    }
  });

  it("waits for the frame for a key as for a click", async () => {
    const page = stubPage("visible", { type: "keydown" });
    const { paintFirstFetch } = await import("./after-paint");
    void paintFirstFetch("/api/inbox/reads");
    await vi.advanceTimersByTimeAsync(0);
    expect(page.fetches).toEqual([]);
    page.frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.fetches).toEqual(["/api/inbox/reads"]);
  });

  it("goes at once in a hidden tab, which draws no frames", async () => {
    const page = stubPage("hidden");
    const { paintFirstFetch } = await import("./after-paint");
    void paintFirstFetch("/api/presence", { method: "POST", keepalive: true });
    await Promise.resolve();
    expect(page.fetches).toEqual(["/api/presence"]);
  });

  it("starts what still waits when the page goes away, so a change made just before a reload is not lost", async () => {
    const page = stubPage("visible");
    const { paintFirstFetch } = await import("./after-paint");
    void paintFirstFetch("/api/v2/messages/msg1/reactions", { method: "POST", keepalive: true });
    void paintFirstFetch("/api/inbox/reads", { method: "POST", keepalive: true });
    page.leave();
    // Microtasks only: no timer, no frame, runs before the page is gone.
    await Promise.resolve();
    await Promise.resolve();
    expect(page.fetches).toEqual(["/api/v2/messages/msg1/reactions", "/api/inbox/reads"]);
  });
});

describe("afterPaintIdle", () => {
  it("waits for the frame, then for the browser to be idle", async () => {
    const page = stubPage("visible");
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => void, options: { timeout: number }) => (expect(options.timeout).toBe(100), idle.push(callback)));
    const { afterPaintIdle } = await import("./after-paint");
    let done = false;
    void afterPaintIdle().then(() => (done = true));
    page.frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(idle).toHaveLength(1);
    expect(done).toBe(false);
    idle[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
