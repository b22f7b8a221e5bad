import { SEND_BODY_MAX_BYTES } from "@/lib/api/messages";
import { proxy } from "@/lib/server/http/proxy";
import { readBodyText } from "@/lib/server/http/request-body";
import { route } from "@/lib/server/http/route";

// The browser's API v2, answered by the BFF with the server-held token (lib/server/http/proxy).
const handle = route(async (request, { runtime, viewer }) => {
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/api\/v2/, "") || "/";
  // The largest body any endpoint takes is a send with files; past it, 413 payloadTooLarge.
  const bodyText = ["GET", "HEAD", "DELETE"].includes(request.method) ? null : await readBodyText(request, SEND_BODY_MAX_BYTES);
  return proxy(
    { method: request.method, path, search: url.searchParams, headers: request.headers, bodyText },
    {
      gateway: runtime.gateway,
      viewer,
      onWrite: (write) => runtime.activity.record({ userId: viewer.userId, name: viewer.name, memberId: viewer.memberLinked ? viewer.memberId : null }, write),
    },
  );
});

export const GET = handle;
export const POST = handle;
export const PATCH = handle;
export const PUT = handle;
export const DELETE = handle;
