import { preferencesPatch } from "@/lib/api/preferences";
import { route } from "@/lib/server/http/route";

// The signed-in user's own preferences (lib/api/preferences); nobody reads or sets another's.
export const GET = route(async (_request, { runtime, viewer }) =>
  Response.json(await runtime.preferences.get(viewer.userId), { headers: { "cache-control": "no-store" } }),
);

export const PATCH = route(async (request, { runtime, viewer }) => {
  const patch = preferencesPatch.parse(await request.json().catch(() => undefined));
  return Response.json(await runtime.preferences.update(viewer.userId, patch));
});
