import { endpoint } from "@/lib/server/http/endpoint";

// The team's saved replies and the viewer's own (lib/api/saved-replies); lib/server/saved-replies decides who may change which.
export const GET = endpoint("savedReplies.list", async ({ runtime, viewer }) =>
  Response.json({ data: await runtime.savedReplies.list(viewer) }, { headers: { "cache-control": "no-store" } }),
);

export const POST = endpoint("savedReplies.create", async ({ runtime, viewer, body }) => Response.json(await runtime.savedReplies.create(viewer, body), { status: 201 }));
