/**
 * The sandbox's clock: real time plus an offset the simulator can advance, so tests can
 * close mutation windows, expire media URLs and age events out of retention without waiting.
 */
export type Clock = {
  now(): Date;
  /** Milliseconds the clock runs ahead of real time. */
  offsetMs(): number;
  advance(ms: number): void;
  set(offsetMs: number): void;
};

export function createClock(initialOffsetMs = 0): Clock {
  let offset = initialOffsetMs;
  return {
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    advance: (ms) => {
      offset += ms;
    },
    set: (ms) => {
      offset = ms;
    },
  };
}
