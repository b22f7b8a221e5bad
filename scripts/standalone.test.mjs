/**
 * The build as it is deployed: the standalone folder (`npm run build`, scripts/standalone.mjs)
 * copied to an empty directory outside the checkout, started with `node` alone on a fresh data
 * folder, signed in to, and stopped with signals. It needs the build, so `npm test` runs it as a
 * step of its own after the build (scripts/test.mjs), not with Vitest:
 *
 *   npm run build && node --test scripts/standalone.test.mjs
 *
 * Ports: the first free one from E2E_PORT + 2 (3102 by default; the e2e inboxes take E2E_PORT
 * and the next one).
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const built = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", ".next", "standalone");
const STOPPED_WITHIN_MS = 15_000;

describe("the standalone build, copied out of the checkout", () => {
  let place = "";
  let port = 0;
  let base = "";

  before(async () => {
    assert.ok(existsSync(path.join(built, "server.mjs")), "No standalone build: run `npm run build` first.");
    place = mkdtempSync(path.join(tmpdir(), "inbox-standalone-"));
    // Links as they are (.next/node_modules links into the folder), as `cp -a` copies.
    cpSync(built, path.join(place, "app"), { recursive: true, verbatimSymlinks: true });
    port = await freePort(Number(process.env.E2E_PORT ?? 3100) + 2);
    base = `http://127.0.0.1:${port}`;
  });
  after(() => rmSync(place, { recursive: true, force: true }));

  describe("a first start, on a fresh data folder", () => {
    let server;
    before(() => {
      server = start(place, port);
    });
    after(() => server.child.kill("SIGKILL"));

    it("answers live, and ready once its database is migrated", async () => {
      const ready = await waitForReady(base, server);
      assert.deepEqual({ status: ready.status, migrations: ready.migrations, database: ready.database.reachable }, { status: "ready", migrations: "applied", database: true });
      const live = await fetch(`${base}/api/health/live`);
      assert.equal(live.status, 200);
      assert.deepEqual(await live.json(), { status: "live" });
    });

    it("signs a demo user in and reads their threads", async () => {
      const cookie = await signIn(base, "olivia@acme.test");
      const threads = await fetch(`${base}/api/v2/threads?limit=5`, { headers: { cookie } });
      assert.equal(threads.status, 200);
      assert.ok((await threads.json()).data.length > 0);
    });

    it("is served by the inbox's own server: TRACE is refused with the spec's 405", async () => {
      const answer = await rawRequest(port, `TRACE /api/v2/threads HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      assert.match(answer, /^HTTP\/1\.1 405/);
      assert.match(answer, /"code":"methodNotAllowed"/);
    });

    it("keeps its data in the folder named from where it was started, not inside the build", () => {
      assert.ok(existsSync(path.join(place, "data", "db", "owner.pid")));
      assert.ok(!existsSync(path.join(place, "app", "data")) && !existsSync(path.join(place, "app", ".data")));
    });

    it("on SIGTERM ends an open event stream with a retry hint, closes the database and exits 0", async () => {
      const cookie = await signIn(base, "sam@acme.test");
      const stream = await fetch(`${base}/api/events`, { headers: { cookie, accept: "text/event-stream" } });
      assert.equal(stream.status, 200);
      const text = readText(stream);
      await waitFor(() => text.sofar().includes(": connected"), 5_000, "the stream's first lines");

      const signalled = performance.now();
      server.child.kill("SIGTERM");
      const body = await text.done;
      const lastField = body.split("\n").filter((line) => line && !line.startsWith(":")).at(-1);
      assert.match(lastField ?? "", /^retry: \d+$/, `the stream ended with: ${JSON.stringify(body.slice(-200))}`);
      assert.ok(body.endsWith("\n\n"), "the stream ends after a whole message");

      const exit = await server.exit;
      assert.deepEqual(exit, { code: 0, signal: null }, server.log());
      assert.ok(performance.now() - signalled < STOPPED_WITHIN_MS, `stopped after ${Math.round(performance.now() - signalled)} ms`);
      // PGlite's folder is released only by a clean close.
      assert.ok(!existsSync(path.join(place, "data", "db", "owner.pid")), server.log());
      assert.match(server.log(), /\[inbox\] stopped/);
    });
  });

  describe("a second start, on the same data folder", () => {
    let server;
    before(() => {
      server = start(place, port, { INBOX_SHUTDOWN_TIMEOUT_MS: "60000" });
    });
    after(() => server.child.kill("SIGKILL"));

    it("waits for a request in flight after SIGTERM, refusing new connections, and exits at once on a second signal", async () => {
      await waitForReady(base, server);
      // An upload that has sent half its body is a request in flight for as long as it lasts.
      const upload = connect(port, "127.0.0.1");
      await new Promise((resolve) => upload.once("connect", resolve));
      upload.on("error", () => {});
      upload.write(`POST /api/webhooks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"half":`);
      await new Promise((resolve) => setTimeout(resolve, 300));

      server.child.kill("SIGTERM");
      await waitFor(() => server.log().includes("SIGTERM: stopping"), 5_000, "the stop to begin");
      await assert.rejects(fetch(`${base}/api/health/live`), "a new connection is refused while stopping");
      assert.equal(server.child.exitCode, null, "still waiting for the upload");

      const signalled = performance.now();
      server.child.kill("SIGINT");
      const exit = await server.exit;
      assert.ok(performance.now() - signalled < 2_000, `exited after ${Math.round(performance.now() - signalled)} ms`);
      assert.deepEqual(exit, { code: 1, signal: null }, server.log());
      upload.destroy();
    });
  });
});

/** `node app/server.mjs` from `place`, with nothing of this checkout's environment but PATH. */
function start(place, port, env = {}) {
  const child = spawn(process.execPath, [path.join("app", "server.mjs"), "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: place,
    env: { PATH: process.env.PATH, INBOX_DATA_DIR: "data", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (chunk) => (log += chunk));
  child.stderr.on("data", (chunk) => (log += chunk));
  const exit = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, exit, log: () => log };
}

async function waitForReady(base, server) {
  let report = null;
  await waitFor(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`The server exited with ${server.child.exitCode}:\n${server.log()}`);
      const response = await fetch(`${base}/api/health/ready`).catch(() => null);
      if (response?.status === 200) report = await response.json();
      else await response?.body?.cancel();
      return report !== null;
    },
    90_000,
    "/api/health/ready",
  );
  return report;
}

async function signIn(base, email) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: "inbox-demo" }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  const cookie = response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  assert.ok(cookie, "a session cookie");
  return cookie;
}

/** A response's body as it arrives, and all of it once the server ends it. */
function readText(response) {
  let text = "";
  const decoder = new TextDecoder();
  const done = (async () => {
    for await (const chunk of response.body) text += decoder.decode(chunk, { stream: true });
    return text;
  })();
  return { sofar: () => text, done };
}

function rawRequest(port, request) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(request));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

async function waitFor(check, ms, what) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what} after ${ms} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first port from `from` that nothing listens on. */
async function freePort(from) {
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
