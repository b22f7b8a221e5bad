/**
 * `npm run bench:sandbox [-- --scale N --runs N]`: latency of the sandbox's hot endpoints at
 * scale, through its fetch handler (no network), on a fresh in-memory database.
 * Target: GET /threads p95 < 50 ms at 10,000 threads, and GET /lists/{id}/leads p95 < 50 ms
 * with `search`, a two-group `query` and `sort` at 100,000 leads (the biggest list holds ten
 * leads per thread of `--scale`). The last line is machine-readable; `leads_p95_ms` is the
 * worst of the three lead measurements.
 */
import { parseArgs } from "node:util";
import { createApiClient, paginateItems } from "@/lib/api/client";
import { checkCapability } from "@/lib/api/capabilities";
import { createSandbox } from "@/lib/sandbox/app";
import { percentile } from "./lib/percentile";

const { values } = parseArgs({
  options: { scale: { type: "string", default: "10000" }, runs: { type: "string", default: "200" } },
});
const scale = Number(values.scale);
const runs = Number(values.runs);

const seedStart = performance.now();
const sandbox = await createSandbox({ seed: { scale }, rateLimits: { minute: 1e9, hour: 1e9, day: 1e9 } });
console.log(`seeded ${scale} threads in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

const api = createApiClient({
  baseUrl: "http://sandbox.bench/v2",
  token: "sandbox-token-acme",
  fetch: (input, init) => sandbox.fetch(new Request(input, init)),
});

const [{ body: tags }, { body: platforms }] = await Promise.all([api.tags.list(), api.platforms.list()]);
const tagName = tags.data[0]?.name;
const links = [];
for await (const link of paginateItems(api.accountLinks.list, {})) links.push(link);

// Threads a send can go to: the account link and thread allow `message:send`.
const sendable: string[] = [];
for (const link of links) {
  const platform = platforms.find((p) => p.platform === link.platform);
  const { body } = await api.threads.list({ accountLinkId: [link.id], folder: "all", limit: 100 });
  for (const thread of body.data) {
    if (checkCapability("message:send", { accountLink: link, thread, platform }).allowed) sendable.push(thread.id);
  }
}
if (sendable.length === 0) throw new Error("No thread accepts a send");

const results = {
  threads: await measure("GET /threads", () => api.threads.list()),
  threadsTag: await measure(`GET /threads?tag=${tagName}`, () => api.threads.list({ tag: tagName ? [tagName] : undefined })),
  threadsQ: await measure("GET /threads?q=", (i) => api.threads.list({ q: ["an", "li", "ma", "er", "jo"][i % 5] })),
  threadsPage2: await measure("GET /threads (page 2, noReply)", async () => {
    const first = await api.threads.list({ folder: "noReply", limit: 25 });
    if (first.body.nextCursor) await api.threads.list({ folder: "noReply", limit: 25, cursor: first.body.nextCursor });
  }),
  send: await measure("POST /messages", (i) =>
    api.messages.send({ target: { type: "thread", threadId: sendable[i % sendable.length]! }, content: `Bench message ${i}` }),
  ),
};

// Leads: the biggest list, through raw requests (the typed client speaks version 2 only).
const leadsOf = async (query: string) => {
  const response = await sandbox.fetch(
    new Request(`http://sandbox.bench/v2/lists/lst0001/leads?${query}`, { headers: { authorization: "Bearer sandbox-token-acme" } }),
  );
  if (response.status !== 200) throw new Error(`GET leads ${query}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data: unknown[] };
};
const twoGroups = (i: number) =>
  encodeURIComponent(
    JSON.stringify({
      groups: [
        { type: "or", filters: [{ field: "bio", op: "contains", value: ["founder", "coach", "design"][i % 3] }, { field: "followers", op: "gte", value: 100_000 }] },
        { type: "and", filters: [{ field: "verification", op: "in", value: ["none", "verified"] }, { field: "reachable", op: "is", value: true }] },
      ],
    }),
  );
const sorts = ["username.keyword:asc", "lastActiveAt", "valuation", "createdAt:asc", "location.keyword"];
const { data: sample } = await leadsOf("limit=1");
console.log(`leads list lst0001: first page holds ${sample.length} lead(s)`);
const leadResults = {
  search: await measure("GET /lists/{id}/leads?search=", (i) => leadsOf(`search=${["an", "mar", "founder", "li", "son"][i % 5]}`)),
  query: await measure("GET /lists/{id}/leads?query= (2 groups)", (i) => leadsOf(`query=${twoGroups(i)}`)),
  sort: await measure("GET /lists/{id}/leads?sort=", (i) => leadsOf(`sort=${sorts[i % sorts.length]}`)),
};
const leadsP95 = Math.max(leadResults.search.p95, leadResults.query.p95, leadResults.sort.p95);

await sandbox.close();
const memory = process.memoryUsage();
console.log(`rss ${(memory.rss / 1e6).toFixed(0)} MB, heap ${(memory.heapUsed / 1e6).toFixed(0)} MB`);
console.log(
  `sandbox-bench: threads_p95_ms=${results.threads.p95} threads_q_p95_ms=${results.threadsQ.p95} send_p95_ms=${results.send.p95} leads_p95_ms=${leadsP95}`,
);

async function measure(label: string, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, runs); i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  const at = (q: number) => Number(percentile(times, q * 100).toFixed(1));
  const result = { p50: at(0.5), p95: at(0.95), max: at(1) };
  console.log(`${label.padEnd(36)} p50 ${result.p50} ms  p95 ${result.p95} ms  max ${result.max} ms  (${runs} runs)`);
  return result;
}
