import { presenceBeat } from "@/lib/api/inbox-events";
import { canSee } from "@/lib/server/access/policy";
import { apiError, route } from "@/lib/server/http/route";

// A tab says which thread it shows and whether its user is typing (lib/server/events/presence).
export const POST = route(async (request, { runtime, viewer }) => {
  const beat = presenceBeat.parse(await request.json().catch(() => undefined));
  if (beat.threadId !== null) {
    // Presence tells others where you are: only in threads you may see.
    const thread = runtime.gateway.index.get(beat.threadId);
    if (thread && !canSee(thread, viewer)) throw apiError("threadNotFound", `No thread ${beat.threadId}.`);
  }
  runtime.presence.beat({ tabId: `${viewer.userId}:${beat.tabId}`, userId: viewer.userId, name: viewer.name, threadId: beat.threadId, typing: beat.typing });
  return new Response(null, { status: 204 });
});
