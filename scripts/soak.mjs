/**
 * The soak test (not part of `npm test`): the built inbox as it runs in production, two
 * instances on one Postgres database behind a load balancer (scripts/soak/balancer.mjs), with
 * simulated members (scripts/soak/member.mjs) working for a while as the sandbox's customers
 * write in. Every two minutes one instance is stopped with SIGTERM and started again, and once,
 * halfway, one is killed with SIGKILL. At the end it prints:
 *
 * - events lost: an API event a member neither heard on a stream nor was told to read again
 *   after (a `resync` after it, which makes the browser read everything again);
 * - events applied twice: the same event heard twice by one member;
 * - sends duplicated: a member's message that is in the thread more than once;
 * - member-visible errors: what a browser following the inbox's own retry rules could not get past;
 *
 * all of which must be 0 (the exit code says whether they are), and each instance's memory
 * over each of its lives.
 *
 *   npm run build && npm run soak -- [--minutes 10] [--members 50]
 *
 * Needs a Postgres server: SOAK_DATABASE_URL, else TEST_DATABASE_URL, else the local default. It
 * creates two databases there and drops them at the end. The sandbox's quotas are raised for the
 * run: the soak is about restarts, not the request budget (which has tests of its own).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { clusterEnv, createDatabase, freePort, signIn, startInbox, startSandbox, waitForReady, waitForSandbox } from "./lib/processes.mjs";
import { startBalancer } from "./soak/balancer.mjs";
import { createMember } from "./soak/member.mjs";
import { eventsLost, memoryReport, sendsDuplicated } from "./soak/verdict.mjs";

const { values: options } = parseArgs({ options: { minutes: { type: "string", default: "10" }, members: { type: "string", default: "50" } } });
const MINUTES = Number(options.minutes);
const MEMBERS = Number(options.members);
const checkout = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(checkout, ".next", "standalone");
const serverUrl = process.env.SOAK_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";
const TOKEN = "sandbox-token-acme";
const ADMIN = { email: "admin@soak.test", password: "soak-admin-password" };
const say = (line) => console.log(`[soak ${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const began = performance.now();

if (!existsSync(path.join(built, "server.mjs"))) throw new Error("No standalone build: run `npm run build` first.");

const place = mkdtempSync(path.join(tmpdir(), "inbox-soak-"));
cpSync(built, path.join(place, "app"), { recursive: true, verbatimSymlinks: true });
const databases = await Promise.all(["inbox_soak", "sandbox_soak"].map((prefix) => createDatabase(serverUrl, prefix)));
const sandboxPort = await freePort(4400);
const api = `http://127.0.0.1:${sandboxPort}`;
const sandbox = startSandbox(checkout, sandboxPort, databases[1].url);
const asTeam = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
const balancerPort = await freePort(sandboxPort + 1);
const base = `http://127.0.0.1:${balancerPort}`;
const balancer = await startBalancer(balancerPort);
const instances = {};
const lives = []; // { name, samples: [{ at, rss, heap }] }
const record = { requests: 0, failedRequests: 0, errors: [], request: (status) => ((record.requests += 1), status >= 500 || status === 0 ? (record.failedRequests += 1) : 0), error: (line) => record.errors.push(line) };

function launch(name) {
  const instance = instances[name];
  instance.server = startInbox(place, instance.port, {
    ...clusterEnv({ databaseUrl: databases[0].url, api, token: TOKEN, publicUrl: base, admin: ADMIN }),
    INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "10000",
    LOG_LEVEL: "warn",
  });
  instance.life = { name, startedAt: Date.now(), samples: [] };
  lives.push(instance.life);
  return waitForReady(`http://127.0.0.1:${instance.port}`, instance.server, 120_000);
}

async function sampleMemory() {
  for (const instance of Object.values(instances)) {
    const text = await fetch(`http://127.0.0.1:${instance.port}/api/metrics`).then((r) => (r.ok ? r.text() : ""), () => "");
    const value = (name) => Number(text.match(new RegExp(`^${name} (\\S+)$`, "m"))?.[1] ?? NaN);
    const rss = value("process_resident_memory_bytes");
    if (Number.isFinite(rss)) instance.life.samples.push({ at: Date.now(), rss, heap: value("nodejs_heap_size_used_bytes") });
  }
}

async function restart(name, signal) {
  const instance = instances[name];
  say(`${signal} to instance ${name}`);
  const stopped = performance.now();
  instance.server.child.kill(signal);
  const exit = await instance.server.exit;
  say(`instance ${name} exited (${exit.signal ?? exit.code}) after ${((performance.now() - stopped) / 1000).toFixed(1)} s; starting it again`);
  await launch(name);
  say(`instance ${name} ready again`);
}

let members = [];
let failure = null;
try {
  await waitForSandbox(api, TOKEN);
  await fetch(`${api}/_sandbox/rate-limits`, { method: "PUT", headers: asTeam, body: JSON.stringify({ minute: 100_000, hour: 1_000_000, day: 10_000_000 }) });
  for (const name of ["a", "b"]) {
    instances[name] = { port: await freePort(balancerPort + 1 + Object.keys(instances).length * 2) };
    balancer.add(name, instances[name].port);
  }
  // One first (it migrates and creates the admin), then the other.
  await launch("a");
  await launch("b");
  say(`sandbox, balancer and two instances up; creating ${MEMBERS} members`);

  const admin = await signIn(base, ADMIN.email, ADMIN.password);
  const asAdmin = { cookie: admin, origin: base, "content-type": "application/json" };
  const sendable = await sendableThreads(asAdmin);
  const accounts = [];
  for (let i = 1; i <= MEMBERS; i++) {
    const email = `member-${String(i).padStart(2, "0")}@soak.test`;
    const created = await fetch(`${base}/api/inbox/users`, { method: "POST", headers: asAdmin, body: JSON.stringify({ email, name: `Soak Member ${i}`, password: "soak-member-password", role: "member" }) });
    if (created.status !== 201 && created.status !== 200) throw new Error(`Creating ${email}: ${created.status} ${await created.text()}`);
    accounts.push({ email, name: `member-${i}` });
  }
  members = await Promise.all(
    accounts.map(async ({ email, name }) => createMember({ base, cookie: await signIn(base, email, "soak-member-password"), name, sendable, record })),
  );
  for (const member of members) member.start();
  say(`${MEMBERS} members at work for ${MINUTES} min on ${sendable.length} conversations`);

  const inbound = setInterval(() => {
    const threadId = sendable[Math.floor(Math.random() * sendable.length)];
    void fetch(`${api}/_sandbox/inbound`, { method: "POST", headers: asTeam, body: JSON.stringify({ threadId, content: `Customer writes ${Date.now()}` }) }).catch(() => undefined);
  }, 1_500);
  const sampler = setInterval(() => void sampleMemory(), 15_000);

  const start = Date.now();
  const at = (minute) => start + minute * 60_000;
  const plan = [];
  for (let k = 1; 2 * k < MINUTES; k++) plan.push({ at: at(2 * k), name: k % 2 ? "a" : "b", signal: "SIGTERM" });
  plan.push({ at: at(MINUTES / 2), name: "a", signal: "SIGKILL" });
  plan.sort((x, y) => x.at - y.at);
  for (const step of plan) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, step.at - Date.now())));
    await restart(step.name, step.signal);
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at(MINUTES) - Date.now())));
  clearInterval(inbound);
  const quietAt = Date.now();
  say("members stop; the streams stay open 20 s to hear what is on its way");
  await Promise.all(members.map((member) => member.quiet()));
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  clearInterval(sampler);
  await Promise.all(members.map((member) => member.close()));

  const reports = members.map((member) => member.report());
  const lost = await eventsLost(api, TOKEN, reports, quietAt);
  const duplicated = await sendsDuplicated(api, TOKEN, reports);
  const sends = reports.reduce((n, r) => n + r.sent.length, 0);
  console.log("\nSoak results");
  console.log(`  members ${MEMBERS}, ${MINUTES} min, ${record.requests} requests through the balancer (${record.failedRequests} answered 5xx or not at all, before the browser's retries), ${sends} sends`);
  console.log(`  API events in the window: ${lost.total}; heard by members: ${lost.heard}`);
  console.log(`  events lost:            ${lost.lost}`);
  console.log(`  events applied twice:   ${lost.twice}`);
  console.log(`  sends duplicated:       ${duplicated.duplicated} (sends not found: ${duplicated.missing})`);
  console.log(`  member-visible errors:  ${record.errors.length}`);
  for (const line of record.errors.slice(0, 10)) console.log(`    ${line}`);
  for (const line of lost.examples) console.log(`    lost: ${line}`);
  console.log("  memory per instance life (RSS, heap used; first sample after 30 s to last):");
  for (const line of memoryReport(lives)) console.log(`    ${line}`);
  console.log(`\nsoak: lost=${lost.lost} twice=${lost.twice} duplicated=${duplicated.duplicated} visible_errors=${record.errors.length}`);
  if (lost.lost || lost.twice || duplicated.duplicated || record.errors.length) failure = "a figure that must be 0 is not";
} catch (error) {
  failure = error;
  console.error(error);
  for (const [name, instance] of Object.entries(instances)) console.error(`--- instance ${name} log (tail)\n${instance.server?.log().slice(-3000)}`);
  console.error(`--- sandbox log (tail)\n${sandbox.log().slice(-3000)}`);
} finally {
  await Promise.all(members.map((member) => member.close()));
  for (const instance of Object.values(instances)) instance.server?.child.kill("SIGKILL");
  sandbox.child.kill("SIGKILL");
  await balancer.stop();
  await Promise.all([...Object.values(instances).map((i) => i.server?.exit), sandbox.exit]);
  for (const database of databases) await database.drop();
  rmSync(place, { recursive: true, force: true });
}
process.exit(failure ? 1 : 0);

/** Conversations a member may write in: an active account that can send, on a platform that can, and not restricted. */
async function sendableThreads(asAdmin) {
  const get = async (p) => (await fetch(`${base}${p}`, { headers: asAdmin })).json();
  const links = (await get("/api/v2/account-links?limit=100")).data;
  const platforms = await get("/api/v2/platforms");
  const threads = (await get("/api/v2/threads?folder=inbox&limit=100")).data;
  return threads
    .filter((t) => {
      const link = links.find((l) => l.id === t.accountLinkId);
      const platform = platforms.find((p) => p.platform === link?.platform);
      return link?.status === "active" && link.capabilities.includes("message:send") && platform?.capabilities.includes("message:send") && !t.restrictions.includes("message:send");
    })
    .slice(0, 40)
    .map((t) => t.id);
}
