import { WebhookRejected } from "@/lib/server/events/webhook-verify";
import { errorJson, publicRoute } from "@/lib/server/http/route";

// The API's webhook deliveries: the Standard Webhooks signature is checked on the raw body
// (constant-time, 5-minute tolerance) before anything is parsed (401 unauthorized when it does
// not hold, 400 invalidRequest when a signed body is not an event); then 204 at once, and the
// event is applied in the background. Signed, so not bound to our origin.
export const POST = publicRoute(
  async (request, { runtime, requestId }) => {
    const raw = await request.text();
    try {
      // Applied in the background; the feed logs a failure (lib/server/events/event-feed).
      runtime.events.receiveWebhook(raw, request.headers);
    } catch (error) {
      // A refusal is the sender's problem, not ours: answered with the spec body, never logged with a stack.
      if (error instanceof WebhookRejected) {
        return error.reason === "body" ? errorJson(400, "invalidRequest", error.message, requestId) : errorJson(401, "unauthorized", error.message, requestId);
      }
      throw error;
    }
    return new Response(null, { status: 204 });
  },
  { crossOrigin: true },
);
