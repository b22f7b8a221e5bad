import { matchPath } from "./paths";

/**
 * Every HTTP endpoint of the inbox itself (its route files under `app/api`): one entry per
 * method a route file exports, keyed by a readable name, as `lib/api/endpoints` is for API v2.
 * The root proxy.ts answers from this table a method a route does not take (405) and a path no
 * route serves (404), with the spec's error body, where Next would answer with an empty or an
 * HTML one; `inbox-endpoints.test.ts` holds it to the route files' exports.
 *
 * `:name` is a Next `[name]` segment, a trailing `*` a `[...name]` catch-all (one segment or
 * more). The catch-alls forward whole families, listed there by method alone: API v2 (its
 * endpoints in `lib/api/endpoints`, their roles in lib/server/access/policy), better-auth's
 * endpoints, and the demo sandbox's media and control API (`SANDBOX_RELAY_POLICY`).
 */
export type InboxMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export type InboxEndpoint = { method: InboxMethod; path: string };

export const INBOX_ENDPOINTS = {
  "health.get": { method: "GET", path: "/api/health" },
  "events.stream": { method: "GET", path: "/api/events" },
  "presence.beat": { method: "POST", path: "/api/presence" },
  "webhooks.receive": { method: "POST", path: "/api/webhooks" },
  "settings.get": { method: "GET", path: "/api/settings" },
  "settings.update": { method: "PATCH", path: "/api/settings" },
  "activity.list": { method: "GET", path: "/api/inbox/activity" },
  "counts.get": { method: "GET", path: "/api/inbox/counts" },
  "preferences.get": { method: "GET", path: "/api/inbox/preferences" },
  "preferences.update": { method: "PATCH", path: "/api/inbox/preferences" },
  "reads.list": { method: "GET", path: "/api/inbox/reads" },
  "reads.mark": { method: "POST", path: "/api/inbox/reads" },
  "stageTimes.list": { method: "GET", path: "/api/inbox/stage-times" },
  "status.get": { method: "GET", path: "/api/inbox/status" },
  "workload.get": { method: "GET", path: "/api/inbox/workload" },
  "users.list": { method: "GET", path: "/api/inbox/users" },
  "users.create": { method: "POST", path: "/api/inbox/users" },
  "users.update": { method: "PATCH", path: "/api/inbox/users/:userId" },
  "users.delete": { method: "DELETE", path: "/api/inbox/users/:userId" },
  "users.setPassword": { method: "PUT", path: "/api/inbox/users/:userId/password" },
  "auth.get": { method: "GET", path: "/api/auth/*" },
  "auth.post": { method: "POST", path: "/api/auth/*" },
  "v2.get": { method: "GET", path: "/api/v2/*" },
  "v2.post": { method: "POST", path: "/api/v2/*" },
  "v2.patch": { method: "PATCH", path: "/api/v2/*" },
  "v2.put": { method: "PUT", path: "/api/v2/*" },
  "v2.delete": { method: "DELETE", path: "/api/v2/*" },
  "sandbox.get": { method: "GET", path: "/api/sandbox/*" },
  "sandbox.post": { method: "POST", path: "/api/sandbox/*" },
  "sandbox.patch": { method: "PATCH", path: "/api/sandbox/*" },
  "sandbox.put": { method: "PUT", path: "/api/sandbox/*" },
  "sandbox.delete": { method: "DELETE", path: "/api/sandbox/*" },
} as const satisfies Record<string, InboxEndpoint>;

export type InboxOperation = keyof typeof INBOX_ENDPOINTS;
export const INBOX_OPERATIONS = Object.keys(INBOX_ENDPOINTS) as InboxOperation[];

/** A route file: its path pattern and the methods it exports. */
export type InboxRoute = { path: string; methods: InboxMethod[] };

/**
 * The route Next would run for `pathname` (raw, without query), or null when none would. Where
 * several patterns match, Next's order decides: at the first segment where they differ, a
 * static segment wins over `:name`, and `:name` over `*`.
 */
export function inboxRoute(pathname: string, table: Record<string, InboxEndpoint> = INBOX_ENDPOINTS): InboxRoute | null {
  const endpoints = Object.values(table);
  const matching = [...new Set(endpoints.map((endpoint) => endpoint.path))].filter((path) => matchPath(path, pathname));
  if (matching.length === 0) return null;
  const path = matching.reduce((best, path) => (precedes(path, best) ? path : best));
  return { path, methods: endpoints.filter((endpoint) => endpoint.path === path).map((endpoint) => endpoint.method) };
}

function precedes(pattern: string, other: string): boolean {
  const [a, b] = [rank(pattern), rank(other)];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]!;
  }
  return false;
}

function rank(pattern: string): number[] {
  return pattern.split("/").map((segment) => (segment === "*" ? 2 : segment.startsWith(":") ? 1 : 0));
}
