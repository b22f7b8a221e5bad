import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBudget } from "./budget";

function answer(status: number, headers: Record<string, string | number> = {}): Response {
  return new Response(status === 204 ? null : "{}", {
    status,
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
  });
}

const windowHeaders = (remaining: number, resetInSeconds = 60) => ({
  "x-ratelimit-limit": 300,
  "x-ratelimit-remaining": remaining,
  "x-ratelimit-reset": Math.floor(Date.now() / 1000) + resetInSeconds,
});

describe("the team's budget", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("lets everything through while plenty is left, and learns from the headers", async () => {
    const budget = createBudget();
    const response = await budget.run("background", async () => answer(200, windowHeaders(250)));
    expect(response.status).toBe(200);
    expect(budget.status()).toMatchObject({ limit: 300, remaining: 250, blockedUntil: null });
  });

  it("holds background refreshes when the budget runs short; members' reads and writes still go", async () => {
    const budget = createBudget({ backgroundReserve: 60, readReserve: 5 });
    budget.observe(answer(200, windowHeaders(40)));
    const order: string[] = [];
    const background = budget.run("background", async () => (order.push("background"), answer(200, windowHeaders(39))));
    const read = budget.run("read", async () => (order.push("read"), answer(200, windowHeaders(38))));
    const write = budget.run("write", async () => (order.push("write"), answer(200, windowHeaders(37))));
    await Promise.all([read, write]);
    expect([...order].sort()).toEqual(["read", "write"]);
    expect(budget.status().waiting.background).toBe(1);

    // The window resets: the refresh goes.
    await vi.advanceTimersByTimeAsync(61_000);
    await background;
    expect(order.at(-1)).toBe("background");
  });

  it("keeps the last few requests for writes", async () => {
    const budget = createBudget({ readReserve: 5 });
    budget.observe(answer(200, windowHeaders(4)));
    let readSent = false;
    void budget.run("read", async () => ((readSent = true), answer(200)));
    const write = await budget.run("write", async () => answer(201, windowHeaders(3)));
    expect(write.status).toBe(201);
    await vi.advanceTimersByTimeAsync(1000);
    expect(readSent).toBe(false);
  });

  it("obeys a 429's Retry-After: the request waits and is tried again, not failed", async () => {
    const budget = createBudget();
    const sends: number[] = [];
    const first = budget.run("read", async () => {
      sends.push(Date.now());
      return sends.length === 1 ? answer(429, { "retry-after": 3, ...windowHeaders(280) }) : answer(200, windowHeaders(299));
    });
    // Meanwhile another member's write waits too, and goes first once allowed.
    await vi.advanceTimersByTimeAsync(10);
    const order: string[] = [];
    const write = budget.run("write", async () => (order.push("write"), answer(200)));
    expect(budget.status().blockedUntil).not.toBeNull();
    await vi.advanceTimersByTimeAsync(3000);
    expect((await first).status).toBe(200);
    await write;
    expect(sends).toHaveLength(2);
    expect(sends[1]! - sends[0]!).toBeGreaterThanOrEqual(3000);
    expect(order).toEqual(["write"]);
  });

  it("passes a 429 on only after trying several times", async () => {
    const budget = createBudget({ maxRateLimitRetries: 2 });
    let sends = 0;
    const result = budget.run("read", async () => (sends++, answer(429, { "retry-after": 1 })));
    await vi.advanceTimersByTimeAsync(5000);
    expect((await result).status).toBe(429);
    expect(sends).toBe(3);
  });

  it("counts requests in flight against what is left, so a burst cannot overspend", async () => {
    const budget = createBudget({ readReserve: 5 });
    budget.observe(answer(200, windowHeaders(8)));
    const resolvers: (() => void)[] = [];
    let started = 0;
    for (let i = 0; i < 6; i++) {
      void budget.run("read", () => {
        started++;
        return new Promise<Response>((resolve) => resolvers.push(() => resolve(answer(200))));
      });
    }
    await vi.advanceTimersByTimeAsync(0);
    // 8 left, 5 kept back: only 3 may be in flight.
    expect(started).toBe(3);
  });
});
