import "server-only";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { brandedError } from "@/lib/api/branded-error";
import { event as eventSchema, type ApiEvent } from "@/lib/api/events";

/** A delivery refused: not signed by the API (`signature`, or webhooks not configured), or signed but not an event (`body`). */
export class WebhookRejected extends brandedError("WebhookRejected") {
  readonly reason: "signature" | "body";
  constructor(reason: WebhookRejected["reason"], message: string) {
    super(message);
    this.reason = reason;
  }
}

/**
 * Checks a webhook delivery's signature on the raw body (Standard Webhooks), then reads the
 * event from it; throws `WebhookRejected` otherwise. With no secret every delivery is refused.
 */
export function createWebhookVerifier(secret: string | null): (rawBody: string, headers: Headers) => ApiEvent {
  const verifier = secret ? new Webhook(secret) : null;
  return (rawBody, headers) => {
    if (!verifier) throw new WebhookRejected("signature", "Webhooks are not configured: set INBOX_WEBHOOK_SECRET.");
    try {
      // The body is parsed here, not by the verifier: a signed body that is not JSON is a bad body, not a failure.
      verifier.verify(
        rawBody,
        {
          "webhook-id": headers.get("webhook-id") ?? "",
          "webhook-timestamp": headers.get("webhook-timestamp") ?? "",
          "webhook-signature": headers.get("webhook-signature") ?? "",
        },
        { jsonParse: false },
      );
    } catch (error) {
      if (error instanceof WebhookVerificationError) throw new WebhookRejected("signature", error.message);
      throw error;
    }
    const parsed = eventSchema.safeParse(parseJson(rawBody));
    if (!parsed.success) throw new WebhookRejected("body", "The webhook's body is not an event.");
    return parsed.data;
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
