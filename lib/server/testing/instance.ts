/**
 * One inbox instance as an OS process of its own, for the tests of several instances sharing
 * one Postgres database (lib/server/events/instances.test.ts): the runtime made from the environment,
 * as `next start` makes it, and the route handlers those tests use, served without Next.
 * Run with `node --import ./lib/server/testing/server-only-hooks.mjs --import tsx lib/server/testing/instance.ts`;
 * prints `ready` once it listens on PORT and its runtime is up.
 */
import { serve, type HttpBindings } from "@hono/node-server";
import * as events from "@/app/api/events/route";
import * as comments from "@/app/api/inbox/comments/route";
import * as reads from "@/app/api/inbox/reads/route";
import * as snoozes from "@/app/api/inbox/snoozes/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import * as presence from "@/app/api/presence/route";
import * as webhooks from "@/app/api/webhooks/route";
import { runtime } from "@/lib/server/runtime/runtime";
import { signInHandler } from "@/lib/server/accounts/sign-in";
import { PEER_ADDRESS_HEADER } from "@/lib/server/accounts/client-address";

type Handler = (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>;
type RouteModule = { [method: string]: Handler | unknown };

const routes: [prefix: string, module: RouteModule][] = [
  // What app/api/auth does, without better-auth's Next adapter (it needs Next's React).
  ["/api/auth/", { POST: async (request: Request) => signInHandler(await runtime(), request) }],
  ["/api/events", events],
  ["/api/inbox/reads", reads],
  ["/api/inbox/snoozes", snoozes],
  ["/api/inbox/comments", comments],
  ["/api/v2/", v2],
  ["/api/presence", presence],
  ["/api/webhooks", webhooks],
];

async function handle(request: Request, { incoming }: HttpBindings): Promise<Response> {
  const { pathname } = new URL(request.url);
  // What scripts/server.mjs does in front of Next: the socket's address, for the sign-in limits.
  if (pathname.startsWith("/api/auth/")) {
    const headers = new Headers(request.headers);
    headers.set(PEER_ADDRESS_HEADER, incoming.socket.remoteAddress ?? "");
    request = new Request(request, { headers });
  }
  if (pathname === "/_instance/status") return Response.json((await runtime()).events.status());
  const handler = routes.find(([prefix]) => pathname.startsWith(prefix))?.[1][request.method];
  if (typeof handler !== "function") return new Response(null, { status: 404 });
  return (handler as Handler)(request, { params: Promise.resolve({}) });
}

const rt = await runtime();
await rt.gateway.index.ready();
serve({ fetch: (request, bindings) => handle(request, bindings as HttpBindings), port: Number(process.env.PORT), hostname: "127.0.0.1" }, () => console.log("ready"));

const stop = () => void rt.close().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
