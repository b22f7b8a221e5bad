import { passwordReset } from "@/lib/api/users";
import { route } from "@/lib/server/http/route";
import { adminTarget, usersCall } from "@/lib/server/accounts/user-routes";

// An admin sets a user's new password; the user's sessions end at once.
export const PUT = route<{ userId: string }>(async (request, { params, runtime, viewer }) => {
  const { password } = passwordReset.parse(await request.json().catch(() => undefined));
  const target = await adminTarget(runtime, viewer, (await params).userId, "password");
  await usersCall(() => runtime.users.resetPassword(target.email, password));
  return new Response(null, { status: 204 });
});
