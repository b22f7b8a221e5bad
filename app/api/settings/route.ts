import { teamSettingsPatch } from "@/lib/server/store/settings";
import { apiError, route } from "@/lib/server/http/route";

// The inbox's team settings: everyone reads them, admins change them.
export const GET = route(async (_request, { runtime }) => Response.json(await runtime.settings.get()));

export const PATCH = route(async (request, { runtime, viewer }) => {
  if (viewer.role !== "admin") throw apiError("forbidden", "Only admins can change the team's inbox settings.");
  const patch = teamSettingsPatch.parse(await request.json().catch(() => undefined));
  return Response.json(await runtime.settings.update(patch));
});
