import "server-only";
import type { Database } from "@/lib/db/connection";
import { eventPage, type ApiEvent } from "@/lib/api/events";
import type { Gateway } from "../gateway/gateway";
import { errorField, log, outsideRequest } from "../runtime/log";
import { metrics } from "../runtime/metrics";
import { createLocalBus, type Bus, type BusMessage } from "./bus";
import { createEventCursor } from "./event-cursor";
import { toInboxEvent, type Hub } from "./hub";
import { createReplayCadence, type ReplayIntervals } from "./replay-cadence";
import { WebhookRejected, createWebhookVerifier } from "./webhook-verify";

/**
 * How the inbox hears of changes: webhooks when the API sends them, and replay of
 * GET /events otherwise — at start, whenever a `seq` gap shows a missed event, and on a timer
 * (every few seconds while browsers are connected and webhooks are not arriving; every 15 s
 * while they are, or nothing happens; once a minute with nobody watching: lib/server/events/
 * replay-cadence). Every event is applied once (IDs are claimed in the database, 7 days), to the
 * gateway and then to the browsers; the last `seq` applied without a gap is persisted, so a
 * restart replays from there. When events were lost beyond the replay window, the gateway is
 * rebuilt from scratch and browsers are told to read everything again.
 *
 * The same happens when the API's history started over, as the demo sandbox's does on a reset
 * (its `seq` restarts, its subscriptions are gone): the cursor would otherwise sit past every
 * new event for good. Replay sees it as the API's latest `seq` behind the cursor, or as another
 * event than the one processed at the cursor's `seq`; a webhook event unseen yet at or behind
 * the cursor asks for that check. The feed then rebuilds, moves the cursor back to the API's
 * latest and calls `onRestart` (which subscribes to webhooks again).
 *
 * With several instances (lib/server/events/bus), events applied by one reach the others through
 * the bus, and only the bus's leader replays; the others ask it to.
 *
 * Every event applied is counted, with its lag from `createdAt`, by how it came (`webhook`,
 * `replay`, or `instance` through the bus: lib/server/runtime/metrics). Webhook deliveries are
 * logged, accepted or rejected, and so are replays that applied something, rebuilds and failures.
 */
export type EventFeedStatus = {
  lastSeq: number | null;
  lastWebhookAt: number | null;
  lastReplayAt: number | null;
  /** How events reach the inbox now: by webhook, or by replay only. */
  via: "webhook" | "replay";
};

/** How an event reached this instance. */
export type EventSource = "webhook" | "replay" | "instance";

export type EventFeed = {
  start(): void;
  stop(): void;
  /**
   * A webhook delivery, verified on the raw body before anything is parsed (throws
   * `WebhookRejected`, lib/server/events/webhook-verify); `applied` settles when it has been applied, so the route can answer
   * at once and leave it running.
   */
  receiveWebhook(rawBody: string, headers: Headers): { event: ApiEvent; applied: Promise<"applied" | "duplicate"> };
  replayNow(): Promise<void>;
  /**
   * The API's history started over (the demo sandbox was reset, through the BFF): rebuilds from
   * the API now rather than when a replay notices. Resolves once done (or asked of the instance
   * that replays).
   */
  restarted(): Promise<void>;
  /** A replay now unless one ran in the last `CATCH_UP_GAP_MS`: for bursts of browsers connecting. */
  catchUp(): Promise<void>;
  /** Applies what was not applied yet (`source`: how it came, replay unless said); returns that. */
  ingest(events: readonly ApiEvent[], source?: EventSource): Promise<ApiEvent[]>;
  status(): EventFeedStatus;
};

export type EventFeedOptions = {
  db: Database;
  gateway: Gateway;
  hub: Hub;
  /** GET an upstream path (through the budget, at background priority). */
  fetchUpstream(path: string): Promise<Response>;
  webhookSecret: string | null;
  /** The other instances; none by default. */
  bus?: Bus;
  /** After a rebuild because the API's history started over: make what a reset dropped again (the webhook subscription). */
  onRestart?: () => Promise<void>;
  /**
   * Inside the transaction that claims fresh events: what must happen once per event across
   * instances (routing queues arrivals, snoozes wake on replies). What it answers runs once the
   * transaction has committed (telling this instance's browsers).
   */
  onClaimed?: (tx: Database, events: ApiEvent[]) => Promise<void | (() => void)>;
  /** After events were applied here, however they came (claimed here or told by another instance). */
  onApplied?: (events: readonly ApiEvent[]) => void;
  now?: () => number;
  /** Replay cadence, in ms (lib/server/events/replay-cadence). */
  intervals?: ReplayIntervals;
};

/** No webhook for four times this long: the status says events come by replay. */
const WEBHOOK_QUIET_MS = 10_000;
const CATCH_UP_GAP_MS = 2_000;

export function createEventFeed(options: EventFeedOptions): EventFeed {
  const { db, gateway, hub } = options;
  const now = options.now ?? Date.now;
  const verify = createWebhookVerifier(options.webhookSecret);
  const bus = options.bus ?? createLocalBus();
  const cursor = createEventCursor(db, bus, now);

  let lastSeq: number | null = null;
  let lastWebhookAt: number | null = null;
  let lastReplayAt: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let replaying: Promise<void> | null = null;
  let gapSeen = false;
  // The event processed at `lastSeq`, when known: replay checks the API still has that one there.
  let anchor: { seq: number; id: string } | null = null;
  let restartAsked = false;
  const cadence = createReplayCadence({ webhooks: options.webhookSecret !== null, intervals: options.intervals, now });

  /** Moves `lastSeq` over a run without gaps; a gap asks replay to fill it. Returns whether it moved. */
  function track(sorted: readonly ApiEvent[]): boolean {
    let seq = lastSeq ?? sorted[0]?.seq ?? 0;
    for (const e of sorted) {
      if (lastSeq === null || e.seq <= seq + 1) seq = Math.max(seq, e.seq);
      else gapSeen = true;
    }
    if (lastSeq !== null && seq <= lastSeq) return false;
    lastSeq = seq;
    const at = sorted.find((e) => e.seq === seq);
    anchor = at ? { seq, id: at.id } : null;
    return true;
  }

  async function apply(events: readonly ApiEvent[], source: EventSource): Promise<void> {
    await gateway.apply(events);
    const at = now();
    for (const e of events) {
      hub.publish(toInboxEvent(e));
      metrics.eventsApplied.inc({ source });
      const created = Date.parse(e.createdAt);
      if (Number.isFinite(created)) metrics.eventLag.observe({ source }, Math.max(0, at - created) / 1000);
    }
    if (events.length) options.onApplied?.(events);
  }

  async function ingest(events: readonly ApiEvent[], source: EventSource = "replay"): Promise<ApiEvent[]> {
    const sorted = [...events].sort((a, b) => a.seq - b.seq);
    const onClaimed = options.onClaimed;
    let committed: (() => void) | undefined;
    const applied = await cursor.claim(sorted, onClaimed ? async (tx, fresh) => void (committed = (await onClaimed(tx, fresh)) ?? undefined) : undefined);
    // A new event at or behind the cursor: the API's history may have started over; replay checks.
    if (lastSeq !== null && applied.some((e) => e.seq <= lastSeq!)) gapSeen = true;
    await apply(applied, source);
    committed?.();
    if (track(sorted)) await cursor.save(lastSeq!);
    return applied;
  }

  async function replay(): Promise<void> {
    // Another instance may have replayed (or applied webhooks) further than this one knows.
    const saved = await cursor.load();
    if (saved !== null && (lastSeq === null || saved > lastSeq)) lastSeq = saved;
    if (!(await bus.leads())) {
      // Asking is cheap (the leader coalesces requests), and each ask tries the lock again,
      // so `lastReplayAt` stays as it is: a browser connecting here takes over from a dead leader at once.
      await bus.send({ type: restartAsked ? "restarted" : "replay" });
      gapSeen = false;
      restartAsked = false;
      return;
    }
    if (restartAsked) return restart();
    if (lastSeq === null) {
      // First start: begin at the team's latest event (the gateway reads current state anyway).
      const page = await readEvents(Number.MAX_SAFE_INTEGER, 1);
      lastSeq = page.lastSeq;
      await cursor.save(page.lastSeq);
      return;
    }
    const started = now();
    const fromSeq = lastSeq;
    let replayed = 0;
    for (let firstPage = true; ; firstPage = false) {
      const from: number = lastSeq;
      // The first page starts at the cursor's own event, when known, to check it is still there.
      const check = firstPage && anchor?.seq === from ? anchor : null;
      const page = await readEvents(check ? from - 1 : from, 1000);
      const atCursor = check && page.data[0]?.seq === from ? page.data[0] : null;
      if (page.lastSeq < from || (check && atCursor && atCursor.id !== check.id)) return restart();
      const data = atCursor ? page.data.slice(1) : page.data;
      const first = data[0];
      if (first && first.seq > from + 1) {
        // Events between were dropped from the replay window: nothing held can be trusted.
        log.warn({ fromSeq: from + 1, toSeq: first.seq - 1 }, `events ${from + 1}–${first.seq - 1} are beyond the replay window; rebuilding from the API`);
        await rebuild();
        await bus.send({ type: "rebuild" });
        lastSeq = first.seq - 1;
        anchor = null;
      }
      const found = await ingest(data, "replay");
      replayed += found.length;
      cadence.replayed(found);
      if (!data.length && page.lastSeq > (lastSeq ?? 0)) {
        // A filtered or empty answer still moves forward (lib/api/events: lastSeq semantics).
        lastSeq = page.lastSeq;
        anchor = null;
        await cursor.save(page.lastSeq);
      }
      if (!page.hasMore || (lastSeq ?? 0) <= from) break;
    }
    gapSeen = false;
    lastReplayAt = now();
    // Replay runs every few seconds while browsers watch: only one that found something is news.
    log[replayed ? "info" : "debug"]({ applied: replayed, fromSeq, toSeq: lastSeq, durationMs: now() - started }, `event replay applied ${replayed} event(s)`);
    await cursor.purge();
  }

  async function rebuild(): Promise<void> {
    await gateway.rebuild();
    hub.publish({ type: "resync" });
  }

  /** The API's history started over: nothing held can be trusted, and the cursor goes back to the API's latest. */
  async function restart(): Promise<void> {
    // Read before rebuilding, so nothing after it is skipped: what falls between is applied twice, harmlessly.
    const latest = (await readEvents(Number.MAX_SAFE_INTEGER, 1)).lastSeq;
    log.warn({ latestSeq: latest, lastSeq }, `the API's events started over (its latest seq is ${latest}, the inbox was at ${lastSeq ?? "none"}); rebuilding from the API`);
    await rebuild();
    lastSeq = latest;
    anchor = null;
    await cursor.reset(latest);
    restartAsked = false;
    await bus.send({ type: "rebuild" });
    gapSeen = false;
    lastReplayAt = now();
    await options.onRestart?.().catch((error: unknown) => log.error({ error: errorField(error) }, "after the API's events started over, making what a reset dropped again failed"));
  }

  const fromOtherInstance = (message: BusMessage) => {
    const done = (() => {
      if (message.type === "events") {
        track([...message.events].sort((a, b) => a.seq - b.seq));
        return apply(message.events, "instance");
      }
      if (message.type === "rebuild") {
        // The replaying instance may have moved the cursor back (a restart); the database has it.
        return rebuild().then(async () => {
          lastSeq = await cursor.load();
          anchor = null;
        });
      }
      // Only the leader answers, or instances without the lock would ask each other forever.
      if (message.type === "replay" && !stopped) return bus.leads().then((leads) => (leads ? feed.catchUp() : undefined));
      if (message.type === "restarted" && !stopped) return bus.leads().then((leads) => (leads ? feed.restarted() : undefined));
      return Promise.resolve();
    })();
    done.catch((error: unknown) => log.error({ busMessage: message.type, error: errorField(error) }, `applying another instance's ${message.type} failed`));
  };
  bus.onMessage(fromOtherInstance);

  async function readEvents(afterSeq: number, limit: number) {
    const response = await options.fetchUpstream(`/events?afterSeq=${afterSeq}&limit=${limit}`);
    if (!response.ok) throw new Error(`GET /events answered ${response.status}`);
    return eventPage.parse(await response.json());
  }

  // The replay timer: its next run, so a browser connecting can bring an idle one forward.
  let dueAt: number | null = null;
  const nextReplay = () => cadence.next(hub.clients() > 0);
  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    dueAt = now() + ms;
    // The next replay is the feed's, not the request that brought it forward.
    timer = outsideRequest(() => setTimeout(() => void tick(), ms));
    timer.unref?.();
  };
  const tick = async () => {
    timer = null;
    dueAt = null;
    if (stopped) return;
    await feed.replayNow().catch((error: unknown) => log.error({ error: errorField(error) }, "event replay failed"));
    if (stopped || timer) return;
    schedule(nextReplay());
  };

  const feed: EventFeed = {
    start() {
      stopped = false;
      cadence.started();
      void (async () => {
        lastSeq = await cursor.load();
        await tick();
      })().catch((error: unknown) => log.error({ error: errorField(error) }, "event intake could not start"));
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    receiveWebhook(rawBody, headers) {
      let event: ApiEvent;
      try {
        event = verify(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookRejected) {
          metrics.webhookDeliveries.inc({ result: "rejected" });
          log.warn({ reason: error.reason, webhookId: headers.get("webhook-id") }, `webhook rejected: ${error.message}`);
        }
        throw error;
      }
      lastWebhookAt = now();
      cadence.webhookArrived();
      metrics.webhookDeliveries.inc({ result: "accepted" });
      const about = { eventId: event.id, eventType: event.type, seq: event.seq };
      log.info(about, `webhook received: ${event.type}`);
      const applied = ingest([event], "webhook").then((done) => {
        if (gapSeen) void feed.replayNow().catch(() => undefined);
        return done.length ? ("applied" as const) : ("duplicate" as const);
      });
      applied.catch((error: unknown) => log.error({ ...about, error: errorField(error) }, "a webhook's event could not be applied"));
      return { event, applied };
    },
    replayNow() {
      // A replay is the feed's, shared by whoever asks; not the line of the request that asked first.
      replaying ??= outsideRequest(replay).finally(() => {
        replaying = null;
      });
      return replaying;
    },
    restarted() {
      restartAsked = true;
      // A replay already running may have read the history from before: this one comes after it.
      const running = replaying?.catch(() => undefined) ?? Promise.resolve();
      return running.then(() => feed.replayNow());
    },
    catchUp() {
      // Someone started watching: the idle cadence gives way to the watching one.
      if (!stopped && dueAt !== null && dueAt - now() > nextReplay()) schedule(nextReplay());
      if (replaying) return replaying;
      if (lastReplayAt !== null && now() - lastReplayAt < CATCH_UP_GAP_MS) {
        // Too soon after the last replay to run another, but not dropped: it runs once the gap is over.
        const wait = lastReplayAt + CATCH_UP_GAP_MS - now();
        if (!stopped && dueAt !== null && dueAt - now() > wait) schedule(wait);
        return Promise.resolve();
      }
      return feed.replayNow();
    },
    ingest,
    status: () => ({
      lastSeq,
      lastWebhookAt,
      lastReplayAt,
      via: lastWebhookAt !== null && now() - lastWebhookAt <= WEBHOOK_QUIET_MS * 4 ? "webhook" : "replay",
    }),
  };
  return feed;
}
