import "server-only";
import { z } from "zod";
import type { Upstream } from "../gateway/upstream";

/**
 * The one clock the inbox's timed work runs on. In demo mode it is the sandbox's (its control
 * API's GET /_sandbox/clock, in-process and outside the request quota), so advancing that clock
 * as an admin brings snoozes, reminders and scheduled sends due, in tests and in a demo; the
 * messages they are compared with are stamped on the same clock. With a real API it is the
 * server's own.
 */
export type SchedulerClock = { now(): Promise<Date> };

const clockState = z.object({ now: z.string() });

export function schedulerClock(upstream: Pick<Upstream, "sandboxFetch">): SchedulerClock {
  const sandbox = upstream.sandboxFetch;
  if (!sandbox) return { now: async () => new Date() };
  return {
    async now() {
      const answer = await sandbox("/_sandbox/clock");
      if (!answer.ok) throw new Error(`the sandbox's clock answered ${answer.status}`);
      return new Date(clockState.parse(await answer.json()).now);
    },
  };
}

/** A clock tests move by hand. */
export function manualClock(start = new Date()): SchedulerClock & { advance(ms: number): void } {
  let at = start.getTime();
  return { now: async () => new Date(at), advance: (ms) => void (at += ms) };
}
