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
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { launchChromium } from "./lib/chromium.mjs";
import { JS_BUDGET_KB, pageJavaScript, READY } from "./lib/js-budget.mjs";
import { clusterEnv, createDatabase, freePort, parseSse, signIn, startInbox as start, startSandbox, waitFor, waitForReady, waitForSandbox } from "./lib/processes.mjs";

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

    it("keeps the login page's and the signed-in inbox's JavaScript within their budgets, in Chromium", async () => {
      const session = (await signIn(base, "marcus@acme.test")).split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name, value: value.join("="), url: base };
      });
      const browser = await launchChromium();
      let login, inbox;
      try {
        login = await pageJavaScript(browser, `${base}/login`, { ready: READY.login });
        inbox = await pageJavaScript(browser, `${base}/`, { ready: READY.inbox, cookies: session });
      } finally {
        await browser.close();
      }
      console.log(`JavaScript: login ${login.kb} kB in ${login.files} files (budget ${JS_BUDGET_KB.login}), inbox ${inbox.kb} kB in ${inbox.files} files (budget ${JS_BUDGET_KB.inbox})`);
      assert.ok(login.kb <= JS_BUDGET_KB.login, `The login page's JavaScript is ${login.kb} kB, over its budget of ${JS_BUDGET_KB.login} kB (scripts/lib/js-budget.mjs).`);
      assert.ok(inbox.kb <= JS_BUDGET_KB.inbox, `The inbox's JavaScript is ${inbox.kb} kB, over its budget of ${JS_BUDGET_KB.inbox} kB (scripts/lib/js-budget.mjs).`);
    });

    it("serves the build's scripts brotli- or gzip-compressed as the browser accepts, cached for good, and nothing else of the folder", async () => {
      const cookie = await signIn(base, "marcus@acme.test");
      const html = await (await fetch(`${base}/`, { headers: { cookie } })).text();
      const source = html.match(/<script[^>]*\ssrc="(\/_next\/static\/[^"]+\.js)"/)?.[1];
      assert.ok(source, "the inbox names a script");
      const original = readFileSync(path.join(place, "app", ".next", "static", source.slice("/_next/static/".length)));
      for (const [accepted, encoding, decode] of [["br, gzip", "br", brotliDecompressSync], ["gzip", "gzip", gunzipSync], ["identity", null, (body) => body]]) {
        const answer = await rawRequest(port, `GET ${source} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: ${accepted}\r\nConnection: close\r\n\r\n`, { binary: true });
        const split = answer.indexOf("\r\n\r\n");
        const head = answer.subarray(0, split).toString("latin1");
        assert.match(head, /^HTTP\/1\.1 200/);
        assert.match(head, /\r\ncache-control: public,max-age=31536000,immutable\r\n/i);
        assert.match(head, /\r\nx-content-type-options: nosniff\r\n/i);
        assert.match(head, /\r\ncontent-type: text\/javascript/i);
        if (encoding) assert.match(head, new RegExp(`\\r\\ncontent-encoding: ${encoding}\\r\\n`, "i"));
        else assert.doesNotMatch(head, /content-encoding/i);
        assert.deepEqual(decode(answer.subarray(split + 4)), original, `the ${encoding ?? "plain"} answer is the file`);
      }
      // Only the build's files: the server's build and a path out of the folder are not served.
      for (const other of ["/_next/static/../server/app/page.js", "/_next/static/%2e%2e/required-server-files.json"]) {
        assert.equal((await fetch(`${base}${other}`)).status, 404, other);
      }
    });

    it("compresses what Next answers, brotli first, routes' build-time files too, but never an event stream", async () => {
      for (const [path, holds] of [["/login", /Sign in/], ["/icons.svg", /<symbol id="inbox"/], ["/emojibase/en/data.json", /"emoji"/]]) {
        for (const [accepted, encoding] of [["br, gzip", "br"], ["gzip", "gzip"]]) {
          const answer = await fetch(`${base}${path}`, { headers: { "accept-encoding": accepted } });
          assert.equal(answer.status, 200, path);
          assert.equal(answer.headers.get("content-encoding"), encoding, `${path} for ${accepted}`);
          assert.match(await answer.text(), holds, path);
        }
      }
      const open = new AbortController();
      const cookie = await signIn(base, "marcus@acme.test");
      const stream = await fetch(`${base}/api/events`, { headers: { cookie, accept: "text/event-stream", "accept-encoding": "br, gzip" }, signal: open.signal });
      assert.equal(stream.status, 200);
      assert.equal(stream.headers.get("content-encoding"), null);
      open.abort();
    });

    it("logs JSON lines, one per request with its request ID and user, and never a secret", async () => {
      const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email: "priya@acme.test", password: "inbox-demo" }),
      });
      assert.equal(signIn.status, 200);
      const requestId = signIn.headers.get("x-request-id");
      assert.match(requestId ?? "", /^inbox[0-9a-f]{32}$/);
      let lines = [];
      await waitFor(
        () => {
          lines = server.stdout().split("\n").filter(Boolean);
          return lines.some((line) => line.includes(requestId));
        },
        5_000,
        "the sign-in's log line",
      );
      for (const line of lines) {
        const parsed = JSON.parse(line);
        assert.ok(parsed.time && parsed.level, `a log line with time and level: ${line}`);
      }
      const signInLine = lines.map((line) => JSON.parse(line)).find((line) => line.requestId === requestId && line.path === "/api/auth/sign-in/email");
      assert.ok(signInLine, "the sign-in's own line");
      assert.equal(signInLine.status, 200);
      assert.equal(typeof signInLine.durationMs, "number");
      assert.ok(signInLine.userId, "the user's ID");
      const all = server.stdout();
      for (const secret of ["inbox-demo", "@acme.test", "sandbox-token", "session_token"]) assert.ok(!all.includes(secret), `${secret} is never logged`);
    });

    it("answers /api/metrics from this machine, with the upstream, budget and stream series", async () => {
      const cookie = await signIn(base, "marcus@acme.test");
      assert.equal((await fetch(`${base}/api/v2/threads?limit=5`, { headers: { cookie } })).status, 200);
      const open = new AbortController();
      const stream = await fetch(`${base}/api/events`, { headers: { cookie, accept: "text/event-stream" }, signal: open.signal });
      const text = readText(stream);
      text.done.catch(() => undefined);
      await waitFor(() => text.sofar().includes(": connected"), 5_000, "the stream's first lines");
      const metrics = await fetch(`${base}/api/metrics`);
      assert.equal(metrics.status, 200);
      assert.match(metrics.headers.get("content-type") ?? "", /^text\/plain/);
      const body = await metrics.text();
      for (const series of [/^inbox_upstream_requests_total\{/m, /^inbox_budget_remaining /m, /^inbox_budget_limit /m, /^inbox_event_streams_open [1-9]/m]) assert.match(body, series);
      open.abort();
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
      assert.match(server.log(), /"msg":"stopped"/);
    });
  });

  describe("a second start, on the same data folder", () => {
    let server;
    before(() => {
      server = start(place, port, { INBOX_SHUTDOWN_TIMEOUT_MS: "60000", INBOX_METRICS_TOKEN: "metrics-token-for-the-test" });
    });
    after(() => server.child.kill("SIGKILL"));

    it("with a metrics token, answers /api/metrics to its bearer only", async () => {
      await waitForReady(base, server);
      const refused = await fetch(`${base}/api/metrics`);
      assert.equal(refused.status, 401);
      assert.equal((await refused.json()).code, "unauthorized");
      const answered = await fetch(`${base}/api/metrics`, { headers: { authorization: "Bearer metrics-token-for-the-test" } });
      assert.equal(answered.status, 200);
      assert.match(await answered.text(), /^inbox_event_streams_open /m);
    });

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

/**
 * Two instances of the copied build on one Postgres database in front of one API (the
 * stand-alone sandbox, from this checkout): a browser's stream is open on the first, events
 * flow, the first gets SIGTERM, and the browser moves to the second, as a load balancer would
 * send it. Runs when TEST_DATABASE_URL names a server (`npm test` sets it when one answers).
 */
describe("two instances on one Postgres database, one stopped with SIGTERM", { skip: !process.env.TEST_DATABASE_URL && "no TEST_DATABASE_URL" }, () => {
  const checkout = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
  const token = "sandbox-token-acme";
  const admin = { email: "admin@takeover.test", password: "takeover-password" };
  let place = "";
  let databases = [];
  let sandbox;
  let api = "";
  const instances = {};

  before(async () => {
    place = mkdtempSync(path.join(tmpdir(), "inbox-takeover-"));
    cpSync(built, path.join(place, "app"), { recursive: true, verbatimSymlinks: true });
    databases = await Promise.all(["inbox_takeover", "sandbox_takeover"].map((prefix) => createDatabase(process.env.TEST_DATABASE_URL, prefix)));
    const sandboxPort = await freePort(Number(process.env.E2E_PORT ?? 3100) + 20);
    api = `http://127.0.0.1:${sandboxPort}`;
    sandbox = startSandbox(checkout, sandboxPort, databases[1].url);
    await waitForSandbox(api, token);
    for (const name of ["a", "b"]) {
      const port = await freePort(sandboxPort + 1 + Object.keys(instances).length * 2);
      instances[name] = { port, base: `http://127.0.0.1:${port}` };
    }
    // Both answer for one public origin, as instances behind a load balancer do.
    const env = clusterEnv({ databaseUrl: databases[0].url, api, token, publicUrl: instances.a.base, admin });
    for (const instance of Object.values(instances)) instance.server = start(place, instance.port, env);
    await Promise.all(Object.values(instances).map((instance) => waitForReady(instance.base, instance.server)));
  });

  after(async () => {
    for (const instance of Object.values(instances)) instance.server?.child.kill("SIGKILL");
    sandbox?.child.kill("SIGKILL");
    await Promise.all([...Object.values(instances).map((i) => i.server?.exit), sandbox?.exit]);
    for (const database of databases) await database.drop();
    rmSync(place, { recursive: true, force: true });
  });

  it("ends the stream with a retry hint, and on the other instance the browser hears every message once", async () => {
    const origin = instances.a.base;
    const cookie = await signIn(instances.a.base, admin.email, admin.password, origin);
    const threads = await (await fetch(`${api}/v2/threads?limit=1`, { headers: { authorization: `Bearer ${token}` } })).json();
    const threadId = threads.data[0].id;
    const inbound = async (content) => {
      const response = await fetch(`${api}/_sandbox/inbound`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ threadId, content }),
      });
      assert.equal(response.status, 201, await response.text());
    };

    const first = openStream(instances.a.base, cookie);
    await waitFor(() => first.text().includes(": connected"), 10_000, "the stream on the first instance");
    await inbound("Before the restart");
    await waitFor(() => first.messages().some((m) => m.type === "api" && m.apiType === "message.received"), 30_000, "the first message on the first stream");

    const signalled = performance.now();
    instances.a.server.child.kill("SIGTERM");
    await inbound("While the first instance stops");
    assert.equal(await first.done, null, "the first stream ended cleanly");
    assert.match(first.text(), /\nretry: \d+\n\n$/, `the first stream ended with: ${JSON.stringify(first.text().slice(-200))}`);
    assert.deepEqual(await instances.a.server.exit, { code: 0, signal: null }, instances.a.server.log());
    assert.ok(performance.now() - signalled < STOPPED_WITHIN_MS);

    // The browser reconnects through the load balancer, which now sends it to the second instance.
    const second = openStream(instances.b.base, cookie, first.lastId());
    await waitFor(() => second.text().includes(": connected"), 10_000, "the stream on the second instance");
    await inbound("After the takeover");
    const contents = ["Before the restart", "While the first instance stops", "After the takeover"];
    // What the browser shows: what the streams said, and what it reads again when told to resync.
    const shown = async () => {
      const page = await (await fetch(`${instances.b.base}/api/v2/threads/${threadId}/messages?limit=20`, { headers: { cookie } })).json();
      return page.data.map((message) => message.content);
    };
    await waitFor(
      async () => second.messages().some((m) => m.type === "api" && m.apiType === "message.received") && (await shown()).includes(contents[2]),
      30_000,
      "the message sent after the takeover, on the second stream",
    );
    const messages = await shown();
    for (const content of contents) assert.equal(messages.filter((text) => text === content).length, 1, `${content} shown once in ${JSON.stringify(messages)}`);
    // Neither stream told the same change twice; the second either resumed or asked the browser to read again.
    for (const stream of [first, second]) {
      const ids = stream.messages().filter((m) => m.type === "api").map((m) => `${m.apiType} ${m.object.id} ${m.at}`);
      assert.deepEqual(ids, [...new Set(ids)], "no event told twice on one stream");
    }
    const told = new Set([first, second].flatMap((stream) => stream.messages().filter((m) => m.type === "api" && m.apiType === "message.received").map((m) => m.messageId)));
    // Numbers of the first instance mean nothing on the second: the browser is told to read again, which shows what it missed.
    assert.ok(second.messages().some((m) => m.type === "resync"), "the second instance asked the browser to read again");
    assert.ok(told.size >= 2, `the messages before the stop and after the takeover were told (told ${told.size})`);
    second.close();
  });
});

/** An event stream as a browser's EventSource reads it: its text, its messages, the last `id`. */
function openStream(base, cookie, lastEventId) {
  const controller = new AbortController();
  let text = "";
  const done = (async () => {
    const response = await fetch(`${base}/api/events`, {
      headers: { cookie, accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
      signal: controller.signal,
    });
    assert.equal(response.status, 200);
    const decoder = new TextDecoder();
    for await (const chunk of response.body) text += decoder.decode(chunk, { stream: true });
    return null;
  })().catch((error) => (controller.signal.aborted ? null : error));
  return {
    done,
    text: () => text,
    messages: () => parseSse(text).flatMap((message) => message.data),
    lastId: () => parseSse(text).flatMap((message) => (message.id === null ? [] : [message.id])).at(-1),
    close: () => controller.abort(),
  };
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

function rawRequest(port, request, { binary = false } = {}) {
  return new Promise((resolve, reject) => {
    // Written, not ended: a half-closed socket may lose an answer still being read from disk. Each
    // request asks for Connection: close, so the server ends the socket once it has answered.
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    const chunks = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => resolve(binary ? Buffer.concat(chunks) : Buffer.concat(chunks).toString()));
    socket.on("error", reject);
  });
}
