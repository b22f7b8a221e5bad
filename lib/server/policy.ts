import "server-only";
import type { ThreadListQuery } from "@/lib/api/threads";

/**
 * The BFF's allow-list of API v2 endpoints and who may call them: the one place that decides.
 * The proxy asks `authorize` before anything goes upstream; a path not in this table never
 * reaches the API.
 *
 * Decisions (issue 4, plus our readings where it is silent):
 * - Roles nest: admin ⊇ manager ⊇ member. `who` is the least role allowed.
 * - Members read everything they may see; `visibleVia` names what decides "may see" under
 *   `memberVisibility: assignedAndUnassigned` (the proxy checks it with `canSee` after
 *   reading the resource, and answers the resource's own 404 when hidden, so a hidden
 *   thread is indistinguishable from a missing one).
 * - Members send, edit, unsend (every outbound message is the team's send), react, type,
 *   archive/unarchive, mark read/unread, tag/untag contacts (PUT with an unknown tag name is
 *   404 tagNotFound upstream, so tagging never creates a tag), set status, notes, valuation.
 * - Assignment is a condition on PATCH /threads/:threadId and PATCH /contacts/:contactId:
 *   below manager, `assigneeId` may be the caller's own member ID, or null only when the
 *   resource is currently assigned to the caller (`current.assigneeId`; unknown → refused).
 * - `typingIndicators` on PATCH /threads/:threadId is manager-only: it is a setting of the
 *   conversation that changes what the other person sees for the whole team, not triage.
 *   (POST …/typing, sending a typing indicator, is for members.)
 * - Managers also delete threads and create, rename, recolor and delete tags and statuses.
 * - GET /events is manager-only: the log shows every thread's changes regardless of
 *   visibility, and browsers get events through the BFF's own SSE stream instead.
 * - No v2 endpoint is admin-only; admins differ by managing inbox users, outside this table.
 * - Unknown path → 404 notFound; known path, other method → 405 methodNotAllowed (with
 *   `allow`); refused role or condition → 403 forbidden with a plain sentence.
 */

export const ROLES = ["member", "manager", "admin"] as const;
export type Role = (typeof ROLES)[number];

export type MemberVisibility = "all" | "assignedAndUnassigned";

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** What decides whether a member under `assignedAndUnassigned` may see the request's target. */
export type VisibleVia = "none" | "thread" | "threadList" | "message" | "messageTarget" | "contact" | "contactList";

export type PolicyInput = {
  method: string;
  /** Relative to the version 2 root, e.g. `/threads/abc`; a query string is ignored. */
  path: string;
  role: Role;
  /** The caller's API member ID. */
  memberId: string;
  body?: unknown;
  /** The target's current state, where a condition needs it (assignment). */
  current?: { assigneeId: string | null };
};

export type Condition = {
  /** Roles at or above this skip the check. */
  exemptFrom: Role;
  /** A refusal sentence, or null when allowed. */
  check(input: PolicyInput): string | null;
};

export type PolicyRow = {
  method: Method;
  path: string;
  operation: string;
  who: Role;
  /** Completes "Only managers can …". */
  action: string;
  visibleVia: VisibleVia;
  condition?: Condition;
};

export const POLICY: readonly PolicyRow[] = [
  { method: "GET", path: "/platforms", operation: "platforms.list", who: "member", action: "list platforms", visibleVia: "none" },
  { method: "GET", path: "/team", operation: "team.get", who: "member", action: "read the team", visibleVia: "none" },
  { method: "GET", path: "/members", operation: "members.list", who: "member", action: "list members", visibleVia: "none" },
  { method: "GET", path: "/members/:memberId", operation: "members.get", who: "member", action: "read members", visibleVia: "none" },
  { method: "GET", path: "/account-links", operation: "accountLinks.list", who: "member", action: "list accounts", visibleVia: "none" },
  { method: "GET", path: "/account-links/:accountLinkId", operation: "accountLinks.get", who: "member", action: "read accounts", visibleVia: "none" },
  { method: "GET", path: "/threads", operation: "threads.list", who: "member", action: "list conversations", visibleVia: "threadList" },
  { method: "GET", path: "/threads/:threadId", operation: "threads.get", who: "member", action: "read conversations", visibleVia: "thread" },
  {
    method: "PATCH",
    path: "/threads/:threadId",
    operation: "threads.update",
    who: "member",
    action: "change conversations",
    visibleVia: "thread",
    condition: {
      exemptFrom: "manager",
      check: (input) => {
        const body = asRecord(input.body);
        if ("typingIndicators" in body) return "Only managers can change a conversation's typing indicator setting.";
        return assignmentRefusal(input, body, "conversations");
      },
    },
  },
  { method: "DELETE", path: "/threads/:threadId", operation: "threads.delete", who: "manager", action: "delete conversations", visibleVia: "thread" },
  { method: "POST", path: "/threads/:threadId/typing", operation: "threads.typing", who: "member", action: "send typing indicators", visibleVia: "thread" },
  { method: "GET", path: "/threads/:threadId/messages", operation: "threads.messages", who: "member", action: "read messages", visibleVia: "thread" },
  { method: "POST", path: "/messages", operation: "messages.send", who: "member", action: "send messages", visibleVia: "messageTarget" },
  { method: "GET", path: "/messages/:messageId", operation: "messages.get", who: "member", action: "read messages", visibleVia: "message" },
  { method: "PATCH", path: "/messages/:messageId", operation: "messages.update", who: "member", action: "edit messages", visibleVia: "message" },
  { method: "DELETE", path: "/messages/:messageId", operation: "messages.delete", who: "member", action: "unsend messages", visibleVia: "message" },
  { method: "GET", path: "/messages/:messageId/history", operation: "messages.history", who: "member", action: "read edit history", visibleVia: "message" },
  { method: "POST", path: "/messages/:messageId/reactions", operation: "messages.react", who: "member", action: "react to messages", visibleVia: "message" },
  { method: "DELETE", path: "/messages/:messageId/reactions", operation: "messages.unreact", who: "member", action: "remove reactions", visibleVia: "message" },
  { method: "GET", path: "/messages/:messageId/attachments/:index", operation: "messages.attachmentUrl", who: "member", action: "open attachments", visibleVia: "message" },
  { method: "GET", path: "/contacts", operation: "contacts.list", who: "member", action: "find contacts", visibleVia: "contactList" },
  { method: "GET", path: "/contacts/:contactId", operation: "contacts.get", who: "member", action: "read contacts", visibleVia: "contact" },
  {
    method: "PATCH",
    path: "/contacts/:contactId",
    operation: "contacts.update",
    who: "member",
    action: "change contacts",
    visibleVia: "contact",
    condition: { exemptFrom: "manager", check: (input) => assignmentRefusal(input, asRecord(input.body), "contacts") },
  },
  { method: "PUT", path: "/contacts/:contactId/tags/:tagRef", operation: "contacts.addTag", who: "member", action: "tag contacts", visibleVia: "contact" },
  { method: "DELETE", path: "/contacts/:contactId/tags/:tagRef", operation: "contacts.removeTag", who: "member", action: "untag contacts", visibleVia: "contact" },
  { method: "GET", path: "/tags", operation: "tags.list", who: "member", action: "list tags", visibleVia: "none" },
  { method: "POST", path: "/tags", operation: "tags.create", who: "manager", action: "create tags", visibleVia: "none" },
  { method: "GET", path: "/tags/:tagRef", operation: "tags.get", who: "member", action: "read tags", visibleVia: "none" },
  { method: "PATCH", path: "/tags/:tagRef", operation: "tags.update", who: "manager", action: "rename or recolor tags", visibleVia: "none" },
  { method: "DELETE", path: "/tags/:tagRef", operation: "tags.delete", who: "manager", action: "delete tags", visibleVia: "none" },
  { method: "GET", path: "/statuses", operation: "statuses.list", who: "member", action: "list statuses", visibleVia: "none" },
  { method: "POST", path: "/statuses", operation: "statuses.create", who: "manager", action: "create statuses", visibleVia: "none" },
  { method: "GET", path: "/statuses/:statusRef", operation: "statuses.get", who: "member", action: "read statuses", visibleVia: "none" },
  { method: "PATCH", path: "/statuses/:statusRef", operation: "statuses.update", who: "manager", action: "rename or recolor statuses", visibleVia: "none" },
  { method: "DELETE", path: "/statuses/:statusRef", operation: "statuses.delete", who: "manager", action: "delete statuses", visibleVia: "none" },
  { method: "GET", path: "/colors", operation: "colors.list", who: "member", action: "list colors", visibleVia: "none" },
  { method: "GET", path: "/events", operation: "events.list", who: "manager", action: "read the event log", visibleVia: "none" },
];

export type Authorization =
  | { allowed: true; operation: string; params: Record<string, string>; row: PolicyRow }
  | { allowed: false; status: 403; code: "forbidden"; message: string }
  | { allowed: false; status: 404; code: "notFound"; message: string }
  | { allowed: false; status: 405; code: "methodNotAllowed"; message: string; allow: Method[] };

/** Whether `role` may call the endpoint `method path` with this body; pure. */
export function authorize(input: PolicyInput): Authorization {
  const method = input.method.toUpperCase();
  const path = normalizePath(input.path);
  const matches = path === null ? [] : POLICY.flatMap((row) => {
    const params = matchPath(row.path, path);
    return params ? [{ row, params }] : [];
  });
  if (matches.length === 0) return { allowed: false, status: 404, code: "notFound", message: `No endpoint at ${input.path.split("?")[0]}.` };

  const match = matches.find(({ row }) => row.method === method);
  if (!match) {
    return {
      allowed: false,
      status: 405,
      code: "methodNotAllowed",
      message: `${method} is not allowed on ${path}.`,
      allow: matches.map(({ row }) => row.method),
    };
  }
  const { row, params } = match;
  if (!atLeast(input.role, row.who)) return forbidden(`Only ${plural(row.who)} can ${row.action}.`);
  if (row.condition && !atLeast(input.role, row.condition.exemptFrom)) {
    const refusal = row.condition.check(input);
    if (refusal) return forbidden(refusal);
  }
  return { allowed: true, operation: row.operation, params, row };
}

export function atLeast(role: Role, least: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(least);
}

export type Viewer = { role: Role; memberId: string; visibility: MemberVisibility };

/**
 * Whether the viewer may see a thread or contact. Under `assignedAndUnassigned` a member sees
 * what is assigned to them or to nobody; managers and admins see everything. For a thread,
 * `assigneeId` is the effective assignee (the thread's own, else its contact's).
 */
export function canSee(item: { assigneeId: string | null }, viewer: Viewer): boolean {
  if (viewer.visibility === "all" || atLeast(viewer.role, "manager")) return true;
  return item.assigneeId === null || item.assigneeId === viewer.memberId;
}

/** The items of a page the viewer may see, in order. */
export function filterVisible<Item extends { assigneeId: string | null }>(items: readonly Item[], viewer: Viewer): Item[] {
  return items.filter((item) => canSee(item, viewer));
}

/**
 * How to run a member's GET /threads under `assignedAndUnassigned`:
 * - `query`: send `query` upstream; when `filterAfter`, drop what `canSee` refuses from the
 *   page before answering, keeping upstream's `nextCursor`.
 * - `empty`: the filters ask only for threads the member may not see; answer an empty page
 *   without calling upstream.
 *
 * Why filter after fetching rather than two upstream queries (`assigneeId=me` and
 * `unassigned=true`) merged: the filters AND together, so "mine OR unassigned" is not one
 * query; a merge would double every list request against the team's shared 300/min budget
 * and need a composite cursor over two orderings. Filtering keeps one request and upstream's
 * own cursor, at the cost of pages that can come back shorter than `limit` (even empty with
 * a `nextCursor`; clients follow `nextCursor`, they do not count rows). Where the member's
 * own filters already settle it, the query is narrowed instead and nothing is filtered:
 * `unassigned=true` is all visible; `assigneeId` is cut to the member's own ID (or nothing);
 * `unassigned=false` becomes `assigneeId=<me>`.
 */
export type ThreadQueryPlan = { kind: "query"; query: ThreadListQuery; filterAfter: boolean } | { kind: "empty" };

export function visibleThreadQuery(query: ThreadListQuery, viewer: Viewer): ThreadQueryPlan {
  if (viewer.visibility === "all" || atLeast(viewer.role, "manager")) return { kind: "query", query, filterAfter: false };
  const unassigned = query.unassigned === undefined ? undefined : query.unassigned === true || query.unassigned === "true";
  const assignees = query.assigneeId;

  if (assignees !== undefined) {
    // assigneeId names assigned threads, so `unassigned=true` with it matches nothing anyway.
    if (!assignees.includes(viewer.memberId) || unassigned === true) return { kind: "empty" };
    return { kind: "query", query: { ...query, assigneeId: [viewer.memberId] }, filterAfter: false };
  }
  if (unassigned === true) return { kind: "query", query, filterAfter: false };
  if (unassigned === false) {
    const { unassigned: _unassigned, ...rest } = query;
    return { kind: "query", query: { ...rest, assigneeId: [viewer.memberId] }, filterAfter: false };
  }
  return { kind: "query", query, filterAfter: true };
}

function assignmentRefusal(input: PolicyInput, body: Record<string, unknown>, things: "conversations" | "contacts"): string | null {
  if (!("assigneeId" in body) || body.assigneeId === undefined) return null;
  const assigneeId = body.assigneeId;
  if (assigneeId === input.memberId) return null;
  if (assigneeId === null) {
    if (input.current && input.current.assigneeId === input.memberId) return null;
    return `You can only unassign ${things} assigned to you.`;
  }
  return `Only managers can assign ${things} to someone else.`;
}

function forbidden(message: string): Authorization {
  return { allowed: false, status: 403, code: "forbidden", message };
}

function plural(role: Role): string {
  return `${role}s`;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The path without query or one trailing slash; null when it cannot name an endpoint. */
function normalizePath(raw: string): string | null {
  let path = raw.split("?")[0]!.split("#")[0]!;
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  if (!path.startsWith("/") || path.includes("//")) return null;
  return path;
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const actual = got[i]!;
    if (segment.startsWith(":")) {
      if (actual === "") return null;
      let decoded: string;
      try {
        decoded = decodeURIComponent(actual);
      } catch {
        return null;
      }
      params[segment.slice(1)] = decoded;
    } else if (segment !== actual) {
      return null;
    }
  }
  return params;
}
