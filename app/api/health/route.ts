import { health } from "@/lib/server/http/health";
import { publicRoute } from "@/lib/server/http/route";

// Reachability of the API and the mode, for load balancers and the UI's banner; nothing secret.
export const GET = publicRoute(async (_request, { runtime }) => {
  const report = await health(runtime);
  return Response.json(report, { status: 200, headers: { "cache-control": "no-store" } });
});
