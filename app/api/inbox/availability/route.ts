import { endpoint } from "@/lib/server/http/endpoint";
import { setAvailability } from "@/lib/server/routing/routes";

// Who routing may give conversations now (lib/api/routing): everyone sees it, for presence and the assign picker.
export const GET = endpoint("availability.list", async ({ runtime }) => Response.json({ data: await runtime.routing.availability() }));

// A member says they are available or away; a manager may say it for someone else.
export const PUT = endpoint("availability.set", async ({ runtime, viewer, body }) => Response.json(await setAvailability(runtime, viewer, body)));
