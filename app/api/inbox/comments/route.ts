import { createCommentAnswer } from "@/lib/server/comments/answers";
import { endpoint } from "@/lib/server/http/endpoint";

// A thread's comments, for whoever may see it (the table's `visible` row).
export const GET = endpoint("comments.list", async ({ runtime, query }) => Response.json({ data: await runtime.comments.list(query.threadId) }, { headers: { "cache-control": "no-store" } }));

// A comment on a thread the viewer sees, mentioning only teammates who see it too.
export const POST = endpoint("comments.create", async ({ runtime, viewer, body }) => createCommentAnswer(runtime, viewer, body));
