import { base, en, Faker } from "@faker-js/faker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as auth from "@/app/api/auth/[...all]/route";
import * as events from "@/app/api/events/route";
import * as healthRoute from "@/app/api/health/route";
import * as activity from "@/app/api/inbox/activity/route";
import * as availability from "@/app/api/inbox/availability/route";
import * as comments from "@/app/api/inbox/comments/route";
import * as counts from "@/app/api/inbox/counts/route";
import * as mentionsRead from "@/app/api/inbox/mentions/read/route";
import * as mentions from "@/app/api/inbox/mentions/route";
import * as preferences from "@/app/api/inbox/preferences/route";
import * as reads from "@/app/api/inbox/reads/route";
import * as routingLink from "@/app/api/inbox/routing/links/[accountLinkId]/route";
import * as routingMember from "@/app/api/inbox/routing/members/[memberId]/route";
import * as routing from "@/app/api/inbox/routing/route";
import * as stageTimes from "@/app/api/inbox/stage-times/route";
import * as status from "@/app/api/inbox/status/route";
import * as userPassword from "@/app/api/inbox/users/[userId]/password/route";
import * as user from "@/app/api/inbox/users/[userId]/route";
import * as users from "@/app/api/inbox/users/route";
import * as workload from "@/app/api/inbox/workload/route";
import * as presence from "@/app/api/presence/route";
import * as sandbox from "@/app/api/sandbox/[...path]/route";
import * as settings from "@/app/api/settings/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import * as webhooks from "@/app/api/webhooks/route";
import { activityQuery } from "@/lib/api/activity";
import { commentQuery, mentionsRead as mentionsReadBody, newComment } from "@/lib/api/comments";
import { ENDPOINTS, OPERATIONS } from "@/lib/api/endpoints";
import { errorBody } from "@/lib/api/error-schemas";
import { presenceBeat } from "@/lib/api/inbox-events";
import { preferencesPatch } from "@/lib/api/preferences";
import { readChange } from "@/lib/api/read-state";
import { availabilityChange, capacityChange, linkRoutingChange } from "@/lib/api/routing";
import { newUser, passwordReset, userPatch } from "@/lib/api/users";
import { PEER_ADDRESS_HEADER } from "../accounts/client-address";
import { teamSettingsPatch } from "../store/settings";
import { ORIGIN, startTestBff, type TestBff } from "../testing/bff";

/**
 * Hundreds of malformed requests to every route family of the BFF, generated from one seed so
 * that a failure replays exactly (FUZZ_SEED and FUZZ_REQUESTS explore further): random JSON
 * types, missing and extra fields, malformed IDs and percent-encodings, wrong content types,
 * huge strings, as a member, a manager, an admin, a forged session and nobody. None may answer
 * 5xx, and every 4xx but better-auth's own carries the spec's error body.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 600);
const f = new Faker({ locale: [en, base], seed: SEED });

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
type RouteModule = Partial<Record<Method, (request: Request, context: { params: Promise<never> }) => Promise<Response>>>;
type Session = "none" | "member" | "manager" | "admin" | "forged";
type Fuzzed = { module: RouteModule; method: Method; path: string; params?: Record<string, unknown>; body?: Body; sessions?: Session[]; betterAuth?: boolean };
type Body = { text: string | Uint8Array; type: string | null };

const MALFORMED = ["%", "%FF", "%E0%A4%A", "%C0%80", "%zz", "ab%2", "%ED%A0%80", "%F4%90%80%80", "%00", "a%0Ab", "%7F", "%1F", "%0D%0A"];
const CONTENT_TYPES = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16", "application/xml", null];
const GARBAGE = ["{", '{"a":', "\u0000", "a=b&c=d", "<x/>", "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--x--", "[1,2", "\uFEFF{}", "x".repeat(300_000)];
const QUERY_KEYS = ["limit", "cursor", "expand", "status", "assigneeId", "threadId", "contactId", "memberId", "afterSeq", "format", "emoji", "scope", "platform", "action", "from", "limit[]", "expand[0]", "__proto__", ""];
const real = { threadId: [] as string[], messageId: [] as string[], contactId: [] as string[], memberId: [] as string[], accountLinkId: [] as string[], ref: [] as string[], userId: [] as string[] };

let bff: TestBff;
const cookies: Record<Session, string | null> = { none: null, member: null, manager: null, admin: null, forged: null };

beforeAll(async () => {
  bff = await startTestBff();
  await bff.runtime.gateway.index.ready();
  // The fuzz is about answers, not the team's quota: no request should wait for the window.
  await bff.runtime.upstream.sandboxFetch!("/_sandbox/rate-limits", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ minute: 1e6, hour: 1e6, day: 1e6 }) });
  cookies.member = await bff.signIn("sam");
  cookies.manager = await bff.signIn("marcus");
  cookies.admin = await bff.signIn("olivia");
  cookies.forged = `${cookies.member.split("=")[0]}=${f.string.alphanumeric(32)}.${f.string.alphanumeric(43)}`;
  const threads = bff.runtime.gateway.index.all().slice(0, 5);
  real.threadId = threads.map((t) => t.id);
  real.contactId = threads.flatMap((t) => (t.contactId ? [t.contactId] : []));
  real.accountLinkId = threads.map((t) => t.accountLinkId);
  const client = bff.runtime.upstream.client;
  real.messageId = (await client.threads.messages(real.threadId[0]!, { limit: 5 })).body.data.map((m) => m.id);
  real.memberId = (await client.members.list({ limit: 5 })).body.data.map((m) => m.id);
  const tags = (await client.tags.list({ limit: 5 })).body.data;
  real.ref = [...tags.map((t) => t.id), ...tags.map((t) => encodeURIComponent(t.name))];
  // Not the signed-in users: an admin's fuzzed delete or new password would end their sessions.
  real.userId = (await bff.runtime.users.list()).filter((u) => !/^(sam|marcus|olivia)@/.test(u.email)).map((u) => u.id);
}, 60_000);
afterAll(() => bff.close());

describe("the BFF under malformed requests", () => {
  it(`answers ${REQUESTS} of them (seed ${SEED}) without a 5xx, and every 4xx with the spec's error body`, async () => {
    const failures: string[] = [];
    const seen = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i++) {
      const request = generate();
      const session = pick<Session>(request.sessions ?? ["none", "member", "manager", "admin", "forged"]);
      const outcome = await send(request, session);
      seen.set(outcome.status, (seen.get(outcome.status) ?? 0) + 1);
      if (outcome.problem) failures.push(`${request.method} ${request.path.slice(0, 200)} as ${session} [${request.body?.type ?? "no body"}] ${preview(request.body?.text)} → ${outcome.status}: ${outcome.problem}`);
    }
    expect(failures.slice(0, 20), `${failures.length} bad answers`).toEqual([]);
    // The fuzz reached past the gates: some requests were refused for their input, some got through.
    expect(seen.get(400)).toBeGreaterThan(REQUESTS / 5);
    expect([...seen.keys()].some((s) => s < 300)).toBe(true);
  }, 120_000);

  it("answers the requests it once found failing with their 4xx", async () => {
    const json = (value: unknown): Body => ({ text: JSON.stringify(value), type: "application/json" });
    const cases: [Fuzzed, Session, number][] = [
      [{ module: v2, method: "GET", path: "/api/v2/tags/%00" }, "member", 400],
      [{ module: v2, method: "GET", path: "/api/v2/statuses/%FF" }, "none", 400],
      [{ module: v2, method: "PUT", path: `/api/v2/contacts/${real.contactId[0]}/tags/%E0%A4%A` }, "manager", 400],
      [{ module: v2, method: "POST", path: `/api/v2/messages/${real.messageId[0]}/reactions`, body: json({ emoji: "a\u0000b" }) }, "manager", 400],
      [{ module: v2, method: "GET", path: "/api/v2/contacts?platform=instagram&platformId=%00" }, "manager", 400],
      [{ module: users, method: "POST", path: "/api/inbox/users", body: json({ email: "nul@acme.test", name: "a\u0000b", password: "correct-horse-battery" }) }, "admin", 400],
      [{ module: user, method: "PATCH", path: `/api/inbox/users/${real.userId[0]}`, params: { userId: real.userId[0] }, body: json({ name: "x\u0000y" }) }, "admin", 400],
      [{ module: sandbox, method: "GET", path: "/api/sandbox/media/%3Cscript%3E" }, "none", 403],
      [{ module: webhooks, method: "POST", path: "/api/webhooks", body: json({}) }, "none", 401],
    ];
    const wrong: string[] = [];
    for (const [request, session, status] of cases) {
      const outcome = await send(request, session, { random: false });
      if (outcome.status !== status || outcome.problem) wrong.push(`${request.method} ${request.path} as ${session} → ${outcome.status}: ${outcome.problem}`);
    }
    expect(wrong).toEqual([]);
  });
});

/** Sends a request as the browser would; `random` also varies its origin, address and idempotency key. */
async function send(request: Fuzzed, session: Session, { random = true } = {}): Promise<{ status: number; problem: string | null }> {
  const handler = request.module[request.method]!;
  const headers = new Headers({ "sec-fetch-site": !random || f.datatype.boolean(0.9) ? "same-origin" : "cross-site", origin: ORIGIN });
  // What the inbox's server writes on every request (scripts/server.mjs).
  headers.set(PEER_ADDRESS_HEADER, random ? `10.${f.number.int(255)}.${f.number.int(255)}.${f.number.int({ min: 1, max: 254 })}` : "10.0.0.1");
  if (cookies[session]) headers.set("cookie", cookies[session]);
  if (request.body?.type) headers.set("content-type", request.body.type);
  if (random && f.datatype.boolean(0.1)) headers.set("idempotency-key", pick(["", "k".repeat(5000), f.string.uuid(), "a b"]));
  const body = request.method === "GET" ? undefined : (request.body?.text as BodyInit | undefined);
  const response = await handler(new Request(`${ORIGIN}${request.path}`, { method: request.method, headers, body }), { params: Promise.resolve(request.params ?? {}) as Promise<never> });
  if (response.headers.get("content-type")?.includes("text/event-stream")) {
    await response.body?.cancel();
    return { status: response.status, problem: null };
  }
  const text = await response.text();
  if (response.status >= 500) return { status: response.status, problem: text.slice(0, 300) };
  if (response.status >= 400 && !request.betterAuth) {
    const parsed = errorBody.safeParse(safeJson(text));
    if (!parsed.success || !parsed.data.requestId) return { status: response.status, problem: `not the spec's error body: ${text.slice(0, 300)}` };
  }
  return { status: response.status, problem: null };
}

/** One request: mostly the API proxy, the rest spread over every other route family. */
function generate(): Fuzzed {
  return f.helpers.weightedArrayElement([
    { weight: 45, value: v2Request },
    { weight: 25, value: inboxRequest },
    { weight: 10, value: userRequest },
    { weight: 5, value: routingRequest },
    { weight: 10, value: sandboxRequest },
    { weight: 10, value: authRequest },
  ])();
}

function v2Request(): Fuzzed {
  if (f.datatype.boolean(0.1)) return { module: v2, method: method(), path: `/api/v2/${segments()}${query()}`, body: body([]) };
  const endpoint = ENDPOINTS[pick(OPERATIONS)];
  const path = `/api/v2${endpoint.path.replace(/:(\w+)/g, (_, name: string) => segment(name))}${query()}`;
  const keys = endpoint.body ? keysOf(endpoint.body) : [];
  return { module: v2, method: f.datatype.boolean(0.85) ? endpoint.method : method(), path, body: endpoint.body || f.datatype.boolean(0.2) ? body(keys) : undefined };
}

function inboxRequest(): Fuzzed {
  const [module, method, path, schema] = pick<[RouteModule, Method, string, unknown]>([
    [activity, "GET", "/api/inbox/activity", activityQuery],
    [counts, "GET", "/api/inbox/counts", null],
    [preferences, "GET", "/api/inbox/preferences", null],
    [preferences, "PATCH", "/api/inbox/preferences", preferencesPatch],
    [reads, "GET", "/api/inbox/reads", null],
    [reads, "POST", "/api/inbox/reads", readChange],
    [stageTimes, "GET", "/api/inbox/stage-times", null],
    [status, "GET", "/api/inbox/status", null],
    [users, "GET", "/api/inbox/users", null],
    [users, "POST", "/api/inbox/users", newUser],
    [workload, "GET", "/api/inbox/workload", null],
    [availability, "GET", "/api/inbox/availability", null],
    [availability, "PUT", "/api/inbox/availability", availabilityChange],
    [routing, "GET", "/api/inbox/routing", null],
    [comments, "GET", "/api/inbox/comments", commentQuery],
    [comments, "POST", "/api/inbox/comments", newComment],
    [mentions, "GET", "/api/inbox/mentions", null],
    [mentionsRead, "POST", "/api/inbox/mentions/read", mentionsReadBody],
    [presence, "POST", "/api/presence", presenceBeat],
    [settings, "GET", "/api/settings", null],
    [settings, "PATCH", "/api/settings", teamSettingsPatch],
    [healthRoute, "GET", "/api/health", null],
    [events, "GET", "/api/events", null],
    [webhooks, "POST", "/api/webhooks", null],
  ]);
  const keys = schema ? keysOf(schema) : [];
  const search = method === "GET" && keys.length ? `?${keys.map((k) => `${k}=${value(k)}`).join("&")}` : query();
  return { module, method, path: `${path}${search}`, body: method === "GET" ? undefined : body(keys) };
}

function userRequest(): Fuzzed {
  const raw = segment("userId");
  const [module, method, suffix, schema] = pick<[RouteModule, Method, string, unknown]>([
    [user, "PATCH", "", userPatch],
    [user, "DELETE", "", null],
    [userPassword, "PUT", "/password", passwordReset],
  ]);
  // Next hands the segment in decoded; one that does not decode never reaches the handler.
  return { module, method, path: `/api/inbox/users/${raw}${suffix}`, params: { userId: safeDecode(raw) }, body: body(schema ? keysOf(schema) : []) };
}

function routingRequest(): Fuzzed {
  const [module, name, prefix, schema] = pick<[RouteModule, string, string, unknown]>([
    [routingLink, "accountLinkId", "links", linkRoutingChange],
    [routingMember, "memberId", "members", capacityChange],
  ]);
  const raw = segment(name);
  return { module, method: "PUT", path: `/api/inbox/routing/${prefix}/${raw}`, params: { [name]: safeDecode(raw) }, body: body(keysOf(schema)) };
}

function sandboxRequest(): Fuzzed {
  const path = `/api/sandbox/${pick(["media", "_sandbox", "v2", "x"])}/${segments()}${query()}`;
  // Not as an admin: the simulator's control API could lower the quota or inject failures on purpose.
  const sessions: Session[] = ["none", "member", "manager", "forged"];
  return { module: sandbox, method: pick(["GET", "POST", "PUT", "DELETE"]), path, body: body(["kind", "count", "threadId", "content", "seconds", "enabled"]), sessions };
}

function authRequest(): Fuzzed {
  const path = `/api/auth/${pick(["sign-in/email", "get-session", "sign-up/email", "list-sessions", "ok", "error", segments()])}${query()}`;
  // No signed-in session: a fuzzed sign-out or password change would end the others' sessions.
  return { module: auth, method: pick(["GET", "POST"]), path, body: body(["email", "password", "name", "callbackURL", "rememberMe"]), sessions: ["none", "forged"], betterAuth: true };
}

/** A path parameter: a real one, a wrong one, or one that does not decode. */
function segment(name: string): string {
  const kind = f.helpers.weightedArrayElement([
    { weight: 4, value: "real" },
    { weight: 3, value: "weird" },
    { weight: 3, value: "malformed" },
  ]);
  if (kind === "malformed") return pick(MALFORMED);
  if (kind === "weird") return weirdId();
  const pool = name in real ? real[name as keyof typeof real] : name === "index" ? ["0", "1", "99"] : real.ref;
  return pool.length ? pick(pool) : weirdId();
}

function weirdId(): string {
  return pick([
    "",
    "THR1",
    "thr-1",
    ".",
    "..",
    "%2F",
    "%2e%2e",
    "%20",
    "🙂",
    "null",
    "-1",
    "1e9",
    "__proto__",
    "constructor",
    "%3Cscript%3E",
    "a".repeat(f.number.int({ min: 200, max: 5000 })),
    encodeURIComponent(f.lorem.words()),
    encodeURIComponent(f.string.sample(12)),
    f.string.alphanumeric(10),
  ]);
}

function segments(): string {
  return Array.from({ length: f.number.int({ min: 0, max: 3 }) }, () => (f.datatype.boolean(0.4) ? pick(MALFORMED) : weirdId())).join("/");
}

function query(): string {
  if (f.datatype.boolean(0.6)) return "";
  return `?${Array.from({ length: f.number.int({ min: 1, max: 3 }) }, () => `${pick(QUERY_KEYS)}=${value("")}`).join("&")}`;
}

/** A query value as it would be written in a URL: real IDs, wrong types, malformed encodings. */
function value(key: string): string {
  if (key in real && f.datatype.boolean(0.3)) return pick(real[key as keyof typeof real]);
  return pick(["", "-1", "0", "101", "abc", "1e3", "null", "[1]", "a,b", "true", "json", "csv", "2026-13-45T99:00:00Z", ...MALFORMED, "x".repeat(3000), encodeURIComponent(f.string.sample(8))]);
}

/** A body: JSON of a random type, the expected fields with wrong values, or not JSON at all. */
function body(keys: string[]): Body | undefined {
  if (f.datatype.boolean(0.1)) return undefined;
  const type = f.datatype.boolean(0.7) ? "application/json" : pick(CONTENT_TYPES);
  if (f.datatype.boolean(0.15)) return { text: pick(GARBAGE), type };
  if (f.datatype.boolean(0.05)) return { text: new Uint8Array([0xff, 0xfe, 0x7b, 0x22, 0xc3]), type };
  let json: unknown = randomJson(0);
  if (keys.length && f.datatype.boolean(0.7)) {
    const chosen = f.datatype.boolean(0.4) ? keys : f.helpers.arrayElements(keys);
    json = Object.fromEntries(chosen.map((k) => [k, f.datatype.boolean(0.6) ? fieldValue(k) : randomJson(1)]));
    if (f.datatype.boolean(0.3)) (json as Record<string, unknown>)[pick(["extra", "__proto__", "id", "teamId", ""])] = randomJson(1);
  }
  return { text: JSON.stringify(json) ?? "null", type };
}

/** A value that may pass a field's schema, or fail it by a little: so requests reach past validation. */
function fieldValue(key: string): unknown {
  if (key in real && real[key as keyof typeof real].length && f.datatype.boolean(0.7)) return pick(real[key as keyof typeof real]);
  if (/email/i.test(key)) return pick([f.internet.email(), "sam@acme.test", "SAM@ACME.TEST ", "a@b", `a\u0000@acme.test`]);
  if (/password/i.test(key)) return pick(["correct-horse-battery", "short", "p".repeat(300), "pass\u0000word-long-enough"]);
  if (/role/i.test(key)) return pick(["member", "manager", "admin", "owner", "root"]);
  if (/^(read|unread|typing|enabled|archived|delivered)$/.test(key)) return f.datatype.boolean();
  return pick([f.person.fullName(), f.lorem.sentence(), "a\u0000b", "tab\tand\nnewline", "🙂", "", " ", "x".repeat(5000), f.number.int(100)]);
}

function randomJson(depth: number): unknown {
  const kinds = ["null", "bool", "int", "float", "huge", "string", "long", "control", "emoji", "empty"];
  if (depth < 2) kinds.push("array", "object");
  switch (pick(kinds)) {
    case "null":
      return null;
    case "bool":
      return f.datatype.boolean();
    case "int":
      return f.number.int({ min: -1000, max: 1000 });
    case "float":
      return f.number.float({ min: -1e6, max: 1e6 });
    case "huge":
      return pick([1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 64]);
    case "string":
      return f.string.sample(f.number.int({ min: 1, max: 40 }));
    case "long":
      return "x".repeat(f.number.int({ min: 1000, max: 200_000 }));
    case "control":
      return `a\u0000b\u001Fc\u007F`;
    case "emoji":
      return "🙂\uD83D";
    case "empty":
      return "";
    case "array":
      return Array.from({ length: f.number.int({ min: 0, max: 4 }) }, () => randomJson(depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: f.number.int({ min: 0, max: 4 }) }, () => [f.lorem.word(), randomJson(depth + 1)]));
  }
}

/** The field names of a zod schema, through its wrappers; unknown shapes give none. */
function keysOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; options?: unknown[]; def?: { in?: unknown; innerType?: unknown } };
  if (s.shape) return Object.keys(s.shape);
  if (s.options) return [...new Set(s.options.flatMap(keysOf))];
  if (s.def?.in) return keysOf(s.def.in);
  if (s.def?.innerType) return keysOf(s.def.innerType);
  return [];
}

function method(): Method {
  return pick(["GET", "POST", "PATCH", "PUT", "DELETE"]);
}

function pick<T>(items: readonly T[]): T {
  return f.helpers.arrayElement(items);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function preview(text: string | Uint8Array | undefined): string {
  if (text === undefined) return "";
  return typeof text === "string" ? JSON.stringify(text.slice(0, 80)) : `bytes(${text.length})`;
}
