import { endpoint } from "@/lib/server/http/endpoint";
import { setPassword } from "@/lib/server/accounts/user-routes";

// An admin sets a user's new password; the user's sessions end at once.
export const PUT = endpoint<"users.setPassword", { userId: string }>("users.setPassword", async ({ runtime, viewer, params, body }) => {
  await setPassword(runtime, viewer, params.userId, body.password);
  return new Response(null, { status: 204 });
});
