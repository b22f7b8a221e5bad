/**
 * What the scripts that run the built inbox as operators do (the standalone test, the soak)
 * share: child processes with their output kept, databases of their own on a Postgres server,
 * ports, waits, and signing in over HTTP.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

/** A child process whose output is kept for when something fails. */
export function spawnLogged(command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  let stdout = "";
  child.stdout.on("data", (chunk) => ((log += chunk), (stdout += chunk)));
  child.stderr.on("data", (chunk) => (log += chunk));
  const exit = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, exit, log: () => log, stdout: () => stdout };
}

/** `node app/server.mjs` from `place` (a copy of the standalone build), with nothing of this checkout's environment but PATH. */
export function startInbox(place, port, env = {}) {
  return spawnLogged(process.execPath, [path.join("app", "server.mjs"), "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: place,
    env: { PATH: process.env.PATH, INBOX_DATA_DIR: "data", ...env },
  });
}

/** The sandbox API from the checkout, on a fresh clock and data (its own Postgres database when `databaseUrl` is given). */
export function startSandbox(checkout, port, databaseUrl) {
  return spawnLogged(process.execPath, ["--import", "tsx", "lib/sandbox/server.ts", "--reset"], {
    cwd: checkout,
    env: { PATH: process.env.PATH, SANDBOX_PORT: String(port), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
}

/** Waits until the sandbox at `api` answers its health check for the team's `token`. */
export function waitForSandbox(api, token) {
  return waitFor(async () => (await fetch(`${api}/_sandbox/health`, { headers: { authorization: `Bearer ${token}` } }).catch(() => null))?.ok === true, 90_000, "the sandbox");
}

/**
 * What each of several instances behind one load balancer is started with: one database, one
 * API, one session secret and one public origin (the balancer's), so a session or a stream
 * moves between them.
 */
export function clusterEnv({ databaseUrl, api, token, publicUrl, admin }) {
  return {
    DATABASE_URL: databaseUrl,
    INBOX_API_BASE_URL: `${api}/v2`,
    INBOX_API_TOKEN: token,
    INBOX_SECRET: "a-session-secret-every-instance-shares-0123456789",
    INBOX_PUBLIC_URL: publicUrl,
    INBOX_ADMIN_EMAIL: admin.email,
    INBOX_ADMIN_PASSWORD: admin.password,
  };
}

/** A database of its own on the Postgres server at `serverUrl` (as lib/db/test-database does for Vitest); `drop` removes it. */
export async function createDatabase(serverUrl, prefix) {
  const { default: postgres } = await import("postgres");
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await sql.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await sql.unsafe(`drop database if exists "${name}" with (force)`);
      await sql.end();
    },
  };
}

/** Waits for /api/health/ready of an inbox started with startInbox; answers its report. Fails at once if the process exits. */
export async function waitForReady(base, server, ms = 90_000) {
  let report = null;
  await waitFor(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`The server exited with ${server.child.exitCode}:\n${server.log()}`);
      const response = await fetch(`${base}/api/health/ready`).catch(() => null);
      if (response?.status === 200) report = await response.json();
      else await response?.body?.cancel();
      return report !== null;
    },
    ms,
    "/api/health/ready",
  );
  return report;
}

/** Signs in through better-auth's email endpoint; answers the session cookie header. */
export async function signIn(base, email, password = "inbox-demo", origin = base) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`Signing in as ${email} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  if (!cookie) throw new Error(`Signing in as ${email} set no cookie.`);
  return cookie;
}

export async function waitFor(check, ms, what) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what} after ${ms} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first port from `from` that nothing listens on. */
export async function freePort(from) {
  for (let port = from; port < from + 100; port++) {
    const free = await new Promise((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port from ${from}.`);
}

/** SSE text split into its messages: each with its `id` (or null) and its parsed `data` lines. */
export function parseSse(text) {
  return text
    .split("\n\n")
    .slice(0, -1)
    .map((block) => ({
      id: block.match(/^id: (.*)$/m)?.[1] ?? null,
      retry: Number(block.match(/^retry: (\d+)$/m)?.[1] ?? NaN),
      data: [...block.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1])),
    }));
}
