import { newUser } from "@/lib/api/users";
import { apiError, route } from "@/lib/server/http/route";
import { checkedMember, usersCall } from "@/lib/server/accounts/user-routes";
import { userAdminRefusal } from "@/lib/server/accounts/users";

// The inbox's users: everyone signed in reads the list, admins add (lib/api/users).
export const GET = route(async (_request, { runtime }) => Response.json({ data: await runtime.users.list() }, { headers: { "cache-control": "no-store" } }));

export const POST = route(async (request, { runtime, viewer }) => {
  const refusal = userAdminRefusal(viewer, null, "add");
  if (refusal) throw apiError("forbidden", refusal);
  const input = newUser.parse(await request.json().catch(() => undefined));
  const memberId = await checkedMember(runtime, viewer, input.memberId);
  return Response.json(await usersCall(() => runtime.users.add({ ...input, memberId })), { status: 201 });
});
