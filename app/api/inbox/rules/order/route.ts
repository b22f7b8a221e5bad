import { endpoint } from "@/lib/server/http/endpoint";

// Managers put the rules in a new order: every rule's ID, first to last.
export const PUT = endpoint("rules.reorder", async ({ runtime, body }) => Response.json({ data: await runtime.rules.store.reorder(body.ruleIds) }));
