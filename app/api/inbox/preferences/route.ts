import { endpoint } from "@/lib/server/http/endpoint";

// The signed-in user's own preferences (lib/api/preferences); nobody reads or sets another's.
export const GET = endpoint("preferences.get", async ({ runtime, viewer }) =>
  Response.json(await runtime.preferences.get(viewer.userId), { headers: { "cache-control": "no-store" } }),
);

export const PATCH = endpoint("preferences.update", async ({ runtime, viewer, body }) => Response.json(await runtime.preferences.update(viewer.userId, body)));
