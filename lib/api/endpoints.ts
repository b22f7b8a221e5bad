import type { z } from "zod";
import { contactListQuery, contactPatch } from "./contacts";
import { eventListQuery } from "./events";
import { statusCreate, statusPatch, tagCreate, tagPatch } from "./labels";
import { messageDeleteQuery, messagePatch, reactionCreate, reactionDeleteQuery, sendMessage } from "./messages";
import { matchPath } from "./paths";
import { accountLinkListQuery } from "./platforms";
import { defineQuery, pageQuery, strictQuery, type QueryDefinition } from "./query";
import { strictBody } from "./strict-body";
import { OUTREACH_API_ENDPOINTS } from "./outreach/endpoints";
import { threadGetQuery, threadListQuery, threadPatch } from "./threads";

/**
 * Every endpoint of API v2 with what a request to it may carry: the one table of paths.
 * The BFF's policy names these operations and validates requests with these schemas before
 * anything goes upstream; a path that is not here names no endpoint.
 *
 * `:name` segments take a service ID, except `tagRef`/`statusRef` (an ID or a name),
 * `index` (a non-negative integer) and `identifier` (a lead's platform ID, username or
 * external ID, as the lead cancel's `by` says).
 *
 * The table is the BFF's, and strict: a query key or body field the endpoint does not take is
 * 400 invalidRequest here, because the BFF forwards the query string and body as they came and
 * its policy must have seen everything that goes upstream. The API itself (the sandbox, and the
 * typed client's own checks) ignores them: lib/api/query.ts and lib/api/strict-body.ts.
 */
export type Endpoint = {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  query: QueryDefinition<z.ZodType>;
  body: z.ZodType | null;
  /** The body may be left out (the outreach actions' `{}`): nothing is then forwarded. */
  optionalBody?: boolean;
};

const none = strictQuery(defineQuery({}));

export const ENDPOINTS = {
  "platforms.list": { method: "GET", path: "/platforms", query: none, body: null },
  "team.get": { method: "GET", path: "/team", query: none, body: null },
  "members.list": { method: "GET", path: "/members", query: strictQuery(pageQuery), body: null },
  "members.get": { method: "GET", path: "/members/:memberId", query: none, body: null },
  "accountLinks.list": { method: "GET", path: "/account-links", query: strictQuery(accountLinkListQuery), body: null },
  "accountLinks.get": { method: "GET", path: "/account-links/:accountLinkId", query: none, body: null },
  "threads.list": { method: "GET", path: "/threads", query: strictQuery(threadListQuery), body: null },
  "threads.get": { method: "GET", path: "/threads/:threadId", query: strictQuery(threadGetQuery), body: null },
  "threads.update": { method: "PATCH", path: "/threads/:threadId", query: none, body: strictBody(threadPatch) },
  "threads.delete": { method: "DELETE", path: "/threads/:threadId", query: none, body: null },
  "threads.typing": { method: "POST", path: "/threads/:threadId/typing", query: none, body: null },
  "threads.messages": { method: "GET", path: "/threads/:threadId/messages", query: strictQuery(pageQuery), body: null },
  "messages.send": { method: "POST", path: "/messages", query: none, body: strictBody(sendMessage) },
  "messages.get": { method: "GET", path: "/messages/:messageId", query: none, body: null },
  "messages.update": { method: "PATCH", path: "/messages/:messageId", query: none, body: strictBody(messagePatch) },
  "messages.delete": { method: "DELETE", path: "/messages/:messageId", query: strictQuery(messageDeleteQuery), body: null },
  "messages.history": { method: "GET", path: "/messages/:messageId/history", query: none, body: null },
  "messages.react": { method: "POST", path: "/messages/:messageId/reactions", query: none, body: strictBody(reactionCreate) },
  "messages.unreact": { method: "DELETE", path: "/messages/:messageId/reactions", query: strictQuery(reactionDeleteQuery), body: null },
  "messages.attachmentUrl": { method: "GET", path: "/messages/:messageId/attachments/:index", query: none, body: null },
  "contacts.list": { method: "GET", path: "/contacts", query: strictQuery(contactListQuery), body: null },
  "contacts.get": { method: "GET", path: "/contacts/:contactId", query: none, body: null },
  "contacts.update": { method: "PATCH", path: "/contacts/:contactId", query: none, body: strictBody(contactPatch) },
  "contacts.addTag": { method: "PUT", path: "/contacts/:contactId/tags/:tagRef", query: none, body: null },
  "contacts.removeTag": { method: "DELETE", path: "/contacts/:contactId/tags/:tagRef", query: none, body: null },
  "tags.list": { method: "GET", path: "/tags", query: strictQuery(pageQuery), body: null },
  "tags.create": { method: "POST", path: "/tags", query: none, body: strictBody(tagCreate) },
  "tags.get": { method: "GET", path: "/tags/:tagRef", query: none, body: null },
  "tags.update": { method: "PATCH", path: "/tags/:tagRef", query: none, body: strictBody(tagPatch) },
  "tags.delete": { method: "DELETE", path: "/tags/:tagRef", query: none, body: null },
  "statuses.list": { method: "GET", path: "/statuses", query: strictQuery(pageQuery), body: null },
  "statuses.create": { method: "POST", path: "/statuses", query: none, body: strictBody(statusCreate) },
  "statuses.get": { method: "GET", path: "/statuses/:statusRef", query: none, body: null },
  "statuses.update": { method: "PATCH", path: "/statuses/:statusRef", query: none, body: strictBody(statusPatch) },
  "statuses.delete": { method: "DELETE", path: "/statuses/:statusRef", query: none, body: null },
  "colors.list": { method: "GET", path: "/colors", query: none, body: null },
  "events.list": { method: "GET", path: "/events", query: strictQuery(eventListQuery), body: null },
  // Lists, leads, import jobs and campaigns, for teams with the outreach add-on.
  ...OUTREACH_API_ENDPOINTS,
} as const satisfies Record<string, Endpoint>;

export type Operation = keyof typeof ENDPOINTS;
export const OPERATIONS = Object.keys(ENDPOINTS) as Operation[];

export type EndpointMatch = { operation: Operation; endpoint: Endpoint; params: Record<string, string> };

/**
 * The endpoints whose path matches, whatever their method; `path` is relative to the
 * version 2 root, without query. Path parameters come back decoded; a segment that does not
 * decode, or an empty one, matches nothing.
 */
export function matchEndpoints(path: string): EndpointMatch[] {
  const matches: EndpointMatch[] = [];
  for (const operation of OPERATIONS) {
    const endpoint: Endpoint = ENDPOINTS[operation];
    const params = matchPath(endpoint.path, path);
    if (params) matches.push({ operation, endpoint, params });
  }
  return matches;
}
