import "server-only";
import type { ApiEvent } from "@/lib/api/events";

/**
 * How often the event feed (lib/server/events/event-feed) replays GET /events on its timer:
 *
 * - `active`, every few seconds, while browsers are connected and webhooks are not arriving:
 *   none can be verified (no secret), or a replay found an event that a working webhook would
 *   have brought by then (older than `WEBHOOK_GRACE_MS`, from after the feed started) and no
 *   webhook came since;
 * - `watch`, while browsers are connected otherwise: a safety net for a lost delivery;
 * - `idle`, with nobody watching.
 *
 * A quiet team is not a broken webhook: when nothing happens no webhook comes, and taking that
 * silence for a failure cost the team's quota a replay every 1.5 s for as long as one person
 * had the inbox open.
 */
export type ReplayIntervals = { active: number; watch: number; idle: number };

export const REPLAY_INTERVALS: ReplayIntervals = { active: 1_500, watch: 15_000, idle: 60_000 };

/** How long a webhook may take to arrive after its event. */
export const WEBHOOK_GRACE_MS = 5_000;

export type ReplayCadence = {
  /** The feed starts: events from before could not have come here by webhook. */
  started(): void;
  webhookArrived(): void;
  /** Events a replay applied: ones no webhook (here or on another instance) had brought. */
  replayed(events: readonly ApiEvent[]): void;
  /** How long until the next replay. */
  next(watching: boolean): number;
};

export function createReplayCadence(options: { webhooks: boolean; intervals?: ReplayIntervals; now: () => number }): ReplayCadence {
  const { now } = options;
  const intervals = options.intervals ?? REPLAY_INTERVALS;
  let startedAt = now();
  let lastWebhookAt: number | null = null;
  let missedAt: number | null = null;

  const missing = () => !options.webhooks || (missedAt !== null && (lastWebhookAt === null || lastWebhookAt < missedAt));
  return {
    started() {
      startedAt = now();
    },
    webhookArrived() {
      lastWebhookAt = now();
    },
    replayed(events) {
      const at = now();
      const undelivered = events.some((event) => {
        const created = Date.parse(event.createdAt);
        return created > startedAt && at - created > WEBHOOK_GRACE_MS;
      });
      if (undelivered) missedAt = at;
    },
    next: (watching) => (!watching ? intervals.idle : missing() ? intervals.active : intervals.watch),
  };
}
