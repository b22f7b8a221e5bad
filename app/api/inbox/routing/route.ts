import { endpoint } from "@/lib/server/http/endpoint";
import { routingOverviewOf } from "@/lib/server/routing/routes";

// For managers: every link's routing, each member's availability and capacity, and the queue.
export const GET = endpoint("routing.get", async ({ runtime }) => Response.json(await routingOverviewOf(runtime), { headers: { "cache-control": "no-store" } }));
