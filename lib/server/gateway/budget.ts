import "server-only";
import { log, noteBudgetWait } from "../runtime/log";
import { metrics, secondsSince } from "../runtime/metrics";

/**
 * The team's request budget, shared by every member of the inbox (and every other client of
 * the team's tokens): 300 a minute, 10,000 an hour, 100,000 a day. The budget learns where it
 * stands from each answer's `X-RateLimit-*` headers and decides who may go upstream now:
 *
 * - `write` (a member changing something) goes first, always, unless a 429 asked everyone to wait;
 * - `read` (a member waiting for data) goes while more than `readReserve` requests are left;
 * - `background` (refreshes nobody waits for) goes only while more than `backgroundReserve`
 *   are left, else waits for the window to reset.
 *
 * A 429's `Retry-After` holds everything back until then; the request is queued and tried
 * again, never failed for that reason. Waiting requests leave in priority order, then in the
 * order they came.
 *
 * What it knows is in the metrics (lib/server/runtime/metrics): the window as the API last
 * said, each request's wait and how many wait; a request's waits are on its log line, and a
 * 429 is logged.
 */
export type Priority = "write" | "read" | "background";

export type BudgetStatus = {
  limit: number | null;
  remaining: number | null;
  /** When the window resets (ms since epoch), as the API last said. */
  resetAt: number | null;
  /** Until when a 429 holds everything back (ms since epoch), or null. */
  blockedUntil: number | null;
  waiting: Record<Priority, number>;
};

export type BudgetOptions = {
  /** Left in the window below which members' reads wait (writes still go). */
  readReserve?: number;
  /** Left in the window below which background refreshes wait. */
  backgroundReserve?: number;
  /** How long to wait after a 429 without `Retry-After`, in seconds. */
  defaultRetryAfterSeconds?: number;
  /** How many times one request may meet a 429 before the 429 is passed on. */
  maxRateLimitRetries?: number;
  now?: () => number;
  /** Injected for tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
};

export type Budget = {
  /** Runs `send` when the budget allows, retrying it after a 429; resolves with the final answer. */
  run(priority: Priority, send: () => Promise<Response>): Promise<Response>;
  /** Reads `X-RateLimit-*` (and a 429's `Retry-After`) from an answer obtained elsewhere. */
  observe(response: Response): void;
  status(): BudgetStatus;
};

const ORDER: Priority[] = ["write", "read", "background"];

export function createBudget(options: BudgetOptions = {}): Budget {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const readReserve = options.readReserve ?? 5;
  const backgroundReserve = options.backgroundReserve ?? 60;
  const maxRetries = options.maxRateLimitRetries ?? 5;

  let limit: number | null = null;
  let remaining: number | null = null;
  let resetAt: number | null = null;
  let blockedUntil: number | null = null;
  let timerAt: number | null = null;
  // Requests sent but not yet answered count against what is left, so a burst cannot overspend.
  let inFlight = 0;
  const queues: Record<Priority, (() => void)[]> = { write: [], read: [], background: [] };

  function left(): number {
    if (remaining === null) return Number.POSITIVE_INFINITY;
    if (resetAt !== null && now() >= resetAt) return Number.POSITIVE_INFINITY;
    return remaining - inFlight;
  }

  function allowed(priority: Priority): boolean {
    if (blockedUntil !== null && now() < blockedUntil) return false;
    if (priority === "write") return true;
    return left() > (priority === "read" ? readReserve : backgroundReserve);
  }

  function pump() {
    for (const priority of ORDER) {
      const queue = queues[priority];
      while (queue.length && allowed(priority)) queue.shift()!();
      // Lower priorities never pass higher ones that are waiting.
      if (queue.length) break;
    }
    for (const priority of ORDER) metrics.queueLength.set({ priority }, queues[priority].length);
    const waiting = ORDER.some((p) => queues[p].length);
    if (!waiting) return;
    const wakeAt = blockedUntil !== null && now() < blockedUntil ? blockedUntil : (resetAt ?? now() + 1000);
    if (timerAt !== null && timerAt <= wakeAt) return;
    timerAt = wakeAt;
    setTimer(() => {
      timerAt = null;
      pump();
    }, Math.max(10, wakeAt - now()));
  }

  function observe(response: Response) {
    const read = (name: string) => {
      const value = response.headers.get(name);
      return value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
    };
    const l = read("x-ratelimit-limit");
    const r = read("x-ratelimit-remaining");
    const reset = read("x-ratelimit-reset");
    if (l !== null) limit = l;
    if (r !== null) remaining = r;
    if (reset !== null) resetAt = reset * 1000;
    if (limit !== null) metrics.budgetLimit.set(limit);
    if (remaining !== null) metrics.budgetRemaining.set(remaining);
    if (resetAt !== null) metrics.budgetReset.set(resetAt / 1000);
    if (response.status === 429) {
      const retryAfter = read("retry-after") ?? options.defaultRetryAfterSeconds ?? 1;
      blockedUntil = Math.max(blockedUntil ?? 0, now() + retryAfter * 1000);
      log.warn({ retryAfterSeconds: retryAfter, remaining, limit }, `the API's rate limit answered 429: upstream requests wait ${retryAfter} s`);
    }
  }

  async function attempt(priority: Priority, send: () => Promise<Response>, tries: number): Promise<Response> {
    const queuedAt = performance.now();
    await new Promise<void>((go) => {
      // Counted in flight the moment it is let through, before anything else is weighed.
      queues[priority].push(() => {
        inFlight += 1;
        go();
      });
      pump();
    });
    metrics.queueWait.observe({ priority }, secondsSince(queuedAt));
    noteBudgetWait(performance.now() - queuedAt);
    let response: Response;
    try {
      response = await send();
    } finally {
      inFlight -= 1;
    }
    observe(response);
    if (response.status === 429 && tries < maxRetries) {
      await response.body?.cancel();
      return attempt(priority, send, tries + 1);
    }
    pump();
    return response;
  }

  return {
    run: (priority, send) => attempt(priority, send, 0),
    observe(response) {
      observe(response);
      pump();
    },
    status: () => ({
      limit,
      remaining,
      resetAt,
      blockedUntil: blockedUntil !== null && now() < blockedUntil ? blockedUntil : null,
      waiting: { write: queues.write.length, read: queues.read.length, background: queues.background.length },
    }),
  };
}
