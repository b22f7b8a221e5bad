import { activityQuery } from "@/lib/api/activity";
import { atLeast } from "@/lib/api/roles";
import { canSee } from "@/lib/server/policy";
import { apiError, route } from "@/lib/server/route";

// Who did what through the inbox: for a thread or a contact the viewer may see; team-wide for managers.
export const GET = route(async (request, { runtime, viewer }) => {
  const parsed = activityQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw apiError("invalidRequest", "Ask for a threadId or contactId (service IDs) and a limit from 1 to 500.");
  const { threadId, contactId, limit } = parsed.data;
  if (threadId) {
    if (!canSee(await runtime.gateway.thread(threadId), viewer)) throw apiError("threadNotFound", `No thread ${threadId}.`);
  } else if (contactId) {
    if (!canSee(await runtime.gateway.contact(contactId), viewer)) throw apiError("contactNotFound", `No contact ${contactId}.`);
  } else if (!atLeast(viewer.role, "manager")) {
    throw apiError("forbidden", "Only managers and admins can see the team's whole activity.");
  }
  return Response.json({ data: await runtime.activity.list({ threadId, contactId, limit }) }, { headers: { "cache-control": "no-store" } });
});
