import "server-only";
import { errorField, log, outsideRequest } from "../runtime/log";

/**
 * The way routing and rules run their queues: one drain at a time in a process (`drain`
 * settles when the drain asked for has run), a kick that gathers a burst of events into one
 * drain after `kickDelayMs`, and a sweep every `sweepMs` from `start` for what no kick announced.
 * A failed drain is logged; its queue stays for the next one.
 */
export type DrainLoop = { drain(): Promise<void>; kick(): void; start(): void; stop(): Promise<void> };

export function createDrainLoop(options: { drainOnce(): Promise<void>; failure: string; kickDelayMs: number; sweepMs: number; after?: () => void }): DrainLoop {
  let draining: Promise<void> = Promise.resolve();
  let kickTimer: ReturnType<typeof setTimeout> | null = null;
  let sweepTimer: ReturnType<typeof setInterval> | null = null;

  function drain(): Promise<void> {
    const next = draining
      .then(() => outsideRequest(options.drainOnce))
      .catch((error: unknown) => log.error({ error: errorField(error) }, options.failure))
      .finally(() => options.after?.());
    draining = next;
    return next;
  }

  function kick(): void {
    if (kickTimer) return;
    kickTimer = outsideRequest(() =>
      setTimeout(() => {
        kickTimer = null;
        void drain();
      }, options.kickDelayMs),
    );
    kickTimer.unref?.();
  }

  return {
    drain,
    kick,
    start() {
      if (sweepTimer) return;
      sweepTimer = outsideRequest(() => setInterval(kick, options.sweepMs));
      sweepTimer.unref?.();
      kick();
    },
    async stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      if (kickTimer) clearTimeout(kickTimer);
      sweepTimer = null;
      kickTimer = null;
      await draining;
    },
  };
}
