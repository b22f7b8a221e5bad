import { endpoint } from "@/lib/server/http/endpoint";
import { updateRule } from "@/lib/server/routing/rules/routes";

type Params = { ruleId: string };

export const PATCH = endpoint<"rules.update", Params>("rules.update", async ({ runtime, viewer, params, body }) => Response.json(await updateRule(runtime, viewer, params.ruleId, body)));

export const DELETE = endpoint<"rules.delete", Params>("rules.delete", async ({ runtime, params }) => {
  await runtime.rules.store.remove(params.ruleId);
  return new Response(null, { status: 204 });
});
