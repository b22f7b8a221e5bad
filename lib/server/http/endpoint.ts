import "server-only";
import type { z } from "zod";
import type { Contact } from "@/lib/api/contacts";
import { INBOX_ENDPOINTS, type InboxEndpoint, type InboxOperation } from "@/lib/api/inbox-endpoints";
import { describeIssues } from "@/lib/api/query";
import { atLeast, type Role } from "@/lib/api/roles";
import type { Thread } from "@/lib/api/threads";
import { canSee } from "../access/visibility";
import type { Runtime } from "../runtime/runtime";
import { apiError, route } from "./route";
import type { SessionViewer } from "./session";

/**
 * The inbox's own endpoints, run from their row of lib/api/inbox-endpoints: the session and
 * the least role (403 with "Only admins can …"), the query and JSON body parsed by their
 * schemas (400 invalidRequest), and the thread or contact they name checked against the
 * viewer's visibility (a hidden one answers like a missing one), before the handler runs. So
 * a route file holds no check of its own, and a rule changes in the table alone.
 */
type SignedIn = { [O in InboxOperation]: (typeof INBOX_ENDPOINTS)[O]["allow"] extends Role ? O : never }[InboxOperation];
type Row<O extends InboxOperation> = (typeof INBOX_ENDPOINTS)[O];
type Parsed<R, Key extends string> = R extends Record<Key, infer Schema extends z.ZodType> ? z.output<Schema> : undefined;

export type EndpointInput<O extends InboxOperation, Params> = {
  request: Request;
  params: Params;
  requestId: string;
  runtime: Runtime;
  viewer: SessionViewer;
  query: Parsed<Row<O>, "query">;
  body: Parsed<Row<O>, "body">;
  /** The thread the request names (`visible.thread`), seen by the viewer; null when it names none. */
  thread: Thread | null;
  contact: Contact | null;
};

export function endpoint<O extends SignedIn, Params = Record<string, never>>(operation: O, handler: (input: EndpointInput<O, Params>) => Promise<Response>) {
  const row: InboxEndpoint = INBOX_ENDPOINTS[operation];
  return route<Params>(async (request, { params, requestId, runtime, viewer }) => {
    const least = row.allow as Role;
    if (!atLeast(viewer.role, least)) throw apiError("forbidden", `Only ${whoAre(least)} can ${row.action ?? "do this"}.`);
    const query = row.query ? parse(row.query, Object.fromEntries(new URL(request.url).searchParams)) : undefined;
    const body = row.body ? parse(row.body, await jsonBody(request)) : undefined;
    const { thread, contact } = await visibleTargets(row, { ...(query as object), ...(body as object) }, runtime, viewer);
    return handler({ request, params: await params, requestId, runtime, viewer, query, body, thread, contact } as EndpointInput<O, Params>);
  });
}

async function visibleTargets(row: InboxEndpoint, input: Record<string, unknown>, runtime: Runtime, viewer: SessionViewer): Promise<{ thread: Thread | null; contact: Contact | null }> {
  const rule = row.visible;
  if (!rule) return { thread: null, contact: null };
  const threadId = rule.thread ? input[rule.thread] : undefined;
  const contactId = rule.contact ? input[rule.contact] : undefined;
  if (typeof threadId === "string") {
    const thread = await runtime.gateway.thread(threadId);
    if (!canSee(thread, viewer)) throw apiError("threadNotFound", `No thread ${threadId}.`);
    return { thread, contact: null };
  }
  if (typeof contactId === "string") {
    const contact = await runtime.gateway.contact(contactId);
    if (!canSee(contact, viewer)) throw apiError("contactNotFound", `No contact ${contactId}.`);
    return { thread: null, contact };
  }
  if (rule.neither && !atLeast(viewer.role, rule.neither)) throw apiError("forbidden", `Only ${whoAre(rule.neither)} can ${row.action ?? "do this"}.`);
  return { thread: null, contact: null };
}

function parse(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw apiError("invalidRequest", describeIssues(parsed.error));
  return parsed.data;
}

async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw apiError("invalidRequest", "The body must be JSON.");
  }
}

function whoAre(role: Role): string {
  return role === "admin" ? "admins" : role === "manager" ? "managers and admins" : "team members";
}
