import { canSee } from "@/lib/server/access/policy";
import { route } from "@/lib/server/http/route";

// When each contact the viewer may see entered its stage, as far as the inbox recorded it (lib/api/pipeline).
export const GET = route(async (_request, { runtime, viewer }) => {
  await runtime.gateway.index.ready();
  const visible = new Set(runtime.gateway.index.all().filter((t) => t.contactId && canSee(t, viewer)).map((t) => t.contactId));
  const entries = (await runtime.activity.statusChanges()).filter((entry) => visible.has(entry.contactId));
  return Response.json({ data: entries }, { headers: { "cache-control": "no-store" } });
});
