import { endpoint } from "@/lib/server/http/endpoint";

// The viewer's own draft of a thread they may see (the table's `visible` row), and who holds one there.
export const GET = endpoint("drafts.get", async ({ runtime, viewer, query }) => {
  const [draft, holders] = await Promise.all([runtime.drafts.get(viewer.userId, query.threadId), runtime.drafts.holders(query.threadId)]);
  return Response.json({ draft, holders });
});

export const PUT = endpoint("drafts.save", async ({ runtime, viewer, body }) => Response.json(await runtime.drafts.save(viewer.userId, body.threadId, body.text)));

export const DELETE = endpoint("drafts.delete", async ({ runtime, viewer, query }) => {
  await runtime.drafts.remove(viewer.userId, query.threadId);
  return new Response(null, { status: 204 });
});
