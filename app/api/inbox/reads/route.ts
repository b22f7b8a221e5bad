import { readChange, readUpTo } from "@/lib/api/read-state";
import type { Member } from "@/lib/api/team";
import { canSee } from "@/lib/server/access/policy";
import type { Runtime } from "@/lib/server/runtime/runtime";
import type { SessionViewer } from "@/lib/server/http/session";
import { apiError, route } from "@/lib/server/http/route";

// The viewer's read marks (lib/api/read-state).
export const GET = route(async (_request, { runtime, viewer }) =>
  Response.json({ data: await runtime.reads.list(viewer.userId) }, { headers: { "cache-control": "no-store" } }),
);

// Marks a thread read (up to its newest message) or unread for the viewer. The API's `unread` is
// the team owner's view, so it changes only when the owner is the one reading.
export const POST = route(async (request, { runtime, viewer }) => {
  const change = readChange.parse(await request.json().catch(() => undefined));
  const thread = await runtime.gateway.thread(change.threadId);
  if (!canSee(thread, viewer)) throw apiError("threadNotFound", `No thread ${change.threadId}.`);
  const mark = await runtime.reads.mark(viewer.userId, thread.id, change.read ? readUpTo(thread) : null);

  let ownerFlag = thread.unread;
  if (viewer.memberLinked && thread.unread === change.read && (await isOwner(runtime, viewer))) {
    const answer = await runtime.gateway.write("threads.update", `/threads/${thread.id}`, { threadId: thread.id }, {
      method: "PATCH",
      headers: new Headers({ "content-type": "application/json" }),
      body: JSON.stringify({ unread: !change.read }),
    });
    if (answer.ok) ownerFlag = !change.read;
  }
  return Response.json({ mark, ownerUnread: ownerFlag });
});

async function isOwner(runtime: Runtime, viewer: SessionViewer): Promise<boolean> {
  const response = await runtime.gateway.read("members.list", "/members", {}, new URLSearchParams({ limit: "100" }), viewer);
  if (!response.ok) return false;
  const { data } = (await response.json()) as { data: Member[] };
  return data.some((member) => member.id === viewer.memberId && member.role === "owner");
}
