import { endpoint } from "@/lib/server/http/endpoint";
import { addUser } from "@/lib/server/accounts/user-routes";

// The inbox's users: everyone signed in reads the list, admins add (lib/api/users).
export const GET = endpoint("users.list", async ({ runtime }) => Response.json({ data: await runtime.users.list() }, { headers: { "cache-control": "no-store" } }));

export const POST = endpoint("users.create", async ({ runtime, viewer, body }) => Response.json(await addUser(runtime, viewer, body), { status: 201 }));
