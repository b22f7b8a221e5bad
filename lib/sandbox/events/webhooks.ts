import type { ApiEvent } from "@/lib/api/events";
import type { SandboxContext } from "../context";
import { envelopeBuilder } from "./webhook-envelopes";
import { effectiveFormat, storedFormat, type WebhookFormat } from "./webhook-formats";
import { createRetryQueue, type RetryDelivery } from "./webhook-retries";
import { createSender, type SendOptions } from "./webhook-sender";
import { subscriptionRows } from "./webhook-subscriptions";

/**
 * Webhook delivery: every event a committed write appends is POSTed to each of the team's
 * subscriptions, in the format each receives now (webhook-formats.ts), signed over the raw
 * body (webhook-sender.ts). v2 and v1 are sent once (the spec allows no retries); legacy is
 * retried on failure (webhook-retries.ts) by a loop that runs while the dispatcher listens.
 * Delivery runs after the write has answered and never makes it fail. Subscriptions and
 * their rules: webhook-subscriptions.ts.
 */

export type WebhookDelivery = {
  subscriptionId: string;
  url: string;
  eventId: string;
  format: WebhookFormat;
  /** The HTTP status the receiver answered, or null when it could not be reached. */
  status: number | null;
  error: string | null;
  /** A legacy delivery that failed: when its first retry is due (sandbox clock). */
  nextAttemptAt: string | null;
};

export type WebhookDispatcherOptions = SendOptions & {
  ctx: SandboxContext;
  log?: (message: string) => void;
  /** How often (real time) the retry loop looks for legacy retries due; null: no loop. */
  retryIntervalMs?: number | null;
};

export type WebhookDispatcher = {
  /** Delivers events of a team to its subscriptions now; resolves with the outcome of each POST. */
  deliver(teamId: string, events: ApiEvent[]): Promise<WebhookDelivery[]>;
  /** Attempts the legacy retries due on the sandbox's clock now (what the loop does). */
  retryDue(): Promise<RetryDelivery[]>;
  /** Starts delivering every event the store appends, and the retry loop; returns the stop function. */
  listen(): () => void;
  /** Resolves once every delivery and retry started so far has finished. */
  settled(): Promise<void>;
};

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { ctx } = options;
  const log = options.log ?? ((message: string) => console.warn(message));
  const retryIntervalMs = options.retryIntervalMs === undefined ? 1000 : options.retryIntervalMs;
  const send = createSender(options);
  const retries = createRetryQueue(ctx, send, log);
  // One chain per team keeps each team's events arriving in seq order.
  const chains = new Map<string, Promise<unknown>>();

  async function deliverNow(teamId: string, events: ApiEvent[]): Promise<WebhookDelivery[]> {
    const subscriptions = await subscriptionRows(ctx, teamId);
    if (subscriptions.length === 0) return [];
    const envelopes = envelopeBuilder(ctx, teamId, events);
    const perSubscription = await Promise.all(
      subscriptions.map(async (subscription) => {
        const format = effectiveFormat(ctx, storedFormat(subscription.format));
        const results: WebhookDelivery[] = [];
        for (const message of await envelopes(format)) {
          const outcome = await send(subscription, message);
          const result = { subscriptionId: subscription.id, url: subscription.url, eventId: message.id, format, status: outcome.status, error: outcome.error };
          if (outcome.error === null) {
            results.push({ ...result, nextAttemptAt: null });
          } else if (outcome.refused || format !== "legacy") {
            log(`[sandbox webhooks] ${message.type} ${message.id} → ${subscription.url}: ${outcome.refused ? `not sent (${outcome.error})` : `${outcome.error} (not retried)`}`);
            results.push({ ...result, nextAttemptAt: null });
          } else {
            const next = await retries.failed(subscription, message, 1, outcome);
            results.push({ ...result, nextAttemptAt: next?.toISOString() ?? null });
          }
        }
        return results;
      }),
    );
    return perSubscription.flat();
  }

  function deliver(teamId: string, events: ApiEvent[]): Promise<WebhookDelivery[]> {
    const previous = chains.get(teamId) ?? Promise.resolve();
    const run = previous.then(() => deliverNow(teamId, events));
    const tail = run.catch((error: unknown) => {
      log(`[sandbox webhooks] could not deliver ${events.length} event(s): ${describe(error)}`);
    });
    chains.set(teamId, tail);
    void tail.then(() => {
      if (chains.get(teamId) === tail) chains.delete(teamId);
    });
    return run;
  }

  return {
    deliver,
    retryDue: retries.retryDue,
    listen() {
      const stopListening = ctx.store.onEvents((teamId, events) => {
        // Fire and forget: the write has committed and its response must not wait or fail.
        try {
          void deliver(teamId, events).catch(() => undefined);
        } catch (error) {
          log(`[sandbox webhooks] ${describe(error)}`);
        }
      });
      let failing = false;
      let ticking = false;
      let stopped = false;
      const tick = () => {
        // A pass still running (a slow receiver) is not queued behind.
        if (ticking) return;
        ticking = true;
        retries
          .retryDue()
          .then(
            () => (failing = false),
            (error: unknown) => {
              // Once per run of failures: a closed store must not fill the log every second.
              if (!failing && !stopped) log(`[sandbox webhooks] retrying legacy deliveries failed: ${describe(error)}`);
              failing = true;
            },
          )
          .finally(() => (ticking = false));
      };
      const timer = retryIntervalMs === null ? null : setInterval(tick, retryIntervalMs);
      // The loop must not keep a process alive that has nothing else to do.
      timer?.unref();
      return () => {
        stopped = true;
        stopListening();
        if (timer) clearInterval(timer);
      };
    },
    async settled() {
      while (chains.size > 0) await Promise.all([...chains.values()]);
      await retries.settled();
    },
  };
}

const attached = new WeakMap<SandboxContext, { dispatcher: WebhookDispatcher; stop: () => void }>();
const closeWrapped = new WeakSet<SandboxContext>();

/**
 * Connects webhook delivery (and the legacy retry loop) to a sandbox, once. Called again with
 * options, it replaces the dispatcher (tests use this to capture deliveries).
 */
export function attachWebhooks(ctx: SandboxContext, options?: Omit<WebhookDispatcherOptions, "ctx">): WebhookDispatcher {
  const current = attached.get(ctx);
  if (current && !options) return current.dispatcher;
  current?.stop();
  if (!closeWrapped.has(ctx)) {
    closeWrapped.add(ctx);
    // As live mode does: the sandbox's close() closes the store, and a retry loop left running would query a closed database.
    const close = ctx.store.close.bind(ctx.store);
    ctx.store.close = async () => {
      const current = attached.get(ctx);
      detachWebhooks(ctx);
      // Deliveries already on their way end (and say so) before the store they read closes and
      // before whoever closed the sandbox goes on; a slow receiver is not waited for past SETTLE_MS.
      if (current) await Promise.race([current.dispatcher.settled().catch(() => undefined), delay(SETTLE_MS)]);
      await close();
    };
  }
  const dispatcher = createWebhookDispatcher({ ctx, allowedUrls: () => ctx.config.webhookUrls, ...options });
  attached.set(ctx, { dispatcher, stop: dispatcher.listen() });
  return dispatcher;
}

/** Stops a sandbox's deliveries and retry loop (its store's close() does). */
export function detachWebhooks(ctx: SandboxContext): void {
  attached.get(ctx)?.stop();
  attached.delete(ctx);
}

const SETTLE_MS = 2_000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
