import { markReadAnswer } from "@/lib/server/activity/answers";
import { endpoint } from "@/lib/server/http/endpoint";

// The viewer's read marks (lib/api/read-state).
export const GET = endpoint("reads.list", async ({ runtime, viewer }) =>
  Response.json({ data: await runtime.reads.list(viewer.userId) }, { headers: { "cache-control": "no-store" } }),
);

// Marks a thread read or unread for the viewer (and, for the team owner, the API's `unread`).
export const POST = endpoint("reads.mark", async ({ runtime, viewer, body, thread }) => markReadAnswer(runtime, viewer, thread!, body.read));
