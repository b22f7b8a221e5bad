import { endpoint } from "@/lib/server/http/endpoint";
import { setCapacity } from "@/lib/server/routing/routes";

type Params = { memberId: string };

// Managers set how many open conversations routing may give a member.
export const PUT = endpoint<"routing.setCapacity", Params>("routing.setCapacity", async ({ runtime, viewer, params, body }) => Response.json(await setCapacity(runtime, viewer, params.memberId, body)));
