import { WebhookRejected } from "@/lib/server/events/event-feed";
import { errorJson, publicRoute } from "@/lib/server/http/route";

// The API's webhook deliveries: the Standard Webhooks signature is checked on the raw body
// (constant-time, 5-minute tolerance) before anything is parsed; then 204 at once, and the
// event is applied in the background. Signed, so not bound to our origin.
export const POST = publicRoute(
  async (request, { runtime, requestId }) => {
    const raw = await request.text();
    try {
      const { event, applied } = runtime.events.receiveWebhook(raw, request.headers);
      applied.catch((error: unknown) => console.error(`[inbox] webhook ${event.id} could not be applied:`, error));
    } catch (error) {
      if (error instanceof WebhookRejected) return errorJson(401, "unauthorized", error.message, requestId);
      throw error;
    }
    return new Response(null, { status: 204 });
  },
  { crossOrigin: true },
);
