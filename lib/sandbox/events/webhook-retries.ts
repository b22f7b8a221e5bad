import { asc, eq, lte } from "drizzle-orm";
import type { SandboxContext } from "../context";
import { newId } from "../model/ids";
import { webhookRetries, webhookSubscriptions } from "../schema";
import type { WebhookMessage } from "./webhook-envelopes";
import { effectiveFormat, storedFormat } from "./webhook-formats";
import type { SendOutcome } from "./webhook-sender";
import type { SubscriptionRow } from "./webhook-subscriptions";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Legacy deliveries are retried (spec: "up to 10 times over 24 hours"): a failed attempt
 * (a non-2xx answer, or no answer) is tried again after each of these waits in turn, on the
 * sandbox's clock, so advancing the clock brings retries due. Ten retries after the first
 * attempt, 23 h 46 min from first to last; then the event is given up. Waiting retries are
 * rows of `webhook_retries` (they survive a restart) holding the body first built, so every
 * attempt sends the same bytes under the same `webhook-id`.
 *
 * A retry coming due is dropped, not sent, when its subscription is gone or no longer
 * receives legacy events (switched to v1 or v2, or past the sunset: webhook-formats.ts),
 * or when its target is no longer allowed.
 */
export const LEGACY_RETRY_DELAYS_MS: readonly number[] = [
  1 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  1 * HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  5 * HOUR,
  8 * HOUR,
];

export type RetryDelivery = {
  subscriptionId: string;
  url: string;
  eventId: string;
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number;
  status: number | null;
  error: string | null;
  /** When the next attempt is due (sandbox clock), or null when none will be made. */
  nextAttemptAt: string | null;
};

type Send = (subscription: SubscriptionRow, message: WebhookMessage) => Promise<SendOutcome>;

export function createRetryQueue(ctx: SandboxContext, send: Send, log: (message: string) => void) {
  const { db, clock } = ctx.store;
  // One pass at a time, so a retry is never attempted twice at once (the timer and a test's call).
  let pass: Promise<unknown> = Promise.resolve();

  /** After an attempt of a legacy body failed: schedules the next one, or gives up. Returns when the next is due. */
  async function failed(subscription: SubscriptionRow, message: WebhookMessage, attempt: number, outcome: SendOutcome, retryId?: string): Promise<Date | null> {
    const delay = outcome.refused ? undefined : LEGACY_RETRY_DELAYS_MS[attempt - 1];
    if (delay === undefined) {
      if (retryId) await db.delete(webhookRetries).where(eq(webhookRetries.id, retryId));
      const why = outcome.refused ? "target no longer allowed" : `given up after ${attempt} attempts`;
      log(`[sandbox webhooks] ${message.type} ${message.id} → ${subscription.url}: ${outcome.error} (${why})`);
      return null;
    }
    const now = clock.now();
    const nextAttemptAt = new Date(now.getTime() + delay);
    const values = { attempts: attempt, nextAttemptAt, lastError: outcome.error };
    if (retryId) await db.update(webhookRetries).set(values).where(eq(webhookRetries.id, retryId));
    else {
      await db.insert(webhookRetries).values({
        id: newId("webhook"),
        teamId: subscription.teamId,
        subscriptionId: subscription.id,
        eventId: message.id,
        body: message.body,
        createdAt: now,
        ...values,
      });
    }
    log(`[sandbox webhooks] ${message.type} ${message.id} → ${subscription.url}: ${outcome.error} (retry ${attempt} of ${LEGACY_RETRY_DELAYS_MS.length} at ${nextAttemptAt.toISOString()})`);
    return nextAttemptAt;
  }

  async function runDue(): Promise<RetryDelivery[]> {
    const due = await db
      .select({ retry: webhookRetries, subscription: webhookSubscriptions })
      .from(webhookRetries)
      .leftJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookRetries.subscriptionId))
      .where(lte(webhookRetries.nextAttemptAt, clock.now()))
      .orderBy(asc(webhookRetries.nextAttemptAt), asc(webhookRetries.createdAt), asc(webhookRetries.id));
    const results: RetryDelivery[] = [];
    for (const { retry, subscription } of due) {
      const message = { id: retry.eventId, type: legacyName(retry.body), body: retry.body };
      if (!subscription || subscription.teamId !== retry.teamId || effectiveFormat(ctx, storedFormat(subscription.format)) !== "legacy") {
        await db.delete(webhookRetries).where(eq(webhookRetries.id, retry.id));
        log(`[sandbox webhooks] ${message.type} ${message.id}: retry dropped (the subscription is gone or no longer legacy)`);
        continue;
      }
      const attempt = retry.attempts + 1;
      const outcome = await send(subscription, message);
      const base = { subscriptionId: subscription.id, url: subscription.url, eventId: retry.eventId, attempt, status: outcome.status, error: outcome.error };
      if (outcome.error === null) {
        await db.delete(webhookRetries).where(eq(webhookRetries.id, retry.id));
        results.push({ ...base, nextAttemptAt: null });
        continue;
      }
      const next = await failed(subscription, message, attempt, outcome, retry.id);
      results.push({ ...base, nextAttemptAt: next?.toISOString() ?? null });
    }
    return results;
  }

  return {
    failed,
    /** Attempts every retry due on the sandbox's clock now; resolves with what each attempt did. */
    retryDue(): Promise<RetryDelivery[]> {
      const run = pass.then(runDue);
      pass = run.catch(() => undefined);
      return run;
    },
    /** Resolves once the pass under way (if any) has finished. */
    settled: () => pass,
  };
}

export type RetryQueue = ReturnType<typeof createRetryQueue>;

/** The legacy event's name, for logs. */
function legacyName(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "event" in parsed && typeof parsed.event === "string") return parsed.event;
  } catch {
    // A body that is not JSON is still sent as it was built.
  }
  return "legacy event";
}
