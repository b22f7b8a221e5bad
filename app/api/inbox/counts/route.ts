import { route } from "@/lib/server/route";

// Threads and unread threads per folder and queue, as the viewer may see them.
export const GET = route(async (_request, { runtime, viewer }) =>
  Response.json(await runtime.gateway.index.counts(viewer), { headers: { "cache-control": "no-store" } }),
);
