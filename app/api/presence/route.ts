import { endpoint } from "@/lib/server/http/endpoint";

// A tab says which thread it shows (one the viewer may see) and whether its user is typing (lib/server/events/presence).
export const POST = endpoint("presence.beat", async ({ runtime, viewer, body }) => {
  runtime.presence.beat({ tabId: `${viewer.userId}:${body.tabId}`, userId: viewer.userId, name: viewer.name, threadId: body.threadId, typing: body.typing });
  return new Response(null, { status: 204 });
});
