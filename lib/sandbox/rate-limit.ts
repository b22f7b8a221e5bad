/**
 * The quota: 300 requests a minute, 10,000 an hour, 100,000 a day per team, shared by every
 * token of the team and both API versions; and, for requests whose token fails (a 401 knows no
 * team), the same limits per client address (lib/sandbox/authenticate.ts).
 *
 * Our choices, in this one place:
 * - Sliding windows. A request is allowed while each window (the last minute, hour and day
 *   before it) counts fewer requests than its limit, so no span of a minute ever holds more
 *   than 300, wherever it starts (fixed windows let about 600 through across a boundary). Each
 *   counted request's time is kept for a day, at most the day's limit of them per key. A
 *   refused request is not counted. rate-limiter-flexible counts fixed windows, so this is ours.
 * - Real time, not the sandbox clock: the quota is about how fast a client really calls, so
 *   advancing the simulated clock (to close a mutation window, say) neither refills nor empties
 *   it (POST /_sandbox/rate-limits/reset does), and the times below hold against any client's
 *   clock.
 * - The headers describe the window nearest to running out (the one with least left; when
 *   refused, the blocking one that frees last): `X-RateLimit-Limit` is its limit,
 *   `X-RateLimit-Remaining` what is left of it now, `X-RateLimit-Reset` when it is whole again
 *   (when the newest request it counts leaves it; Unix seconds, rounded up; now when it counts
 *   none). A 429's `Retry-After` is the seconds until a request would be allowed.
 *   lib/api/client.ts gives the same meaning to clients.
 */
export type RateLimits = { minute: number; hour: number; day: number };
export const DEFAULT_RATE_LIMITS: RateLimits = { minute: 300, hour: 10_000, day: 100_000 };

const WINDOWS = [
  ["minute", 60_000],
  ["hour", 3_600_000],
  ["day", 86_400_000],
] as const;
const LONGEST_MS = 86_400_000;

export type RateDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds. */
  reset: number;
  /** Seconds until a request would be allowed; 0 when allowed. */
  retryAfter: number;
  window: "minute" | "hour" | "day";
};

export function createRateLimiter(limits: () => RateLimits) {
  const logs = new Map<string, RequestLog>();

  return {
    /**
     * Counts one request against `key` (a team's ID, or `address:…`) if the quota allows it.
     * `nowMs` is real time (Date.now()); tests pass their own.
     */
    take(key: string, nowMs: number): RateDecision {
      const configured = limits();
      let log = logs.get(key);
      if (!log) logs.set(key, (log = new RequestLog()));
      log.forgetUntil(nowMs - LONGEST_MS);

      const states = WINDOWS.map(([name, size]) => ({ name, size, limit: configured[name], count: log.countAfter(nowMs - size) }));
      const blocked = states.filter((s) => s.count >= s.limit);
      if (blocked.length === 0) {
        log.add(nowMs);
        for (const s of states) s.count++;
      }
      // A blocking window has room again when its limit-th newest request leaves it.
      const freeAt = (s: (typeof states)[number]) => log.newest(s.limit) + s.size;
      const report = blocked.length
        ? blocked.reduce((a, b) => (freeAt(b) > freeAt(a) ? b : a))
        : states.reduce((a, b) => (b.limit - b.count < a.limit - a.count ? b : a));
      const wholeAt = report.count > 0 ? log.newest(1) + report.size : nowMs;
      return {
        allowed: blocked.length === 0,
        limit: report.limit,
        remaining: Math.max(0, report.limit - report.count),
        reset: Math.ceil(wholeAt / 1000),
        retryAfter: blocked.length ? Math.max(1, Math.ceil((freeAt(report) - nowMs) / 1000)) : 0,
        window: report.name,
      };
    },
    reset(): void {
      logs.clear();
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The times of one key's counted requests, oldest first, in a list that drops its head in place. */
class RequestLog {
  private times: number[] = [];
  private head = 0;

  add(at: number): void {
    // Kept in order even if the system clock steps back.
    const last = this.times.length > this.head ? this.times[this.times.length - 1]! : at;
    this.times.push(Math.max(at, last));
  }

  /** Forgets requests at or before `at`. */
  forgetUntil(at: number): void {
    this.head = this.firstAfter(at);
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }

  countAfter(at: number): number {
    return this.times.length - this.firstAfter(at);
  }

  /** The time of the n-th newest request (1: the newest); only asked for when that many are counted. */
  newest(n: number): number {
    return this.times[this.times.length - n]!;
  }

  private firstAfter(at: number): number {
    let low = this.head;
    let high = this.times.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.times[mid]! <= at) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
