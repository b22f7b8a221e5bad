import { matchPath } from "./paths";
import type { Role } from "./roles";

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
 *
 * For the inbox's own endpoints the table is also the contract: who may call and which thread
 * or contact the viewer must see here, the query and body they take and what they answer in
 * lib/api/inbox-endpoints (`INBOX_ENDPOINTS` joins the two). The server's `endpoint()` wrapper
 * (lib/server/http/endpoint) enforces it; the browser's `inboxApi` (lib/client/inbox-api) takes
 * its paths from here and its types from there, so no schema is shipped to the page.
 */
export type InboxMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * Who may call an endpoint: `anyone` (no session: health, webhooks, sign-in), a signed-in user
 * of at least that role, or `delegated` for a catch-all whose family has its own table.
 */
export type Caller = "anyone" | Role | "delegated";

export type InboxRouteRow = {
  method: InboxMethod;
  path: string;
  allow: Caller;
  /** What a caller below `allow` is told they cannot do: "Only admins can {action}." */
  action?: string;
  /**
   * Fields of the query or body naming a thread or contact the viewer must be able to see
   * (a hidden one answers like a missing one); `neither`: the least role for a request that
   * names neither (a team-wide read).
   */
  visible?: { thread?: string; contact?: string; neither?: Role };
};

const member = "member" as const;
// One sentence for every change to users, as the users page says it.
const USERS_ACTION = "add, change or remove users";

export const INBOX_ROUTES = {
  "health.get": { method: "GET", path: "/api/health", allow: "anyone" },
  "health.live": { method: "GET", path: "/api/health/live", allow: "anyone" },
  "health.ready": { method: "GET", path: "/api/health/ready", allow: "anyone" },
  // No session: a scraper's bearer token (INBOX_METRICS_TOKEN), or this machine only without one (lib/server/http/metrics-route).
  "metrics.get": { method: "GET", path: "/api/metrics", allow: "anyone" },
  "events.stream": { method: "GET", path: "/api/events", allow: member },
  "presence.beat": { method: "POST", path: "/api/presence", allow: member, visible: { thread: "threadId" } },
  // Signed, not signed in: the signature is the caller's credential (lib/server/events/webhook-verify).
  "webhooks.receive": { method: "POST", path: "/api/webhooks", allow: "anyone" },
  "settings.get": { method: "GET", path: "/api/settings", allow: member },
  "settings.update": { method: "PATCH", path: "/api/settings", allow: "admin", action: "change the team's inbox settings" },
  "activity.list": { method: "GET", path: "/api/inbox/activity", allow: member, action: "see the team's whole activity", visible: { thread: "threadId", contact: "contactId", neither: "manager" } },
  "counts.get": { method: "GET", path: "/api/inbox/counts", allow: member },
  "preferences.get": { method: "GET", path: "/api/inbox/preferences", allow: member },
  "preferences.update": { method: "PATCH", path: "/api/inbox/preferences", allow: member },
  // A member's own drafts only: no route names another user, so another member's text is never readable.
  "drafts.get": { method: "GET", path: "/api/inbox/drafts", allow: member, visible: { thread: "threadId" } },
  "drafts.save": { method: "PUT", path: "/api/inbox/drafts", allow: member, visible: { thread: "threadId" } },
  "drafts.delete": { method: "DELETE", path: "/api/inbox/drafts", allow: member, visible: { thread: "threadId" } },
  // Internal comments (lib/api/comments): a thread's, for whoever sees it; a comment named by its ID is checked
  // against its thread's visibility by the handler (lib/server/comments/answers), as are the people it mentions.
  "comments.list": { method: "GET", path: "/api/inbox/comments", allow: member, visible: { thread: "threadId" } },
  "comments.create": { method: "POST", path: "/api/inbox/comments", allow: member, visible: { thread: "threadId" } },
  "comments.update": { method: "PATCH", path: "/api/inbox/comments/:commentId", allow: member },
  "comments.delete": { method: "DELETE", path: "/api/inbox/comments/:commentId", allow: member },
  // The viewer's own mentions only, on threads they may see now.
  "mentions.list": { method: "GET", path: "/api/inbox/mentions", allow: member },
  "mentions.read": { method: "POST", path: "/api/inbox/mentions/read", allow: member },
  "reads.list": { method: "GET", path: "/api/inbox/reads", allow: member },
  "reads.mark": { method: "POST", path: "/api/inbox/reads", allow: member, visible: { thread: "threadId" } },
  // Visibility is applied to every hit by the thread index (lib/server/search/answer), whatever the query.
  // Everyone uses the team's library and keeps personal replies; who may change which reply is
  // `canEditSavedReply` (team: managers and admins; personal: the owner, the only one who sees it).
  "savedReplies.list": { method: "GET", path: "/api/inbox/saved-replies", allow: member },
  "savedReplies.create": { method: "POST", path: "/api/inbox/saved-replies", allow: member },
  "savedReplies.update": { method: "PATCH", path: "/api/inbox/saved-replies/:replyId", allow: member },
  "savedReplies.delete": { method: "DELETE", path: "/api/inbox/saved-replies/:replyId", allow: member },
  "search.messages": { method: "GET", path: "/api/inbox/search", allow: member },
  // Lists only threads the viewer may see (lib/server/snoozes/answers); writes name their thread.
  "snoozes.list": { method: "GET", path: "/api/inbox/snoozes", allow: member },
  "snoozes.create": { method: "POST", path: "/api/inbox/snoozes", allow: member, visible: { thread: "threadId" } },
  "snoozes.delete": { method: "DELETE", path: "/api/inbox/snoozes", allow: member, visible: { thread: "threadId" } },
  "followUps.create": { method: "POST", path: "/api/inbox/follow-ups", allow: member, visible: { thread: "threadId" } },
  // Anyone who may see the thread schedules there and sees what is scheduled; a change names only
  // the send, so lib/server/scheduled-sends/answers checks its thread (and who may change it).
  "scheduledSends.list": { method: "GET", path: "/api/inbox/scheduled-sends", allow: member, visible: { thread: "threadId" } },
  "scheduledSends.create": { method: "POST", path: "/api/inbox/scheduled-sends", allow: member, visible: { thread: "threadId" } },
  "scheduledSends.update": { method: "PATCH", path: "/api/inbox/scheduled-sends/:sendId", allow: member },
  "scheduledSends.delete": { method: "DELETE", path: "/api/inbox/scheduled-sends/:sendId", allow: member },
  "stageTimes.list": { method: "GET", path: "/api/inbox/stage-times", allow: member },
  "status.get": { method: "GET", path: "/api/inbox/status", allow: "manager", action: "see the team's request quota" },
  "workload.get": { method: "GET", path: "/api/inbox/workload", allow: "manager", action: "see the team's workload" },
  // Routing (lib/api/routing): everyone sees who is available and says it of themselves; managers set the rules.
  "availability.list": { method: "GET", path: "/api/inbox/availability", allow: member },
  "availability.set": { method: "PUT", path: "/api/inbox/availability", allow: member },
  "routing.get": { method: "GET", path: "/api/inbox/routing", allow: "manager", action: "see or change routing" },
  "routing.setLink": { method: "PUT", path: "/api/inbox/routing/links/:accountLinkId", allow: "manager", action: "see or change routing" },
  "routing.setCapacity": { method: "PUT", path: "/api/inbox/routing/members/:memberId", allow: "manager", action: "see or change routing" },
  // Rules (lib/api/rules): managers and admins read and change them; members see neither (the log names a rule that acted).
  "rules.list": { method: "GET", path: "/api/inbox/rules", allow: "manager", action: "see or change rules" },
  "rules.create": { method: "POST", path: "/api/inbox/rules", allow: "manager", action: "see or change rules" },
  "rules.update": { method: "PATCH", path: "/api/inbox/rules/:ruleId", allow: "manager", action: "see or change rules" },
  "rules.delete": { method: "DELETE", path: "/api/inbox/rules/:ruleId", allow: "manager", action: "see or change rules" },
  "rules.reorder": { method: "PUT", path: "/api/inbox/rules/order", allow: "manager", action: "see or change rules" },
  // Managers see every conversation, so the matches need no visibility filter.
  "rules.dryRun": { method: "POST", path: "/api/inbox/rules/dry-run", allow: "manager", action: "see or change rules" },
  "users.list": { method: "GET", path: "/api/inbox/users", allow: member },
  // Admins, and only for others where it would lock the team out: lib/server/accounts/users decides.
  "users.create": { method: "POST", path: "/api/inbox/users", allow: "admin", action: USERS_ACTION },
  "users.update": { method: "PATCH", path: "/api/inbox/users/:userId", allow: "admin", action: USERS_ACTION },
  "users.delete": { method: "DELETE", path: "/api/inbox/users/:userId", allow: "admin", action: USERS_ACTION },
  "users.setPassword": { method: "PUT", path: "/api/inbox/users/:userId/password", allow: "admin", action: USERS_ACTION },
  "auth.get": { method: "GET", path: "/api/auth/*", allow: "delegated" },
  "auth.post": { method: "POST", path: "/api/auth/*", allow: "delegated" },
  "v2.get": { method: "GET", path: "/api/v2/*", allow: "delegated" },
  "v2.post": { method: "POST", path: "/api/v2/*", allow: "delegated" },
  "v2.patch": { method: "PATCH", path: "/api/v2/*", allow: "delegated" },
  "v2.put": { method: "PUT", path: "/api/v2/*", allow: "delegated" },
  "v2.delete": { method: "DELETE", path: "/api/v2/*", allow: "delegated" },
  "sandbox.get": { method: "GET", path: "/api/sandbox/*", allow: "delegated" },
  "sandbox.post": { method: "POST", path: "/api/sandbox/*", allow: "delegated" },
  "sandbox.patch": { method: "PATCH", path: "/api/sandbox/*", allow: "delegated" },
  "sandbox.put": { method: "PUT", path: "/api/sandbox/*", allow: "delegated" },
  "sandbox.delete": { method: "DELETE", path: "/api/sandbox/*", allow: "delegated" },
} as const satisfies Record<string, InboxRouteRow>;

export type InboxOperation = keyof typeof INBOX_ROUTES;
export const INBOX_OPERATIONS = Object.keys(INBOX_ROUTES) as InboxOperation[];

/** A route file: its path pattern and the methods it exports. */
export type InboxRoute = { path: string; methods: InboxMethod[] };

/**
 * The route Next would run for `pathname` (raw, without query), or null when none would. Where
 * several patterns match, Next's order decides: at the first segment where they differ, a
 * static segment wins over `:name`, and `:name` over `*`.
 */
export function inboxRoute(pathname: string, table: Record<string, Pick<InboxRouteRow, "method" | "path">> = INBOX_ROUTES): InboxRoute | null {
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
