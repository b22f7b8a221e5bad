import { endpoint } from "@/lib/server/http/endpoint";
import { dryRun } from "@/lib/server/routing/rules/routes";

// Which recent conversations a rule's conditions match, from what the inbox holds (no upstream read).
export const POST = endpoint("rules.dryRun", async ({ runtime, body }) => Response.json(await dryRun(runtime, body)));
