import "server-only";
import { stringify } from "csv-stringify/sync";
import type { ActivityEntry, ActivityQuery } from "@/lib/api/activity";
import { readUpTo } from "@/lib/api/read-state";
import type { Member } from "@/lib/api/team";
import type { Thread } from "@/lib/api/threads";
import { canSee } from "../access/visibility";
import type { SessionViewer } from "../http/session";
import type { Runtime } from "../runtime/runtime";
import { visibleEntries } from "./activity";

/**
 * What the inbox's activity and read endpoints answer, worked out from what the server holds,
 * each under the viewer's visibility (the endpoint table has checked the thread or contact the
 * request names; lib/api/inbox-endpoints).
 */
const NO_STORE = { "cache-control": "no-store" };

/** Who did what: each entry under the visibility of the thread it names; a CSV file on request. */
export async function activityAnswer(runtime: Runtime, viewer: SessionViewer, query: ActivityQuery): Promise<Response> {
  const entries = await visibleEntries(await runtime.activity.list(query), viewer, runtime.gateway);
  if (query.format !== "csv") return Response.json({ data: entries }, { headers: NO_STORE });
  return new Response(toCsv(entries), {
    headers: {
      ...NO_STORE,
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="inbox-activity-${new Date().toISOString().slice(0, 10)}.csv"`,
    },
  });
}

/** When each contact the viewer may see entered its stage, as far as the inbox recorded it. */
export async function stageTimesAnswer(runtime: Runtime, viewer: SessionViewer): Promise<Response> {
  await runtime.gateway.index.ready();
  const visible = new Set(runtime.gateway.index.all().filter((t) => t.contactId && canSee(t, viewer)).map((t) => t.contactId));
  const entries = (await runtime.activity.statusChanges()).filter((entry) => visible.has(entry.contactId));
  return Response.json({ data: entries }, { headers: NO_STORE });
}

/**
 * Marks a thread read (up to its newest message) or unread for the viewer. The API's `unread`
 * is the team owner's view, so it changes only when the owner is the one reading.
 */
export async function markReadAnswer(runtime: Runtime, viewer: SessionViewer, thread: Thread, read: boolean): Promise<Response> {
  const mark = await runtime.reads.mark(viewer.userId, thread.id, read ? readUpTo(thread) : null);
  let ownerUnread = thread.unread;
  if (viewer.memberLinked && thread.unread === read && (await isOwner(runtime, viewer))) {
    const answer = await runtime.gateway.write("threads.update", `/threads/${thread.id}`, { threadId: thread.id }, {
      method: "PATCH",
      headers: new Headers({ "content-type": "application/json" }),
      body: JSON.stringify({ unread: !read }),
    });
    if (answer.ok) ownerUnread = !read;
  }
  return Response.json({ mark, ownerUnread });
}

async function isOwner(runtime: Runtime, viewer: SessionViewer): Promise<boolean> {
  const response = await runtime.gateway.read("members.list", "/members", {}, new URLSearchParams({ limit: "100" }), viewer);
  if (!response.ok) return false;
  const { data } = (await response.json()) as { data: Member[] };
  return data.some((member) => member.id === viewer.memberId && member.role === "owner");
}

function toCsv(entries: ActivityEntry[]): string {
  const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));
  return stringify(
    entries.map((e) => [e.at, e.userName, e.memberId ?? "", e.action, e.threadId ?? "", e.contactId ?? "", e.messageId ?? "", json(e.before), json(e.after), e.requestId ?? ""]),
    { header: true, columns: ["time", "member", "memberId", "action", "threadId", "contactId", "messageId", "before", "after", "requestId"] },
  );
}
