import { endpoint } from "@/lib/server/http/endpoint";
import { createRule } from "@/lib/server/routing/rules/routes";

// For managers: the team's rules, first to last (lib/api/rules).
export const GET = endpoint("rules.list", async ({ runtime }) => Response.json({ data: await runtime.rules.store.list() }, { headers: { "cache-control": "no-store" } }));

// A new rule goes last.
export const POST = endpoint("rules.create", async ({ runtime, viewer, body }) => Response.json(await createRule(runtime, viewer, body), { status: 201 }));
