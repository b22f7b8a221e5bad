import * as v2 from "@/app/api/v2/[...path]/route";
import * as events from "@/app/api/events/route";
import * as health from "@/app/api/health/route";
import * as activity from "@/app/api/inbox/activity/route";
import * as counts from "@/app/api/inbox/counts/route";
import * as preferences from "@/app/api/inbox/preferences/route";
import * as reads from "@/app/api/inbox/reads/route";
import * as stageTimes from "@/app/api/inbox/stage-times/route";
import * as status from "@/app/api/inbox/status/route";
import * as users from "@/app/api/inbox/users/route";
import * as workload from "@/app/api/inbox/workload/route";
import * as settings from "@/app/api/settings/route";
import type { Message } from "@/lib/api/messages";
import type { Thread } from "@/lib/api/threads";
import { metrics } from "../runtime/metrics";
import type { Runtime } from "../runtime/runtime";

/**
 * What the browser asks the BFF for while a manager clicks around the inbox for a minute, as
 * lib/client/queries and the components send it (same paths, same query order): the shell's
 * team data and polls, lists in several folders and filters with paging, threads opened with
 * their messages, contact, the contact's other threads, activity and edit history, the pipeline,
 * the activity log, the settings pages, the command palette and the event stream. Used by
 * lib/server/gateway/browsing-cost.test.ts and `npm run bench:budget -- --browsing`, so it
 * calls the route handlers itself (lib/server/testing/bff needs vitest).
 */
export type Walk = { threads: string[]; filters: string[] };

/** API v2 requests by `operation status` (the upstream module's metric, lib/server/runtime/metrics). */
export type UpstreamCounts = Map<string, number>;

export async function upstreamCounts(): Promise<UpstreamCounts> {
  const { values } = await metrics.upstreamRequests.get();
  return new Map(values.map((v) => [`${v.labels.endpoint} ${v.labels.status}`, v.value]));
}

export function countsSince(before: UpstreamCounts, after: UpstreamCounts): UpstreamCounts {
  const out: UpstreamCounts = new Map();
  for (const [key, value] of after) if (value - (before.get(key) ?? 0) > 0) out.set(key, value - (before.get(key) ?? 0));
  return out;
}

export function total(counts: UpstreamCounts): number {
  return [...counts.values()].reduce((a, b) => a + b, 0);
}

/** The browser's calls to the BFF; `failures` names the answers that were not 2xx. */
export type Browser = { get(path: string): Promise<unknown>; post(path: string, body: unknown): Promise<unknown>; failures: string[] };

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
type RouteModule = Partial<Record<"GET" | "POST", Handler>>;

const ROUTES: [prefix: string, module: RouteModule][] = [
  ["/api/v2/", v2],
  ["/api/inbox/activity", activity],
  ["/api/inbox/counts", counts],
  ["/api/inbox/preferences", preferences],
  ["/api/inbox/reads", reads],
  ["/api/inbox/stage-times", stageTimes],
  ["/api/inbox/status", status],
  ["/api/inbox/users", users],
  ["/api/inbox/workload", workload],
  ["/api/settings", settings],
  ["/api/health", health],
];

export function browser(cookie: string): Browser {
  const failures: string[] = [];
  const send = async (method: "GET" | "POST", path: string, body?: unknown) => {
    const handler = ROUTES.find(([prefix]) => path.startsWith(prefix))?.[1][method];
    if (!handler) throw new Error(`No route for ${method} ${path}`);
    const response = await handler(request(cookie, method, path, body), { params: Promise.resolve({}) as Promise<never> });
    if (!response.ok) failures.push(`${method} ${path} ${response.status}`);
    return response.ok ? response.json() : null;
  };
  return { failures, get: (path) => send("GET", path), post: (path, body) => send("POST", path, body) };
}

/** Opens the event stream as the shell does; answers how to go away. */
export async function openEvents(cookie: string): Promise<() => Promise<void>> {
  const response = await events.GET(request(cookie, "GET", "/api/events"), { params: Promise.resolve({}) as Promise<never> });
  const reader = response.body!.getReader();
  await reader.read();
  // Read on, as the browser does, so the stream is never held up.
  const draining = (async () => {
    while (!(await reader.read().catch(() => ({ done: true }))).done);
  })();
  return async () => {
    await reader.cancel();
    await draining;
  };
}

const EXPAND = "expand=contact&expand=profile";
const LIST = (filters: string, cursor?: string) => `/api/v2/threads?${filters ? `${filters}&` : ""}${EXPAND}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

/** The shell: team data every page shows, and what the shell polls (health, status, counts). */
export async function shell(b: Browser): Promise<void> {
  await Promise.all([
    b.get("/api/v2/team"),
    b.get("/api/v2/members?limit=100"),
    b.get("/api/v2/account-links?limit=100"),
    b.get("/api/v2/platforms"),
    b.get("/api/v2/tags?limit=100"),
    b.get("/api/v2/statuses?limit=100"),
    b.get("/api/v2/colors"),
    b.get("/api/inbox/counts"),
    b.get("/api/inbox/reads"),
    b.get("/api/inbox/preferences"),
    b.get("/api/inbox/status"),
    b.get("/api/inbox/workload"),
    b.get("/api/health"),
  ]);
}

/** A list in one folder and filter, and its next page when there is one. */
export async function list(b: Browser, filters: string): Promise<Thread[]> {
  const first = (await b.get(LIST(filters))) as { data: Thread[]; nextCursor: string | null } | null;
  if (!first) return [];
  if (!first.nextCursor) return first.data;
  const next = (await b.get(LIST(filters, first.nextCursor))) as { data: Thread[] } | null;
  return [...first.data, ...(next?.data ?? [])];
}

/** A thread opened: its detail, messages, contact and the contact's threads, activity, edit histories. */
export async function open(b: Browser, threadId: string): Promise<void> {
  const [thread, messages] = (await Promise.all([b.get(`/api/v2/threads/${threadId}?${EXPAND}`), b.get(`/api/v2/threads/${threadId}/messages?limit=40`)])) as [
    Thread | null,
    { data: Message[] } | null,
  ];
  await b.get(`/api/inbox/activity?threadId=${threadId}&limit=500`);
  // Opening an unread thread marks it read for the viewer.
  if (thread?.unread) await b.post("/api/inbox/reads", { threadId, read: true });
  if (thread?.contactId) {
    await Promise.all([
      b.get(`/api/v2/contacts/${thread.contactId}`),
      b.get(`/api/v2/threads?limit=100&contactId=${thread.contactId}&folder=all`),
      b.get(`/api/inbox/activity?contactId=${thread.contactId}&limit=50`),
    ]);
  }
  for (const message of messages?.data.filter((m) => m.editedAt).slice(0, 2) ?? []) await b.get(`/api/v2/messages/${message.id}/history`);
}

/** The pipeline: the whole team's threads 100 at a time, and when contacts entered their stage. */
export async function pipeline(b: Browser): Promise<void> {
  let cursor: string | null = null;
  do {
    const page = (await b.get(`/api/v2/threads?folder=all&${EXPAND}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`)) as { nextCursor: string | null } | null;
    cursor = page?.nextCursor ?? null;
  } while (cursor);
  await b.get("/api/inbox/stage-times");
}

/** Settings: users, labels, team, account links, workload, visibility, notifications; and the activity log. */
export async function settingsPages(b: Browser): Promise<void> {
  await Promise.all([b.get("/api/inbox/users"), b.get("/api/v2/members?limit=100")]);
  await Promise.all([b.get("/api/v2/tags?limit=100"), b.get("/api/v2/statuses?limit=100"), b.get("/api/v2/colors")]);
  await Promise.all([b.get("/api/v2/team"), b.get("/api/inbox/status")]);
  await Promise.all([b.get("/api/v2/account-links?limit=100"), b.get("/api/v2/platforms")]);
  await Promise.all([b.get("/api/inbox/workload"), b.get("/api/v2/members?limit=100"), b.get("/api/v2/account-links?limit=100")]);
  await b.get("/api/settings");
  await b.get("/api/inbox/preferences");
  await Promise.all([b.get("/api/inbox/activity?limit=500"), b.get("/api/v2/members?limit=100"), b.get("/api/v2/statuses?limit=100")]);
}

/**
 * The filters a manager tries, as the list's URL holds them (lib/client/queries/threads
 * normalises them the same way), from what the team's data offers.
 */
export function filtersOf(runtime: Runtime): string[] {
  const all = runtime.gateway.index.all();
  const tag = all.flatMap((t) => t.contact?.tagIds ?? [])[0];
  const status = all.map((t) => t.contact?.statusId).find(Boolean);
  const assignee = all.map((t) => t.assigneeId).find(Boolean);
  const campaign = all.map((t) => t.campaignId).find(Boolean);
  return [
    "",
    "folder=noReply",
    "folder=requests",
    "folder=archived",
    "folder=all",
    tag ? `tag=${tag}` : "",
    status ? `status=${status}` : "",
    assignee ? `assigneeId=${assignee}` : "",
    "unassigned=true",
    campaign ? `campaignId=${campaign}&folder=all` : "",
    "q=order",
  ].filter((f, i) => i === 0 || f);
}

/**
 * One minute of clicking: the shell, lists, threads opened, the pipeline, settings, the
 * palette; with `stream`, the event stream opened at the start and closed at the end (a page load).
 */
export async function walk(b: Browser, plan: Walk, stream: { cookie: string } | null = null): Promise<void> {
  await shell(b);
  const closeStream = stream ? await openEvents(stream.cookie) : null;
  for (const filters of plan.filters) await list(b, filters);
  for (const [i, threadId] of plan.threads.entries()) {
    await open(b, threadId);
    // Now and then the shell's polls come round, and the list is read again.
    if (i % 5 === 4) await Promise.all([b.get("/api/inbox/counts"), b.get("/api/health"), b.get("/api/inbox/status"), list(b, plan.filters[i % plan.filters.length]!)]);
  }
  await pipeline(b);
  await settingsPages(b);
  // The command palette: the labels it offers (the browser holds them), and a search.
  await Promise.all([b.get("/api/v2/tags?limit=100"), b.get("/api/v2/statuses?limit=100"), list(b, "q=a")]);
  await closeStream?.();
}

/** A request as the inbox's own page sends it: same-origin, with the session cookie. */
function request(cookie: string, method: string, path: string, body?: unknown): Request {
  const headers = new Headers({ "sec-fetch-site": "same-origin", cookie });
  if (path === "/api/events") headers.set("accept", "text/event-stream");
  if (body !== undefined) headers.set("content-type", "application/json");
  return new Request(`http://inbox.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
