import { Webhook } from "standardwebhooks";
import type { WebhookMessage } from "./webhook-envelopes";
import { webhookTargetRefusal, type SubscriptionRow } from "./webhook-subscriptions";

export type SendOptions = {
  /** How deliveries travel; injectable so tests can capture them. */
  fetch?: typeof fetch;
  /**
   * The signature's timestamp. Receivers check it against their own (real) clock to refuse
   * replays, so it is real time, not the sandbox's simulated clock.
   */
  now?: () => Date;
  /** A receiver slower than this counts as unreachable. */
  timeoutMs?: number;
  /** The URLs allowed besides loopback (`SandboxConfig.webhookUrls`), read at each attempt. */
  allowedUrls?: () => readonly string[];
};

export type SendOutcome = {
  /** The HTTP status the receiver answered, or null when it was not reached. */
  status: number | null;
  error: string | null;
  /** Not sent because the target is no longer allowed: not the receiver's failure, never retried. */
  refused: boolean;
};

/**
 * One POST of one body, signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) over the raw bytes sent. Redirects are not followed: a loopback
 * receiver must not pass the team's events on to another host.
 */
export function createSender(options: SendOptions): (subscription: SubscriptionRow, message: WebhookMessage) => Promise<SendOutcome> {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 10_000;
  const allowedUrls = options.allowedUrls ?? (() => []);

  return async (subscription, message) => {
    const refusal = webhookTargetRefusal(subscription.url, allowedUrls());
    if (refusal) return { status: null, error: refusal, refused: true };
    const timestamp = now();
    try {
      const signature = new Webhook(subscription.secret).sign(message.id, timestamp, message.body);
      const response = await doFetch(subscription.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "team-inbox-sandbox-webhooks",
          "webhook-id": message.id,
          "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
          "webhook-signature": signature,
        },
        body: message.body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) return { status: response.status, error: `HTTP ${response.status}`, refused: false };
      return { status: response.status, error: null, refused: false };
    } catch (error) {
      return { status: null, error: error instanceof Error ? error.message : String(error), refused: false };
    }
  };
}
