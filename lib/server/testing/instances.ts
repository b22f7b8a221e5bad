import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import postgres from "postgres";
import { Webhook } from "standardwebhooks";
import { eventPage, type ApiEvent } from "@/lib/api/events";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-database";
import { createSandbox, type Sandbox } from "@/lib/sandbox/app";
import { DEMO_TOKEN } from "../runtime/env";

/**
 * Inbox instances as OS processes (./instance.ts) on one Postgres database, in front of one
 * sandbox, for the tests of what several instances promise (lib/server/events/instances.test.ts,
 * lib/server/routing/instances.test.ts, lib/server/routing/rules/instances.test.ts). Each instance reaches the sandbox through a port of its
 * own, so a test can tell which one reads GET /events.
 */
export type Instance = { name: string; port: number; base: string; upstream: string; process: ChildProcess | null; eventReads: number };

export const INSTANCE_SECRET = `whsec_${Buffer.from("instances-test-secret-of-32-bytes").toString("base64")}`;
export const INSTANCE_ADMIN = { email: "admin@instances.test", password: "instances-password" };

export function newInstance(name: string): Instance {
  return { name, port: 0, base: "", upstream: "", process: null, eventReads: 0 };
}

/** Serves `fetch` on a free local port until `servers` are closed. */
export function listen(fetch: (request: Request) => Promise<Response>, servers: ServerType[]): Promise<number> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info) => resolve(info.port));
    servers.push(server);
  });
}

/** Gives the instance its ports: its own and its way to the sandbox (counting its GET /events). */
export async function place(instance: Instance, sandbox: { fetch(request: Request): Promise<Response> }, servers: ServerType[]): Promise<void> {
  const upstreamPort = await listen((request) => {
    if (request.method === "GET" && new URL(request.url).pathname === "/v2/events") instance.eventReads++;
    return sandbox.fetch(request);
  }, servers);
  instance.port = await freePort();
  instance.base = `http://127.0.0.1:${instance.port}`;
  instance.upstream = `http://127.0.0.1:${upstreamPort}/v2`;
}

/** Starts the instance's process; resolves once it says it is ready. */
export async function launch(instance: Instance, databaseUrl: string): Promise<void> {
  const child = spawn(process.execPath, ["--import", "./lib/server/testing/server-only-hooks.mjs", "--import", "tsx", "lib/server/testing/instance.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(instance.port),
      DATABASE_URL: databaseUrl,
      INBOX_API_BASE_URL: instance.upstream,
      INBOX_API_TOKEN: DEMO_TOKEN,
      INBOX_WEBHOOK_SECRET: INSTANCE_SECRET,
      INBOX_SECRET: "a-session-secret-shared-by-both-instances",
      INBOX_ADMIN_EMAIL: INSTANCE_ADMIN.email,
      INBOX_ADMIN_PASSWORD: INSTANCE_ADMIN.password,
      INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  instance.process = child;
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance ${instance.name} did not start:\n${output}`)), 80_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`instance ${instance.name} exited with ${code}:\n${output}`)));
  });
}

/** Kills the instance at once, as a crash would; resolves once it has exited. */
export async function kill(instance: Instance): Promise<void> {
  const child = instance.process;
  if (!child) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  instance.process = null;
  instance.eventReads = 0;
}

/** Delivers an event to the instance as the API's signed webhook; answers the status. */
export async function deliver(instance: Instance, event: ApiEvent): Promise<number> {
  const body = JSON.stringify(event);
  const id = `msg_${event.id}`;
  const at = new Date();
  const response = await fetch(`${instance.base}/api/webhooks`, {
    method: "POST",
    headers: { "content-type": "application/json", "webhook-id": id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": new Webhook(INSTANCE_SECRET).sign(id, at, body) },
    body,
  });
  return response.status;
}

/** Waits, polling, until the condition holds; fails after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The sandbox as a test's own client (not through any instance): its API, its control API, and its event log. */
export function sandboxClient(sandbox: { fetch(request: Request): Promise<Response> }) {
  const api = (method: string, path: string, body?: unknown): Promise<Response> =>
    sandbox.fetch(
      new Request(`http://sandbox.test${path.startsWith("/_sandbox") ? path : `/v2${path}`}`, {
        method,
        headers: { authorization: `Bearer ${DEMO_TOKEN}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return {
    api,
    eventsAfter: async (seq: number): Promise<ApiEvent[]> => eventPage.parse(await (await api("GET", `/events?afterSeq=${seq}&limit=1000`)).json()).data,
    latestSeq: async (): Promise<number> => eventPage.parse(await (await api("GET", `/events?afterSeq=${Number.MAX_SAFE_INTEGER}&limit=1`)).json()).lastSeq,
  };
}

/**
 * Two instances, `a` and `b`, started on a database of their own (named `databaseName` on the
 * server at `serverUrl`) in front of one sandbox with a generous quota, and an SQL client on it.
 */
export async function startTwoInstances(serverUrl: string, databaseName: string) {
  const servers: ServerType[] = [];
  const database: TestDatabase = await createTestDatabase(serverUrl, databaseName);
  const sandbox: Sandbox = await createSandbox({ rateLimits: { minute: 100_000, hour: 1_000_000, day: 10_000_000 } });
  const [a, b] = [newInstance("a"), newInstance("b")];
  for (const instance of [a, b]) await place(instance, sandbox, servers);
  await Promise.all([a, b].map((instance) => launch(instance, database.url)));
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  return {
    a,
    b,
    sql,
    database,
    ...sandboxClient({ fetch: (request) => sandbox.fetch(request) }),
    async close() {
      for (const instance of [a, b]) instance.process?.kill("SIGKILL");
      await sql.end();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      await sandbox.close();
      await database.drop();
    },
  };
}
