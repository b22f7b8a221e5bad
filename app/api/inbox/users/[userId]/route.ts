import { userPatch } from "@/lib/api/users";
import { route } from "@/lib/server/http/route";
import { adminTarget, checkedMember, usersCall } from "@/lib/server/accounts/user-routes";

type Params = { userId: string };

// Admins change a user's name, role or API member (lib/api/users).
export const PATCH = route<Params>(async (request, { params, runtime, viewer }) => {
  const patch = userPatch.parse(await request.json().catch(() => undefined));
  const target = await adminTarget(runtime, viewer, (await params).userId, patch.role !== undefined ? "role" : "edit");
  if (patch.memberId !== undefined) patch.memberId = await checkedMember(runtime, viewer, patch.memberId);
  return Response.json(await usersCall(() => runtime.users.update(target.email, patch)));
});

// Removes a user; their sessions end at once.
export const DELETE = route<Params>(async (_request, { params, runtime, viewer }) => {
  const target = await adminTarget(runtime, viewer, (await params).userId, "remove");
  await usersCall(() => runtime.users.remove(target.email));
  return new Response(null, { status: 204 });
});
