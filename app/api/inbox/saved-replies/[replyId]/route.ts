import { endpoint } from "@/lib/server/http/endpoint";

type Params = { replyId: string };

export const PATCH = endpoint<"savedReplies.update", Params>("savedReplies.update", async ({ runtime, viewer, params, body }) =>
  Response.json(await runtime.savedReplies.update(viewer, params.replyId, body)),
);

export const DELETE = endpoint<"savedReplies.delete", Params>("savedReplies.delete", async ({ runtime, viewer, params }) => {
  await runtime.savedReplies.remove(viewer, params.replyId);
  return new Response(null, { status: 204 });
});
