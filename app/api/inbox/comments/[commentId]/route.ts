import { deleteCommentAnswer, updateCommentAnswer } from "@/lib/server/comments/answers";
import { endpoint } from "@/lib/server/http/endpoint";

type Params = { commentId: string };

// Its author's alone; a comment on a thread the viewer cannot see answers like a missing one.
export const PATCH = endpoint<"comments.update", Params>("comments.update", async ({ runtime, viewer, params, body }) => updateCommentAnswer(runtime, viewer, params.commentId, body));

// Its author's, or an admin's (lib/api/comments).
export const DELETE = endpoint<"comments.delete", Params>("comments.delete", async ({ runtime, viewer, params }) => deleteCommentAnswer(runtime, viewer, params.commentId));
