import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, createRateLimiter, type RateLimits } from "./rate-limit";

const SECOND = 1000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** A moment at the very start of a day: a fixed window would start here too. */
const T0 = Date.UTC(2026, 10, 20);

function limiter(limits: RateLimits) {
  return createRateLimiter(() => limits);
}

function takeN(rl: ReturnType<typeof limiter>, team: string, n: number, now: number) {
  return Array.from({ length: n }, () => rl.take(team, now));
}

describe("createRateLimiter", () => {
  it("defaults to the spec's 300 a minute, 10,000 an hour, 100,000 a day", () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ minute: 300, hour: 10_000, day: 100_000 });
    const first = createRateLimiter(() => DEFAULT_RATE_LIMITS).take("team", T0);
    expect(first).toMatchObject({ allowed: true, limit: 300, remaining: 299, window: "minute", retryAfter: 0 });
    // Whole again a minute after the newest request it counts.
    expect(first.reset).toBe((T0 + MINUTE) / 1000);
  });

  it("allows up to the minute limit, then refuses until the oldest counted request is a minute old", () => {
    const rl = limiter({ minute: 3, hour: 100, day: 1000 });
    expect(rl.take("team", T0 + 10 * SECOND).remaining).toBe(2);
    expect(rl.take("team", T0 + 20 * SECOND).remaining).toBe(1);
    expect(rl.take("team", T0 + 30 * SECOND).remaining).toBe(0);

    const refused = rl.take("team", T0 + 40 * SECOND);
    expect(refused).toMatchObject({ allowed: false, window: "minute", limit: 3, remaining: 0, retryAfter: 30 });
    // Whole again when the newest (at 30 s) leaves the window.
    expect(refused.reset).toBe((T0 + 30 * SECOND + MINUTE) / 1000);

    expect(rl.take("team", T0 + 10 * SECOND + MINUTE - 1).allowed).toBe(false);
    // The request at 10 s has left: one place, and only one.
    expect(rl.take("team", T0 + 10 * SECOND + MINUTE)).toMatchObject({ allowed: true, remaining: 0 });
    expect(rl.take("team", T0 + 10 * SECOND + MINUTE).allowed).toBe(false);
  });

  it("never lets more than the limit through in any minute, across a minute boundary too", () => {
    const rl = limiter({ minute: 300, hour: 10_000, day: 100_000 });
    // A burst at the end of one minute and another at the start of the next: fixed windows allowed 600.
    const late = takeN(rl, "team", 300, T0 + MINUTE - SECOND);
    expect(late.every((d) => d.allowed)).toBe(true);
    const early = takeN(rl, "team", 300, T0 + MINUTE + SECOND);
    expect(early.filter((d) => d.allowed)).toHaveLength(0);
    expect(early[0]).toMatchObject({ window: "minute", retryAfter: 58 });

    // Any one-minute span holds at most 300: walk a steady stream through several minutes.
    const stream = limiter({ minute: 300, hour: 10_000, day: 100_000 });
    const allowedAt: number[] = [];
    for (let at = T0; at < T0 + 5 * MINUTE; at += 100) if (stream.take("team", at).allowed) allowedAt.push(at);
    for (let i = 0; i < allowedAt.length; i++) {
      const inSpan = allowedAt.filter((t) => t >= allowedAt[i]! && t < allowedAt[i]! + MINUTE).length;
      expect(inSpan).toBeLessThanOrEqual(300);
    }
    // And it does not starve: about 300 a minute get through on average.
    expect(allowedAt.length).toBeGreaterThanOrEqual(5 * 300 - 1);
  });

  it("does not count refused requests", () => {
    const rl = limiter({ minute: 2, hour: 4, day: 1000 });
    takeN(rl, "team", 2, T0);
    expect(takeN(rl, "team", 5, T0 + 1000).every((d) => !d.allowed)).toBe(true);
    // Had the five refusals counted, the hour (limit 4) would be used up already.
    expect(takeN(rl, "team", 2, T0 + MINUTE).map((d) => d.allowed)).toEqual([true, true]);
    expect(rl.take("team", T0 + 2 * MINUTE)).toMatchObject({ allowed: false, window: "hour", remaining: 0 });
  });

  it("reports the window nearest to running out", () => {
    const rl = limiter({ minute: 50, hour: 10, day: 1000 });
    const decision = rl.take("team", T0);
    expect(decision).toMatchObject({ window: "hour", limit: 10, remaining: 9 });
    expect(decision.reset).toBe((T0 + HOUR) / 1000);
  });

  it("refuses on the hour window with the hour's retryAfter, across minutes", () => {
    const rl = limiter({ minute: 5, hour: 6, day: 1000 });
    takeN(rl, "team", 5, T0);
    takeN(rl, "team", 1, T0 + MINUTE);
    const refused = rl.take("team", T0 + MINUTE + 30_000);
    expect(refused).toMatchObject({ allowed: false, window: "hour", limit: 6, remaining: 0 });
    // The hour has room when the first of the burst at T0 leaves it.
    expect(refused.retryAfter).toBe((HOUR - MINUTE - 30_000) / 1000);
    expect(refused.reset).toBe((T0 + MINUTE + HOUR) / 1000);
    expect(rl.take("team", T0 + HOUR - 1).allowed).toBe(false);
    expect(rl.take("team", T0 + HOUR).allowed).toBe(true);
  });

  it("reports the blocking window that frees last when several block", () => {
    const rl = limiter({ minute: 2, hour: 2, day: 2 });
    takeN(rl, "team", 2, T0);
    const refused = rl.take("team", T0 + 1000);
    expect(refused).toMatchObject({ allowed: false, window: "day" });
    expect(refused.retryAfter).toBe((DAY - 1000) / 1000);
    expect(refused.reset).toBe((T0 + DAY) / 1000);
  });

  it("gives retryAfter at least one second, rounded up", () => {
    const rl = limiter({ minute: 1, hour: 100, day: 1000 });
    rl.take("team", T0);
    expect(rl.take("team", T0 + MINUTE - 10).retryAfter).toBe(1);
    expect(rl.take("team", T0 + 100).retryAfter).toBe(60);
  });

  it("forgets requests older than a day", () => {
    const rl = limiter({ minute: 10, hour: 10, day: 10 });
    takeN(rl, "team", 10, T0);
    expect(rl.take("team", T0 + DAY - 1).allowed).toBe(false);
    expect(rl.take("team", T0 + DAY)).toMatchObject({ allowed: true, window: "minute", remaining: 9 });
  });

  it("keeps one quota per key, shared by whoever counts against it", () => {
    const rl = limiter({ minute: 2, hour: 100, day: 1000 });
    // Two tokens of one team both count against the team's ID.
    expect(rl.take("acme", T0).allowed).toBe(true);
    expect(rl.take("acme", T0).allowed).toBe(true);
    expect(rl.take("acme", T0).allowed).toBe(false);
    expect(rl.take("globex", T0)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it("reset() clears every counter", () => {
    const rl = limiter({ minute: 1, hour: 100, day: 1000 });
    rl.take("acme", T0);
    expect(rl.take("acme", T0).allowed).toBe(false);
    rl.reset();
    expect(rl.take("acme", T0)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("reads the limits on every request, so they can be changed while running", () => {
    const limits: RateLimits = { minute: 1, hour: 100, day: 1000 };
    const rl = createRateLimiter(() => limits);
    rl.take("acme", T0);
    expect(rl.take("acme", T0).allowed).toBe(false);
    limits.minute = 5;
    expect(rl.take("acme", T0)).toMatchObject({ allowed: true, limit: 5, remaining: 3 });
    // Lowered below what is counted: refused until enough have left.
    limits.minute = 1;
    const refused = rl.take("acme", T0 + 10 * SECOND);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfter: 50 });
  });

  it("keeps its order when the system clock steps back", () => {
    const rl = limiter({ minute: 2, hour: 100, day: 1000 });
    rl.take("team", T0 + 30 * SECOND);
    rl.take("team", T0);
    const refused = rl.take("team", T0 + 31 * SECOND);
    expect(refused.allowed).toBe(false);
    expect(rl.take("team", T0 + 30 * SECOND + MINUTE).allowed).toBe(true);
  });
});
