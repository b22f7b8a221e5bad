import { stringify } from "csv-stringify/sync";
import { activityQuery, type ActivityEntry } from "@/lib/api/activity";
import { describeIssues } from "@/lib/api/query";
import { atLeast } from "@/lib/api/roles";
import { canSee } from "@/lib/server/access/policy";
import { visibleEntries } from "@/lib/server/activity/activity";
import { apiError, route } from "@/lib/server/http/route";

// Who did what through the inbox: for a thread or a contact the viewer may see (each entry under
// the visibility of the thread it names); team-wide for managers.
export const GET = route(async (request, { runtime, viewer }) => {
  const parsed = activityQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw apiError("invalidRequest", describeIssues(parsed.error));
  const query = parsed.data;
  if (query.threadId) {
    if (!canSee(await runtime.gateway.thread(query.threadId), viewer)) throw apiError("threadNotFound", `No thread ${query.threadId}.`);
  } else if (query.contactId) {
    if (!canSee(await runtime.gateway.contact(query.contactId), viewer)) throw apiError("contactNotFound", `No contact ${query.contactId}.`);
  } else if (!atLeast(viewer.role, "manager")) {
    throw apiError("forbidden", "Only managers and admins can see the team's whole activity.");
  }
  const entries = await visibleEntries(await runtime.activity.list(query), viewer, runtime.gateway);
  if (query.format === "csv") {
    return new Response(toCsv(entries), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="inbox-activity-${new Date().toISOString().slice(0, 10)}.csv"`,
        "cache-control": "no-store",
      },
    });
  }
  return Response.json({ data: entries }, { headers: { "cache-control": "no-store" } });
});

function toCsv(entries: ActivityEntry[]): string {
  const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));
  return stringify(
    entries.map((e) => [e.at, e.userName, e.memberId ?? "", e.action, e.threadId ?? "", e.contactId ?? "", e.messageId ?? "", json(e.before), json(e.after), e.requestId ?? ""]),
    { header: true, columns: ["time", "member", "memberId", "action", "threadId", "contactId", "messageId", "before", "after", "requestId"] },
  );
}
