import { unreadFor } from "@/lib/api/read-state";
import { route } from "@/lib/server/http/route";

// Threads and unread threads per folder and queue, as the viewer may see them, unread for the viewer.
export const GET = route(async (_request, { runtime, viewer }) => {
  const marks = new Map((await runtime.reads.list(viewer.userId)).map((mark) => [mark.threadId, mark]));
  const counts = await runtime.gateway.index.counts(viewer, (thread) => unreadFor(thread, marks.get(thread.id)));
  return Response.json(counts, { headers: { "cache-control": "no-store" } });
});
