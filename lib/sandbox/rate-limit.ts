/**
 * The team quota: 300 requests a minute, 10,000 an hour, 100,000 a day, shared by every
 * token of the team and both API versions. Fixed windows on the sandbox clock, held in
 * memory (one sandbox process serves a team).
 *
 * Headers report the window nearest to running out: its limit, what remains, and when it
 * resets (Unix seconds), as `lib/api/client.ts` documents. A refused request does not count.
 */
export type RateLimits = { minute: number; hour: number; day: number };
export const DEFAULT_RATE_LIMITS: RateLimits = { minute: 300, hour: 10_000, day: 100_000 };

const WINDOWS = [
  ["minute", 60_000],
  ["hour", 3_600_000],
  ["day", 86_400_000],
] as const;

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
  // team → window name → { start, count }
  const counters = new Map<string, Map<string, { start: number; count: number }>>();

  return {
    /** Counts one request for the team if the quota allows it. */
    take(teamId: string, nowMs: number): RateDecision {
      const configured = limits();
      let team = counters.get(teamId);
      if (!team) counters.set(teamId, (team = new Map()));
      const states = WINDOWS.map(([name, size]) => {
        const start = Math.floor(nowMs / size) * size;
        let counter = team.get(name);
        if (!counter || counter.start !== start) team.set(name, (counter = { start, count: 0 }));
        return { name, size, counter, limit: configured[name] };
      });
      const blocked = states.filter((s) => s.counter.count >= s.limit);
      if (blocked.length === 0) for (const s of states) s.counter.count++;
      // The window to report: the blocking one that frees last, else the one with least left.
      const report = blocked.length
        ? blocked.reduce((a, b) => (a.counter.start + a.size > b.counter.start + b.size ? a : b))
        : states.reduce((a, b) => (b.limit - b.counter.count < a.limit - a.counter.count ? b : a));
      const resetMs = report.counter.start + report.size;
      return {
        allowed: blocked.length === 0,
        limit: report.limit,
        remaining: Math.max(0, report.limit - report.counter.count),
        reset: Math.ceil(resetMs / 1000),
        retryAfter: blocked.length ? Math.max(1, Math.ceil((resetMs - nowMs) / 1000)) : 0,
        window: report.name,
      };
    },
    reset(): void {
      counters.clear();
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
