import { randomBytes } from "node:crypto";
import { isIPv4 } from "node:net";
import { and, asc, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import type { ApiEvent } from "@/lib/api/events";
import type { SandboxContext } from "../context";
import { newId } from "../model/ids";
import { webhookSubscriptions } from "../schema";
import type { SandboxStore } from "../store";

/**
 * Webhook delivery: every event a committed write appends is POSTed once (the spec allows
 * no retries) to each of the team's subscriptions, as the JSON event envelope, signed the
 * Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Delivery
 * runs after the write has answered and never makes it fail.
 *
 * Subscriptions are the control API's, not the spec's, so these rules are ours:
 * - The secret is shown once, in the answer that creates the subscription; lists never carry
 *   it. Whoever holds it can sign events the receiver believes, so reading the list must not
 *   be enough to forge them.
 * - A subscription points at a loopback address (127.0.0.0/8, ::1, `localhost`) or at one of
 *   the URLs the embedding host names (`SandboxConfig.webhookUrls`: the inbox's own receiver).
 *   Every event of the team, notes and all, is POSTed to each subscription, so any other
 *   address would let whoever drives the control API copy the team's data off the machine or
 *   make the sandbox probe the network it runs in. The stand-alone sandbox's clients run beside
 *   it, hence loopback. The rule is checked on creation and again on every delivery (a target
 *   that stopped being allowed gets nothing), and redirects are not followed.
 */

export type WebhookSubscription = {
  id: string;
  url: string;
  secret: string;
  createdAt: string;
};

/** A subscription as lists show it: without its secret. */
export type ListedWebhookSubscription = Omit<WebhookSubscription, "secret">;

/** `whsec_` and base64 of 24 to 64 random bytes, the Standard Webhooks secret format. */
export const webhookSecret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, "Expected a secret of the form whsec_<base64>")
  .refine((secret) => {
    const bytes = Buffer.from(secret.slice("whsec_".length), "base64").length;
    return bytes >= 24 && bytes <= 64;
  }, "The secret must encode 24 to 64 bytes");

export const webhookCreate = z.strictObject({
  // Kept as parsed (`http://0x7f.1/` is `http://127.0.0.1/`), so the URL checked is the URL called.
  url: z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).href),
  secret: webhookSecret.optional(),
});
export type WebhookCreate = z.infer<typeof webhookCreate>;

/** Why a subscription may not point at `url` (see the rules above), or null when it may. */
export function webhookTargetRefusal(url: string, allowedUrls: readonly string[]): string | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return "The webhook URL is not a valid URL";
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return "The webhook URL must be http or https";
  if (isLoopback(target.hostname)) return null;
  if (allowedUrls.some((allowed) => sameUrl(allowed, target))) return null;
  return "Webhook subscriptions may point only at a loopback address (127.0.0.0/8, ::1, localhost) or at the inbox's own webhook endpoint";
}

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export async function createSubscription(store: SandboxStore, teamId: string, input: WebhookCreate): Promise<WebhookSubscription> {
  const row = {
    id: newId("webhook"),
    teamId,
    url: input.url,
    secret: input.secret ?? generateWebhookSecret(),
    createdAt: store.clock.now(),
  };
  await store.db.insert(webhookSubscriptions).values(row);
  return toSubscription(row);
}

export async function listSubscriptions(store: SandboxStore, teamId: string): Promise<ListedWebhookSubscription[]> {
  const rows = await store.db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.teamId, teamId))
    .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id));
  return rows.map((row) => ({ id: row.id, url: row.url, createdAt: row.createdAt.toISOString() }));
}

/** Whether a subscription of the team was deleted. */
export async function deleteSubscription(store: SandboxStore, teamId: string, id: string): Promise<boolean> {
  const deleted = await store.db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.teamId, teamId), eq(webhookSubscriptions.id, id)))
    .returning({ id: webhookSubscriptions.id });
  return deleted.length > 0;
}

export type WebhookDelivery = {
  subscriptionId: string;
  url: string;
  eventId: string;
  /** The HTTP status the receiver answered, or null when it could not be reached. */
  status: number | null;
  error: string | null;
};

export type WebhookDispatcherOptions = {
  store: SandboxStore;
  /** How deliveries travel; injectable so tests can capture them. */
  fetch?: typeof fetch;
  /**
   * The signature's timestamp. Receivers check it against their own (real) clock to refuse
   * replays, so it is real time, not the sandbox's simulated clock.
   */
  now?: () => Date;
  log?: (message: string) => void;
  /** A receiver slower than this counts as unreachable. */
  timeoutMs?: number;
  /** The URLs allowed besides loopback (`SandboxConfig.webhookUrls`), read at each delivery. */
  allowedUrls?: () => readonly string[];
};

export type WebhookDispatcher = {
  /** Delivers events of a team to its subscriptions now; resolves with the outcome of each POST. */
  deliver(teamId: string, events: ApiEvent[]): Promise<WebhookDelivery[]>;
  /** Starts delivering every event the store appends; returns the stop function. */
  listen(): () => void;
  /** Resolves once every delivery started so far has finished. */
  settled(): Promise<void>;
};

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { store } = options;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.warn(message));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const allowedUrls = options.allowedUrls ?? (() => []);
  // One chain per team keeps each team's events arriving in seq order.
  const chains = new Map<string, Promise<unknown>>();

  async function post(subscription: typeof webhookSubscriptions.$inferSelect, event: ApiEvent): Promise<WebhookDelivery> {
    const payload = JSON.stringify(event);
    const timestamp = now();
    const outcome = { subscriptionId: subscription.id, url: subscription.url, eventId: event.id };
    const refusal = webhookTargetRefusal(subscription.url, allowedUrls());
    if (refusal) {
      log(`[sandbox webhooks] ${event.type} ${event.id} → ${subscription.url}: not sent (${refusal})`);
      return { ...outcome, status: null, error: refusal };
    }
    try {
      const signature = new Webhook(subscription.secret).sign(event.id, timestamp, payload);
      const response = await doFetch(subscription.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "team-inbox-sandbox-webhooks",
          "webhook-id": event.id,
          "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
          "webhook-signature": signature,
        },
        body: payload,
        // A loopback receiver must not pass the team's events on to another host.
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) {
        log(`[sandbox webhooks] ${event.type} ${event.id} → ${subscription.url}: HTTP ${response.status} (not retried)`);
        return { ...outcome, status: response.status, error: `HTTP ${response.status}` };
      }
      return { ...outcome, status: response.status, error: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log(`[sandbox webhooks] ${event.type} ${event.id} → ${subscription.url}: ${reason} (not retried)`);
      return { ...outcome, status: null, error: reason };
    }
  }

  async function deliverNow(teamId: string, events: ApiEvent[]): Promise<WebhookDelivery[]> {
    const subscriptions = await store.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.teamId, teamId))
      .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id));
    if (subscriptions.length === 0) return [];
    const perSubscription = await Promise.all(
      subscriptions.map(async (subscription) => {
        const results: WebhookDelivery[] = [];
        for (const event of events) results.push(await post(subscription, event));
        return results;
      }),
    );
    return perSubscription.flat();
  }

  function deliver(teamId: string, events: ApiEvent[]): Promise<WebhookDelivery[]> {
    const previous = chains.get(teamId) ?? Promise.resolve();
    const run = previous.then(() => deliverNow(teamId, events));
    const tail = run.catch((error: unknown) => {
      log(`[sandbox webhooks] could not deliver ${events.length} event(s): ${error instanceof Error ? error.message : String(error)}`);
    });
    chains.set(teamId, tail);
    void tail.then(() => {
      if (chains.get(teamId) === tail) chains.delete(teamId);
    });
    return run;
  }

  return {
    deliver,
    listen() {
      return store.onEvents((teamId, events) => {
        // Fire and forget: the write has committed and its response must not wait or fail.
        try {
          void deliver(teamId, events).catch(() => undefined);
        } catch (error) {
          log(`[sandbox webhooks] ${error instanceof Error ? error.message : String(error)}`);
        }
      });
    },
    async settled() {
      while (chains.size > 0) await Promise.all([...chains.values()]);
    },
  };
}

const attached = new WeakMap<SandboxContext, { dispatcher: WebhookDispatcher; stop: () => void }>();

/**
 * Connects webhook delivery to a sandbox, once. Called again with options, it replaces the
 * dispatcher (tests use this to capture deliveries).
 */
export function attachWebhooks(ctx: SandboxContext, options?: Omit<WebhookDispatcherOptions, "store">): WebhookDispatcher {
  const current = attached.get(ctx);
  if (current && !options) return current.dispatcher;
  current?.stop();
  const dispatcher = createWebhookDispatcher({ store: ctx.store, allowedUrls: () => ctx.config.webhookUrls, ...options });
  attached.set(ctx, { dispatcher, stop: dispatcher.listen() });
  return dispatcher;
}

function toSubscription(row: typeof webhookSubscriptions.$inferSelect): WebhookSubscription {
  return { id: row.id, url: row.url, secret: row.secret, createdAt: row.createdAt.toISOString() };
}

function isLoopback(hostname: string): boolean {
  // URL hostnames are canonical: lower case, IPv4 in dotted decimal (`0x7f.1` is `127.0.0.1`), IPv6 in brackets.
  return hostname === "localhost" || hostname === "[::1]" || (isIPv4(hostname) && hostname.startsWith("127."));
}

function sameUrl(allowed: string, target: URL): boolean {
  try {
    return new URL(allowed).href === target.href;
  } catch {
    return false;
  }
}
