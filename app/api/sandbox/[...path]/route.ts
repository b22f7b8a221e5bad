import { publicRoute, route } from "@/lib/server/http/route";
import { relaySandbox } from "@/lib/server/http/sandbox-route";

// Demo mode only: the in-process sandbox's media (signed, expiring URLs: no session needed)
// and its simulator control API (admins: lib/server/access/policy), reached through the BFF.
export const GET = publicRoute(async (request, context) => relaySandbox(request, context.runtime, null));

const control = route(async (request, { runtime, viewer }) => relaySandbox(request, runtime, viewer));
export const POST = control;
export const PATCH = control;
export const PUT = control;
export const DELETE = control;
