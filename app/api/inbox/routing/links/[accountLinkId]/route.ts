import { endpoint } from "@/lib/server/http/endpoint";
import { setLinkRouting } from "@/lib/server/routing/routes";

type Params = { accountLinkId: string };

// Managers set how a link's new conversations are routed, and among whom.
export const PUT = endpoint<"routing.setLink", Params>("routing.setLink", async ({ runtime, viewer, params, body }) => Response.json(await setLinkRouting(runtime, viewer, params.accountLinkId, body)));
