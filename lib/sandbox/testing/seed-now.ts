/** The instant the test sandboxes are seeded at, whatever the real time is. */
export const SEED_NOW = new Date("2026-11-20T12:00:00.000Z");
