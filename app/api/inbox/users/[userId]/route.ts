import { endpoint } from "@/lib/server/http/endpoint";
import { removeUser, updateUser } from "@/lib/server/accounts/user-routes";

type Params = { userId: string };

// Admins change a user's name, role or API member (lib/api/users).
export const PATCH = endpoint<"users.update", Params>("users.update", async ({ runtime, viewer, params, body }) => Response.json(await updateUser(runtime, viewer, params.userId, body)));

// Removes a user; their sessions end at once.
export const DELETE = endpoint<"users.delete", Params>("users.delete", async ({ runtime, viewer, params }) => {
  await removeUser(runtime, viewer, params.userId);
  return new Response(null, { status: 204 });
});
