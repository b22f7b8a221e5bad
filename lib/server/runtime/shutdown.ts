import "server-only";
import type { InboxConfig } from "./env";
import { log } from "./log";
import { pendingRuntime, type Runtime } from "./runtime";

/**
 * The inbox's half of a graceful stop. scripts/server.mjs holds the other half (the signals,
 * the listener, the requests in flight) and, running outside Next's bundles, finds this one on
 * `globalThis` under `Symbol.for("team-inbox.shutdown")`. On SIGTERM or SIGINT it:
 * 1. stops accepting connections;
 * 2. calls `drain()`: /api/health/ready answers 503, and every open event stream is sent a
 *    `retry` hint and closed, so browsers resume with `Last-Event-ID` on another instance;
 * 3. waits for the requests in flight (sends and other upstream writes among them), at most
 *    `timeoutMs` (INBOX_SHUTDOWN_TIMEOUT_MS), then cuts what is left;
 * 4. calls `close()`: event intake stops, the bus's connections end (Postgres drops the replay
 *    advisory lock with its connection, so another instance takes over replay), the demo
 *    sandbox and the database close;
 * 5. exits 0. A second signal exits at once.
 * A runtime still starting is waited for, within the same bound: closing a database in the
 * middle of its migrations would only make the next start redo them.
 */
export const SHUTDOWN_HOOKS = Symbol.for("team-inbox.shutdown");

export type ShutdownHooks = {
  timeoutMs: number;
  drain(): Promise<void>;
  close(): Promise<void>;
};

/** At server start: what scripts/server.mjs calls on a signal. */
export function installShutdownHooks(config: Pick<InboxConfig, "shutdownTimeoutMs">): ShutdownHooks {
  const hooks = shutdownHooks(config.shutdownTimeoutMs, pendingRuntime);
  (globalThis as { [SHUTDOWN_HOOKS]?: ShutdownHooks })[SHUTDOWN_HOOKS] = hooks;
  return hooks;
}

/** The hooks over a runtime that may still be starting (or may never have been asked for: null). */
export function shutdownHooks(timeoutMs: number, current: () => Promise<Runtime> | null): ShutdownHooks {
  let found: Promise<Runtime | null> | null = null;
  const runtime = () => (found ??= within(current(), timeoutMs));
  return {
    timeoutMs,
    async drain() {
      const found = await runtime();
      if (found) log.info("draining: readiness answers 503, event streams are told to reconnect");
      found?.drain();
    },
    async close() {
      const found = await runtime();
      await found?.close();
      if (found) log.info("closed: event intake stopped, the database closed");
    },
  };
}

/** The runtime, or null when there is none, its start failed, or it is not up within `ms`. */
function within(starting: Promise<Runtime> | null, ms: number): Promise<Runtime | null> {
  if (!starting) return Promise.resolve(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([starting.catch(() => null), late]).finally(() => clearTimeout(timer));
}
