/**
 * `npm run bench:budget [-- --members 5,20,50,100 --seconds 60 --warmup 20 --port 3220]`: can M members
 * work at once inside the team's one quota (300 requests a minute)? Run `npm run build` first.
 *
 * It serves the inbox in demo mode on a fresh data folder with M member logins, the sandbox
 * injecting an inbound message every 2 seconds. Each simulated member signs in, keeps an SSE
 * stream open (GET /api/events) and, every 2–5 s, does what people do: opens a folder, opens a
 * thread and reads its history (marking it read when it was unread, as the inbox does), reads
 * the counts, now and then marks a thread unread again or sends a reply. For each M it runs twice: with webhooks (as deployed), and with replay only (the
 * sandbox's webhook subscription removed).
 *
 * It prints, per run, upstream requests per minute (counted by the inbox), 429s seen by
 * members, and event→browser latency p50/p95 (from the event's time to its arrival on each
 * member's stream). Targets at M = 50: under 300 upstream requests a minute, no 429 seen by a
 * member, p95 < 1 s with webhooks and < 3 s with replay only. The last line is for M = 50:
 * `budget: members=50 upstream_rpm=<n> member_429=<n> p95_ms_webhook=<n> p95_ms_replay=<n>`.
 *
 * `--browsing` measures one manager instead, without a build (scripts/bench-browsing.ts):
 * `browsing: upstream reads per minute for one browsing manager, warm: <n>`.
 */
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "@/lib/server/runtime/env";
import { createRuntime } from "@/lib/server/runtime/runtime";
import { percentile } from "./lib/percentile";

const { values } = parseArgs({
  options: {
    members: { type: "string", default: "5,20,50,100" },
    seconds: { type: "string", default: "60" },
    warmup: { type: "string", default: "20" },
    port: { type: "string", default: "3220" },
    browsing: { type: "boolean", default: false },
  },
});
if (values.browsing) {
  // The route handlers need React's ordinary build (next/navigation), not react-server: run as lib/server/testing/instance.ts is.
  const args = ["--import", "./lib/server/testing/server-only-hooks.mjs", "--import", "tsx", "scripts/bench-browsing.ts", "--seconds", values.seconds, "--port", values.port];
  process.exit(spawnSync(process.execPath, args, { stdio: "inherit" }).status ?? 1);
}
const sizes = values.members.split(",").map(Number);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const dataDir = ".data/bench-budget";
const PASSWORD = "bench-password-1";
const maxMembers = Math.max(...sizes);

// 1. The data folder: the demo world plus one login per simulated member.
rmSync(dataDir, { recursive: true, force: true });
const env = { ...process.env, INBOX_DATA_DIR: dataDir, INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "10000" };
{
  const runtime = await createRuntime(loadConfig(env), { background: false });
  // One user per API member, and the demo's users hold the sandbox's members: the simulated
  // members are users of their own, not linked (their reads, writes and streams are what count).
  for (let i = 0; i < maxMembers; i++) {
    // The first is an admin: it drives the sandbox's control API (live mode, webhooks), which is an admin's.
    await runtime.users.add({ email: `bench${i}@acme.test`, name: `Bench ${i}`, password: PASSWORD, role: i === 0 ? "admin" : "member", memberId: null });
  }
  await runtime.close();
}

// 2. The inbox, as deployed.
const server = spawn(process.execPath, [".next/standalone/server.mjs", "--port", String(port), "--hostname", "127.0.0.1"], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
const stop = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stop);

type Run = { members: number; mode: "webhook" | "replay"; rpm: number; member429: number; errors: number; actions: number; p50: number; p95: number; events: number };
const runs: Run[] = [];

try {
  await waitForHealth();
  const admin = await signIn("bench0@acme.test");
  // The simulated platforms: an inbound message every 2 s.
  await control(admin, "POST", "/live", { enabled: true, intervalMs: 2_000 });
  const threads = ((await (await get(admin, "/api/v2/threads?folder=all&limit=100")).json()) as { data: { id: string }[] }).data.map((t) => t.id);

  // Webhooks first, as deployed; then the subscription is removed and events come by replay only.
  for (const mode of ["webhook", "replay"] as const) {
    if (mode === "replay") {
      await removeWebhooks(admin);
      // Long enough for the inbox to notice deliveries stopped and replay at its active pace.
      await sleep(20_000);
    }
    for (const size of sizes) {
      runs.push(await runOnce(size, mode, admin, threads));
      const r = runs.at(-1)!;
      console.log(
        `M=${String(size).padStart(3)} ${mode.padEnd(7)}  upstream ${r.rpm.toFixed(0).padStart(4)}/min  member 429s ${r.member429}  errors ${r.errors}  actions ${r.actions}  events ${r.events}  event→browser p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms`,
      );
    }
  }
  await control(admin, "POST", "/live", { enabled: false });

  console.log("\n| members | events via | upstream req/min | 429s seen by members | event→browser p50 | p95 |");
  console.log("|---|---|---|---|---|---|");
  for (const r of runs) console.log(`| ${r.members} | ${r.mode} | ${r.rpm.toFixed(0)} | ${r.member429} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms |`);
  const webhook50 = runs.find((r) => r.members === 50 && r.mode === "webhook");
  const replay50 = runs.find((r) => r.members === 50 && r.mode === "replay");
  if (webhook50 && replay50) {
    console.log(
      `budget: members=50 upstream_rpm=${Math.round(Math.max(webhook50.rpm, replay50.rpm))} member_429=${webhook50.member429 + replay50.member429} p95_ms_webhook=${Math.round(webhook50.p95)} p95_ms_replay=${Math.round(replay50.p95)}`,
    );
  }
} finally {
  stop();
}
process.exit(0);

// ---------------------------------------------------------------------------------------------

type Session = { cookie: string };

async function runOnce(size: number, mode: Run["mode"], admin: Session, threads: string[]): Promise<Run> {
  const sessions = await Promise.all(Array.from({ length: size }, (_, i) => signIn(`bench${i}@acme.test`)));
  const latencies: number[] = [];
  let member429 = 0;
  let errors = 0;
  let actions = 0;
  const controller = new AbortController();
  // Streams first, and a moment to settle, so the measured window starts with everyone connected.
  const streams = sessions.map((session) => listen(session, controller.signal, (ms) => latencies.push(ms)));
  await sleep(2_000);
  latencies.length = 0;

  // The first `warmup` seconds fill the caches (a morning's first reads); the window after is measured.
  const warmupEnds = Date.now() + warmup * 1000;
  const deadline = warmupEnds + seconds * 1000;
  let startCount = 0;
  let started = 0;
  const measure = (async () => {
    await sleep(warmupEnds - Date.now());
    startCount = await upstreamCount(admin);
    started = Date.now();
    latencies.length = 0;
  })();
  await Promise.all(
    sessions.map(async (session, i) => {
      await sleep(Math.random() * 3_000);
      while (Date.now() < deadline) {
        const result = await act(session, threads, i);
        actions += 1;
        if (result === 429) member429 += 1;
        else if (result >= 400) errors += 1;
        await sleep(2_000 + Math.random() * 3_000);
      }
    }),
  );
  await measure;
  const minutes = (Date.now() - started) / 60_000;
  const used = (await upstreamCount(admin)) - startCount;
  controller.abort();
  await Promise.allSettled(streams);
  const pct = (p: number) => percentile(latencies, p);
  return { members: size, mode, rpm: used / minutes, member429, errors, actions, p50: pct(50), p95: pct(95), events: latencies.length };
}

/** One thing a member does; answers the worst status met. */
async function act(session: Session, threads: string[], i: number): Promise<number> {
  const roll = Math.random();
  const thread = threads[Math.floor(Math.random() * threads.length)]!;
  const statuses: number[] = [];
  const run = async (response: Promise<Response>) => {
    const r = await response;
    await r.arrayBuffer();
    statuses.push(r.status);
  };
  if (roll < 0.3) {
    const folder = ["inbox", "noReply", "requests", "all"][i % 4]!;
    await run(get(session, `/api/v2/threads?folder=${folder}&limit=50&expand=contact&expand=profile`));
    await run(get(session, "/api/inbox/counts"));
  } else if (roll < 0.95) {
    // Opening a thread, as the inbox does: read it and its history, and mark it read if it was unread.
    const detail = await get(session, `/api/v2/threads/${thread}?expand=contact&expand=profile`);
    statuses.push(detail.status);
    const unread = detail.ok && ((await detail.json()) as { unread?: boolean }).unread === true;
    await run(get(session, `/api/v2/threads/${thread}/messages?limit=40`));
    if (unread) await run(send(session, "PATCH", `/api/v2/threads/${thread}`, { unread: false }));
  } else if (roll < 0.97) {
    await run(send(session, "PATCH", `/api/v2/threads/${thread}`, { unread: true }));
  } else {
    await run(send(session, "POST", "/api/v2/messages", { target: { type: "thread", threadId: thread }, content: "Thanks, noted." }));
  }
  return statuses.includes(429) ? 429 : Math.max(...statuses);
}

/** Reads a member's event stream, calling `seen` with each API event's delay. */
async function listen(session: Session, signal: AbortSignal, seen: (ms: number) => void): Promise<void> {
  try {
    const response = await fetch(`${base}/api/events`, { headers: { cookie: session.cookie, accept: "text/event-stream" }, signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split("\n").find((line) => line.startsWith("data: "));
        if (!data) continue;
        const event = JSON.parse(data.slice(6)) as { type: string; at?: string };
        if (event.type === "api" && event.at) seen(Date.now() - Date.parse(event.at));
      }
    }
  } catch {
    // aborted at the end of the run
  }
}

async function signIn(email: string): Promise<Session> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`signing in ${email} answered ${response.status}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { cookie };
}

function get(session: Session, path: string): Promise<Response> {
  return fetch(`${base}${path}`, { headers: { cookie: session.cookie } });
}

function send(session: Session, method: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${base}${path}`, { method, headers: { cookie: session.cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify(body) });
}

async function control(session: Session, method: string, path: string, body?: unknown): Promise<Response> {
  const response = body === undefined ? await fetch(`${base}/api/sandbox/_sandbox${path}`, { method, headers: { cookie: session.cookie, origin: base } }) : await send(session, method, `/api/sandbox/_sandbox${path}`, body);
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Replay only from here on: the sandbox stops delivering to the inbox's webhook endpoint. */
async function removeWebhooks(session: Session): Promise<void> {
  const list = (await (await control(session, "GET", "/webhooks")).json()) as { data: { id: string }[] };
  for (const subscription of list.data) await control(session, "DELETE", `/webhooks/${subscription.id}`);
}

async function upstreamCount(session: Session): Promise<number> {
  const status = (await (await get(session, "/api/inbox/status")).json()) as { upstream: { requests: number } };
  return status.upstream.requests;
}

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error("The inbox did not start within 5 minutes");
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
