import type { z } from "zod";
import { activityPage, activityQuery } from "./activity";
import { comment, commentList, commentPatch, commentQuery, mentionList, mentionsRead, mentionsReadAnswer, newComment } from "./comments";
import { draft, draftQuery, draftSave, threadDrafts } from "./drafts";
import { counts, healthReport, inboxStatus, noContent, readAnswer } from "./inbox";
import { presenceBeat } from "./inbox-events";
import { matchPath } from "./paths";
import { stageTimes } from "./pipeline";
import { memberPreferences, preferencesPatch } from "./preferences";
import { readChange, readMarks } from "./read-state";
import { newSavedReply, savedReply, savedReplyList, savedReplyPatch } from "./saved-replies";
import { availabilityChange, availabilityList, capacityChange, linkRouting, linkRoutingChange, memberAvailability, routingOverview } from "./routing";
import { newScheduledSend, scheduledSend, scheduledSendList, scheduledSendPatch, scheduledSendQuery } from "./scheduled-sends";
import { dryRunAnswer, dryRunBody, rule, ruleBody, ruleList, ruleOrder, rulePatch } from "./rules";
import { searchPage, searchQuery } from "./search";
import { newFollowUp, newSnooze, snooze, snoozeList, snoozeTarget } from "./snoozes";
import type { Role } from "./roles";
import { teamSettings, teamSettingsPatch } from "./settings";
import { inboxUser, newUser, passwordReset, userList, userPatch } from "./users";
import { teamWorkload } from "./workload";

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
 * For the inbox's own endpoints the table is also the contract: who may call, the query and
 * body they take, what they answer, and which thread or contact the viewer must see. The
 * server's `endpoint()` wrapper (lib/server/http/endpoint) enforces it and the browser's
 * `inboxApi` (lib/client/inbox-api) is typed from it.
 */
export type InboxMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * Who may call an endpoint: `anyone` (no session: health, webhooks, sign-in), a signed-in user
 * of at least that role, or `delegated` for a catch-all whose family has its own table.
 */
export type Caller = "anyone" | Role | "delegated";

export type InboxEndpoint = {
  method: InboxMethod;
  path: string;
  allow: Caller;
  /** What a caller below `allow` is told they cannot do: "Only admins can {action}." */
  action?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer; a 204 is `noContent`. */
  response?: z.ZodType;
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

export const INBOX_ENDPOINTS = {
  "health.get": { method: "GET", path: "/api/health", allow: "anyone", response: healthReport },
  "health.live": { method: "GET", path: "/api/health/live", allow: "anyone" },
  "health.ready": { method: "GET", path: "/api/health/ready", allow: "anyone" },
  // No session: a scraper's bearer token (INBOX_METRICS_TOKEN), or this machine only without one (lib/server/http/metrics-route).
  "metrics.get": { method: "GET", path: "/api/metrics", allow: "anyone" },
  "events.stream": { method: "GET", path: "/api/events", allow: member },
  "presence.beat": { method: "POST", path: "/api/presence", allow: member, body: presenceBeat, response: noContent, visible: { thread: "threadId" } },
  // Signed, not signed in: the signature is the caller's credential (lib/server/events/webhook-verify).
  "webhooks.receive": { method: "POST", path: "/api/webhooks", allow: "anyone" },
  "settings.get": { method: "GET", path: "/api/settings", allow: member, response: teamSettings },
  "settings.update": { method: "PATCH", path: "/api/settings", allow: "admin", action: "change the team's inbox settings", body: teamSettingsPatch, response: teamSettings },
  "activity.list": {
    method: "GET",
    path: "/api/inbox/activity",
    allow: member,
    action: "see the team's whole activity",
    query: activityQuery,
    response: activityPage,
    visible: { thread: "threadId", contact: "contactId", neither: "manager" },
  },
  "counts.get": { method: "GET", path: "/api/inbox/counts", allow: member, response: counts },
  "preferences.get": { method: "GET", path: "/api/inbox/preferences", allow: member, response: memberPreferences },
  "preferences.update": { method: "PATCH", path: "/api/inbox/preferences", allow: member, body: preferencesPatch, response: memberPreferences },
  // A member's own drafts only: no route names another user, so another member's text is never readable.
  "drafts.get": { method: "GET", path: "/api/inbox/drafts", allow: member, query: draftQuery, response: threadDrafts, visible: { thread: "threadId" } },
  "drafts.save": { method: "PUT", path: "/api/inbox/drafts", allow: member, body: draftSave, response: draft, visible: { thread: "threadId" } },
  "drafts.delete": { method: "DELETE", path: "/api/inbox/drafts", allow: member, query: draftQuery, response: noContent, visible: { thread: "threadId" } },
  // Internal comments (lib/api/comments): a thread's, for whoever sees it; a comment named by its ID is checked
  // against its thread's visibility by the handler (lib/server/comments/answers), as are the people it mentions.
  "comments.list": { method: "GET", path: "/api/inbox/comments", allow: member, query: commentQuery, response: commentList, visible: { thread: "threadId" } },
  "comments.create": { method: "POST", path: "/api/inbox/comments", allow: member, body: newComment, response: comment, visible: { thread: "threadId" } },
  "comments.update": { method: "PATCH", path: "/api/inbox/comments/:commentId", allow: member, body: commentPatch, response: comment },
  "comments.delete": { method: "DELETE", path: "/api/inbox/comments/:commentId", allow: member, response: noContent },
  // The viewer's own mentions only, on threads they may see now.
  "mentions.list": { method: "GET", path: "/api/inbox/mentions", allow: member, response: mentionList },
  "mentions.read": { method: "POST", path: "/api/inbox/mentions/read", allow: member, body: mentionsRead, response: mentionsReadAnswer },
  "reads.list": { method: "GET", path: "/api/inbox/reads", allow: member, response: readMarks },
  "reads.mark": { method: "POST", path: "/api/inbox/reads", allow: member, body: readChange, response: readAnswer, visible: { thread: "threadId" } },
  // Visibility is applied to every hit by the thread index (lib/server/search/answer), whatever the query.
  // Everyone uses the team's library and keeps personal replies; who may change which reply is
  // `canEditSavedReply` (team: managers and admins; personal: the owner, the only one who sees it).
  "savedReplies.list": { method: "GET", path: "/api/inbox/saved-replies", allow: member, response: savedReplyList },
  "savedReplies.create": { method: "POST", path: "/api/inbox/saved-replies", allow: member, body: newSavedReply, response: savedReply },
  "savedReplies.update": { method: "PATCH", path: "/api/inbox/saved-replies/:replyId", allow: member, body: savedReplyPatch, response: savedReply },
  "savedReplies.delete": { method: "DELETE", path: "/api/inbox/saved-replies/:replyId", allow: member, response: noContent },
  "search.messages": { method: "GET", path: "/api/inbox/search", allow: member, query: searchQuery, response: searchPage },
  // Lists only threads the viewer may see (lib/server/snoozes/answers); writes name their thread.
  "snoozes.list": { method: "GET", path: "/api/inbox/snoozes", allow: member, response: snoozeList },
  "snoozes.create": { method: "POST", path: "/api/inbox/snoozes", allow: member, body: newSnooze, response: snooze, visible: { thread: "threadId" } },
  "snoozes.delete": { method: "DELETE", path: "/api/inbox/snoozes", allow: member, query: snoozeTarget, response: noContent, visible: { thread: "threadId" } },
  "followUps.create": { method: "POST", path: "/api/inbox/follow-ups", allow: member, body: newFollowUp, response: snooze, visible: { thread: "threadId" } },
  // Anyone who may see the thread schedules there and sees what is scheduled; a change names only
  // the send, so lib/server/scheduled-sends/answers checks its thread (and who may change it).
  "scheduledSends.list": { method: "GET", path: "/api/inbox/scheduled-sends", allow: member, query: scheduledSendQuery, response: scheduledSendList, visible: { thread: "threadId" } },
  "scheduledSends.create": { method: "POST", path: "/api/inbox/scheduled-sends", allow: member, body: newScheduledSend, response: scheduledSend, visible: { thread: "threadId" } },
  "scheduledSends.update": { method: "PATCH", path: "/api/inbox/scheduled-sends/:sendId", allow: member, body: scheduledSendPatch, response: scheduledSend },
  "scheduledSends.delete": { method: "DELETE", path: "/api/inbox/scheduled-sends/:sendId", allow: member, response: noContent },
  "stageTimes.list": { method: "GET", path: "/api/inbox/stage-times", allow: member, response: stageTimes },
  "status.get": { method: "GET", path: "/api/inbox/status", allow: "manager", action: "see the team's request quota", response: inboxStatus },
  "workload.get": { method: "GET", path: "/api/inbox/workload", allow: "manager", action: "see the team's workload", response: teamWorkload },
  // Routing (lib/api/routing): everyone sees who is available and says it of themselves; managers set the rules.
  "availability.list": { method: "GET", path: "/api/inbox/availability", allow: member, response: availabilityList },
  "availability.set": { method: "PUT", path: "/api/inbox/availability", allow: member, body: availabilityChange, response: memberAvailability },
  "routing.get": { method: "GET", path: "/api/inbox/routing", allow: "manager", action: "see or change routing", response: routingOverview },
  "routing.setLink": { method: "PUT", path: "/api/inbox/routing/links/:accountLinkId", allow: "manager", action: "see or change routing", body: linkRoutingChange, response: linkRouting },
  "routing.setCapacity": { method: "PUT", path: "/api/inbox/routing/members/:memberId", allow: "manager", action: "see or change routing", body: capacityChange, response: memberAvailability },
  // Rules (lib/api/rules): managers and admins read and change them; members see neither (the log names a rule that acted).
  "rules.list": { method: "GET", path: "/api/inbox/rules", allow: "manager", action: "see or change rules", response: ruleList },
  "rules.create": { method: "POST", path: "/api/inbox/rules", allow: "manager", action: "see or change rules", body: ruleBody, response: rule },
  "rules.update": { method: "PATCH", path: "/api/inbox/rules/:ruleId", allow: "manager", action: "see or change rules", body: rulePatch, response: rule },
  "rules.delete": { method: "DELETE", path: "/api/inbox/rules/:ruleId", allow: "manager", action: "see or change rules", response: noContent },
  "rules.reorder": { method: "PUT", path: "/api/inbox/rules/order", allow: "manager", action: "see or change rules", body: ruleOrder, response: ruleList },
  // Managers see every conversation, so the matches need no visibility filter.
  "rules.dryRun": { method: "POST", path: "/api/inbox/rules/dry-run", allow: "manager", action: "see or change rules", body: dryRunBody, response: dryRunAnswer },
  "users.list": { method: "GET", path: "/api/inbox/users", allow: member, response: userList },
  // Admins, and only for others where it would lock the team out: lib/server/accounts/users decides.
  "users.create": { method: "POST", path: "/api/inbox/users", allow: "admin", action: USERS_ACTION, body: newUser, response: inboxUser },
  "users.update": { method: "PATCH", path: "/api/inbox/users/:userId", allow: "admin", action: USERS_ACTION, body: userPatch, response: inboxUser },
  "users.delete": { method: "DELETE", path: "/api/inbox/users/:userId", allow: "admin", action: USERS_ACTION, response: noContent },
  "users.setPassword": { method: "PUT", path: "/api/inbox/users/:userId/password", allow: "admin", action: USERS_ACTION, body: passwordReset, response: noContent },
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
export function inboxRoute(pathname: string, table: Record<string, Pick<InboxEndpoint, "method" | "path">> = INBOX_ENDPOINTS): InboxRoute | null {
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
