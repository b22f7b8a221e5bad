import { endpoint } from "@/lib/server/http/endpoint";

// The inbox's team settings (lib/api/settings): everyone reads them, admins change them.
export const GET = endpoint("settings.get", async ({ runtime }) => Response.json(await runtime.settings.get()));

export const PATCH = endpoint("settings.update", async ({ runtime, body }) => Response.json(await runtime.settings.update(body)));
