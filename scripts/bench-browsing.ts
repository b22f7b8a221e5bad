/**
 * `npm run bench:budget -- --browsing [--seconds 60 --port 3220]`: what one manager clicking
 * around costs the team's quota once the inbox is warm. No build needed: the inbox runs in
 * this process (demo mode, a fresh data folder), its webhook receiver listens on --port as
 * deployed (the demo sandbox delivers there), and the browser's requests go to the route
 * handlers themselves (lib/server/testing/browsing: the same walk as the test
 * lib/server/gateway/browsing-cost.test.ts).
 *
 * The manager signs in and keeps the event stream open throughout. Two walks warm the inbox
 * (the shell, lists in every folder and filter, 30 threads opened, the pipeline, settings, the
 * activity log, the palette); then, for --seconds, the same walks again with a few seconds'
 * pause between them, as someone clicking around would. Nothing else happens in the team, so
 * every request counted is what browsing (and the inbox's own timers) cost. It prints the
 * requests by operation and the line
 * `browsing: upstream reads per minute for one browsing manager, warm: <n>`.
 */
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import * as webhooks from "@/app/api/webhooks/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/server/accounts/client-address";
import { loadConfig } from "@/lib/server/runtime/env";
import { DEMO_PASSWORD, createRuntime, installRuntime } from "@/lib/server/runtime/runtime";
import { browser, countsSince, filtersOf, openEvents, total, upstreamCounts, walk, type Walk } from "@/lib/server/testing/browsing";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "60" }, port: { type: "string", default: "3221" } } });
await benchBrowsing({ seconds: Number(values.seconds), port: Number(values.port) });
process.exit(0);

async function benchBrowsing({ seconds, port }: { seconds: number; port: number }): Promise<void> {
  const dataDir = ".data/bench-browsing";
  rmSync(dataDir, { recursive: true, force: true });
  const runtime = await createRuntime(loadConfig({ ...process.env, INBOX_DATA_DIR: dataDir, PORT: String(port) }));
  installRuntime(runtime);
  const receiver = serve({ fetch: (request) => webhooks.POST(request, { params: Promise.resolve({}) }), port, hostname: "127.0.0.1" });
  try {
    const cookie = await signIn(runtime.auth.handler, "marcus@acme.test");
    await runtime.gateway.index.ready();
    const threads = runtime.gateway.index.all().filter((t) => t.contactId);
    const filters = filtersOf(runtime);
    const plans: Walk[] = [
      { threads: threads.slice(0, 15).map((t) => t.id), filters },
      { threads: threads.slice(15, 30).map((t) => t.id), filters: [...filters].reverse() },
    ];
    const b = browser(cookie);
    const closeStream = await openEvents(cookie);
    for (const plan of plans) await walk(b, plan);

    const before = await upstreamCounts();
    const started = Date.now();
    let walks = 0;
    while (Date.now() - started < seconds * 1000) {
      await walk(b, plans[walks % plans.length]!);
      walks += 1;
      await sleep(Math.min(5_000, Math.max(0, seconds * 1000 - (Date.now() - started))));
    }
    const minutes = (Date.now() - started) / 60_000;
    const counts = countsSince(before, await upstreamCounts());
    await closeStream();
    if (b.failures.length) console.log(`answers that were not 2xx: ${b.failures.slice(0, 10).join(", ")}`);
    console.log(`${walks} walks in ${(minutes * 60).toFixed(0)} s; API requests by operation:`);
    for (const [key, n] of [...counts].sort((a, c) => c[1] - a[1])) console.log(`  ${key.padEnd(28)} ${n}`);
    console.log(`browsing: upstream reads per minute for one browsing manager, warm: ${(total(counts) / minutes).toFixed(1)}`);
  } finally {
    receiver.close();
    await runtime.close();
  }
}

async function signIn(handler: (request: Request) => Promise<Response>, email: string): Promise<string> {
  const response = await handler(
    new Request("http://inbox.test/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://inbox.test", [CLIENT_ADDRESS_HEADER]: "10.254.0.1" },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    }),
  );
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!response.ok || !cookie) throw new Error(`signing in ${email} answered ${response.status}`);
  return cookie;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
