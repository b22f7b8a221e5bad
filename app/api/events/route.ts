import { eventsResponse } from "@/lib/server/http/sse";
import { route } from "@/lib/server/http/route";

// Server-sent events to the signed-in member: what changed, as it happens (lib/server/http/sse).
export const GET = route(async (request, { runtime, viewer }) => eventsResponse(request, runtime, viewer));

export const dynamic = "force-dynamic";
