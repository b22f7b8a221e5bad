import "server-only";
import { ENDPOINTS, OPERATIONS, matchEndpoints, type Operation } from "@/lib/api/endpoints";
import { ROLES, atLeast, type Role } from "@/lib/api/roles";

/**
 * The BFF's allow-list of API v2 endpoints and who may call them: the one place that decides.
 * The proxy asks `authorize` before anything goes upstream; a path not in this table never
 * reaches the API.
 *
 * Decisions (issue 4, plus our readings where it is silent):
 * - Roles nest: admin ⊇ manager ⊇ member. `who` is the least role allowed.
 * - Members read everything they may see; `visibleVia` names what decides "may see" under
 *   `memberVisibility: assignedAndUnassigned` (the proxy checks it with `canSee` of ./visibility after
 *   reading the resource, and answers the resource's own 404 when hidden, so a hidden
 *   thread is indistinguishable from a missing one; lists leave hidden items out).
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
 * - No v2 endpoint is admin-only; admins differ by managing inbox users, outside this table,
 *   and by driving the demo sandbox's simulator (`SANDBOX_RELAY_POLICY`, below).
 * - Unknown path → 404 notFound; known path, other method → 405 methodNotAllowed (with
 *   `allow`); refused role or condition → 403 forbidden with a plain sentence.
 */

export { ROLES, atLeast, type Role };


export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** What decides whether a member under `assignedAndUnassigned` may see the request's target. */
export type VisibleVia = "none" | "thread" | "threadList" | "message" | "messageTarget" | "contact" | "contactList" | "leadList";

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

type Rule = {
  who: Role;
  /** Completes "Only managers can …". */
  action: string;
  visibleVia: VisibleVia;
  condition?: Condition;
};

export type PolicyRow = Rule & {
  method: Method;
  path: string;
  operation: Operation;
};

/** Who may call each endpoint of `lib/api/endpoints` (where the paths and schemas live). */
const RULES: Record<Operation, Rule> = {
  "platforms.list": { who: "member", action: "list platforms", visibleVia: "none" },
  "team.get": { who: "member", action: "read the team", visibleVia: "none" },
  "members.list": { who: "member", action: "list members", visibleVia: "none" },
  "members.get": { who: "member", action: "read members", visibleVia: "none" },
  "accountLinks.list": { who: "member", action: "list accounts", visibleVia: "none" },
  "accountLinks.get": { who: "member", action: "read accounts", visibleVia: "none" },
  "threads.list": { who: "member", action: "list conversations", visibleVia: "threadList" },
  "threads.get": { who: "member", action: "read conversations", visibleVia: "thread" },
  "threads.update": {
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
  "threads.delete": { who: "manager", action: "delete conversations", visibleVia: "thread" },
  "threads.typing": { who: "member", action: "send typing indicators", visibleVia: "thread" },
  "threads.messages": { who: "member", action: "read messages", visibleVia: "thread" },
  "messages.send": { who: "member", action: "send messages", visibleVia: "messageTarget" },
  "messages.get": { who: "member", action: "read messages", visibleVia: "message" },
  "messages.update": { who: "member", action: "edit messages", visibleVia: "message" },
  "messages.delete": { who: "member", action: "unsend messages", visibleVia: "message" },
  "messages.history": { who: "member", action: "read edit history", visibleVia: "message" },
  "messages.react": { who: "member", action: "react to messages", visibleVia: "message" },
  "messages.unreact": { who: "member", action: "remove reactions", visibleVia: "message" },
  "messages.attachmentUrl": { who: "member", action: "open attachments", visibleVia: "message" },
  "contacts.list": { who: "member", action: "find contacts", visibleVia: "contactList" },
  "contacts.get": { who: "member", action: "read contacts", visibleVia: "contact" },
  "contacts.update": {
    who: "member",
    action: "change contacts",
    visibleVia: "contact",
    condition: { exemptFrom: "manager", check: (input) => assignmentRefusal(input, asRecord(input.body), "contacts") },
  },
  "contacts.addTag": { who: "member", action: "tag contacts", visibleVia: "contact" },
  "contacts.removeTag": { who: "member", action: "untag contacts", visibleVia: "contact" },
  "tags.list": { who: "member", action: "list tags", visibleVia: "none" },
  "tags.create": { who: "manager", action: "create tags", visibleVia: "none" },
  "tags.get": { who: "member", action: "read tags", visibleVia: "none" },
  "tags.update": { who: "manager", action: "rename or recolor tags", visibleVia: "none" },
  "tags.delete": { who: "manager", action: "delete tags", visibleVia: "none" },
  "statuses.list": { who: "member", action: "list statuses", visibleVia: "none" },
  "statuses.create": { who: "manager", action: "create statuses", visibleVia: "none" },
  "statuses.get": { who: "member", action: "read statuses", visibleVia: "none" },
  "statuses.update": { who: "manager", action: "rename or recolor statuses", visibleVia: "none" },
  "statuses.delete": { who: "manager", action: "delete statuses", visibleVia: "none" },
  "colors.list": { who: "member", action: "list colors", visibleVia: "none" },
  "events.list": { who: "manager", action: "read the event log", visibleVia: "none" },
  // Outreach (issue 15). Lists, campaigns and import jobs are the team's, seen by every member;
  // a list's leads follow member visibility by the lead's assignee, as contacts do.
  "lists.list": { who: "member", action: "read lists", visibleVia: "none" },
  "lists.get": { who: "member", action: "read lists", visibleVia: "none" },
  "leads.list": { who: "member", action: "read leads", visibleVia: "leadList" },
  "importJobs.list": { who: "member", action: "read import jobs", visibleVia: "none" },
  "importJobs.get": { who: "member", action: "read import jobs", visibleVia: "none" },
  // Resuming spends one of the team's import slots: a manager's call, like bulk-resume, which also unfreezes the queue.
  "importJobs.resume": { who: "manager", action: "resume import jobs", visibleVia: "none" },
  "importJobs.bulkResume": { who: "manager", action: "resume import jobs", visibleVia: "none" },
  "campaigns.list": { who: "member", action: "read campaigns", visibleVia: "none" },
  "campaigns.get": { who: "member", action: "read campaigns", visibleVia: "none" },
  // Sync only checks the campaign and recomputes its figures: how opening a campaign refreshes them, for anyone.
  "campaigns.sync": { who: "member", action: "refresh campaigns", visibleVia: "none" },
  // Stopping a sequence changes the campaign's work for the whole team, and cannot be undone.
  "campaigns.cancelLead": { who: "manager", action: "stop a lead's sequence", visibleVia: "none" },
  // Purges the column's data for every lead of the list, for good.
  "campaigns.deleteColumn": { who: "manager", action: "delete custom columns", visibleVia: "none" },
};

export const POLICY: readonly PolicyRow[] = OPERATIONS.map((operation) => ({
  operation,
  method: ENDPOINTS[operation].method,
  path: ENDPOINTS[operation].path,
  ...RULES[operation],
}));

export type Authorization =
  | { allowed: true; operation: Operation; params: Record<string, string>; row: PolicyRow }
  | { allowed: false; status: 403; code: "forbidden"; message: string }
  | { allowed: false; status: 404; code: "notFound"; message: string }
  | { allowed: false; status: 405; code: "methodNotAllowed"; message: string; allow: Method[] };

const ROWS = new Map(POLICY.map((row) => [row.operation, row]));

export type Resolution =
  | { found: true; operation: Operation; params: Record<string, string>; row: PolicyRow }
  | Extract<Authorization, { status: 404 | 405 }>;

/** The endpoint `method path` names, with its policy row and decoded path parameters. */
export function resolve(method: string, rawPath: string): Resolution {
  const verb = method.toUpperCase();
  const path = normalizePath(rawPath);
  const matches = path === null ? [] : matchEndpoints(path);
  if (matches.length === 0) return { allowed: false, status: 404, code: "notFound", message: `No endpoint at ${rawPath.split("?")[0]}.` };
  const match = matches.find(({ endpoint }) => endpoint.method === verb);
  if (!match) {
    return {
      allowed: false,
      status: 405,
      code: "methodNotAllowed",
      message: `${verb} is not allowed on ${path}.`,
      allow: matches.map(({ endpoint }) => endpoint.method),
    };
  }
  return { found: true, operation: match.operation, params: match.params, row: ROWS.get(match.operation)! };
}

/** Whether the role (and, for conditional rows, the body and current state) may use a resolved endpoint. */
export function permit(row: PolicyRow, input: Pick<PolicyInput, "role" | "memberId" | "body" | "current">): { allowed: true } | Extract<Authorization, { status: 403 }> {
  if (!atLeast(input.role, row.who)) return forbidden(`Only ${plural(row.who)} can ${row.action}.`);
  if (row.condition && !atLeast(input.role, row.condition.exemptFrom)) {
    const refusal = row.condition.check({ ...input, method: row.method, path: row.path });
    if (refusal) return forbidden(refusal);
  }
  return { allowed: true };
}

/** Whether `role` may call the endpoint `method path` with this body; pure. */
export function authorize(input: PolicyInput): Authorization {
  const resolution = resolve(input.method, input.path);
  if (!("found" in resolution)) return resolution;
  const permission = permit(resolution.row, input);
  if (!permission.allowed) return permission;
  return { allowed: true, operation: resolution.operation, params: resolution.params, row: resolution.row };
}

/**
 * Demo mode: who may reach the sandbox beyond its API, relayed under `/api/sandbox` (paths
 * here are relative to it).
 * - `/media/…` is open: the sandbox signs those URLs and they expire, as a platform's CDN's do.
 * - `/_sandbox/…`, the simulator's control API, is for admins: it injects faults, changes the
 *   rate limits, resets the team's data and manages webhook subscriptions — team-wide powers
 *   over what the inbox itself relies on, nothing a member's triage needs.
 * No session → 401 unauthorized; a role below the row's → 403 forbidden; any other path → 404.
 */
export type SandboxRelayRow = { prefix: string; who: Role | "anyone"; action: string };

export const SANDBOX_RELAY_POLICY: readonly SandboxRelayRow[] = [
  { prefix: "/media/", who: "anyone", action: "open media" },
  { prefix: "/_sandbox/", who: "admin", action: "use the sandbox's simulator" },
];

/** The relay's row for `path`, or null when it names nothing the relay serves (404). */
export function sandboxRelayRow(path: string): SandboxRelayRow | null {
  return SANDBOX_RELAY_POLICY.find((row) => path.startsWith(row.prefix)) ?? null;
}

/** Whether a caller with `role` (null: no session) may use a row of the relay; pure. */
export function permitSandboxRelay(
  row: SandboxRelayRow,
  role: Role | null,
): { allowed: true } | { allowed: false; status: 401; code: "unauthorized"; message: string } | Extract<Authorization, { status: 403 }> {
  if (row.who === "anyone") return { allowed: true };
  if (role === null) return { allowed: false, status: 401, code: "unauthorized", message: `Sign in to ${row.action}.` };
  if (!atLeast(role, row.who)) return forbidden(`Only ${plural(row.who)} can ${row.action}.`);
  return { allowed: true };
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

function forbidden(message: string): Extract<Authorization, { status: 403 }> {
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
