import "server-only";
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import type { Status, Tag } from "@/lib/api/labels";
import { PAGE_LIMIT, SERVICE_ID_PATTERN } from "@/lib/api/primitives";
import { hidesSnoozed } from "@/lib/api/snoozes";
import { inFolder, threadListQuery, threadSearchText, type Thread, type ThreadExpand } from "@/lib/api/threads";
import type { z } from "zod";

/**
 * GET /threads answered from the thread index, with the filters, order and paging that
 * lib/api/threads.ts documents — the same the API applies, so a list served from the index
 * and one fetched upstream agree row for row (lib/server/gateway/thread-query.test.ts compares them
 * against the sandbox). Cursors are our own, bound to the filters like the API's.
 */
export type ThreadQuery = z.output<typeof threadListQuery.schema>;

export type QueryContext = {
  tags: readonly Tag[];
  statuses: readonly Status[];
  /** Account link ID → platform, for `platform`. */
  linkPlatforms: ReadonlyMap<string, string>;
};

export type IndexedThread = Thread & { contact?: Thread["contact"]; profile?: Thread["profile"] };

export function queryThreads(
  all: Iterable<IndexedThread>,
  query: ThreadQuery,
  context: QueryContext,
  visible: (thread: IndexedThread) => boolean = () => true,
  snoozed: ReadonlySet<string> = new Set(),
): { data: Thread[]; nextCursor: string | null } {
  const filters = filterKey(query);
  const oldest = query.order === "oldest";
  const limit = query.limit ?? PAGE_LIMIT.default;
  const after = query.cursor ? decodeCursor(query.cursor, filters) : null;

  const tagIds = query.tag ? refIds(query.tag, context.tags) : null;
  const statusIds = query.status ? refIds(query.status, context.statuses) : null;
  const needle = query.q?.toLowerCase();

  const folder = query.folder ?? "inbox";
  const awayFromFolder = hidesSnoozed(folder);
  const matches: IndexedThread[] = [];
  for (const thread of all) {
    if (!inFolder(thread, folder)) continue;
    if (awayFromFolder && snoozed.has(thread.id)) continue;
    if (query.accountLinkId && !query.accountLinkId.includes(thread.accountLinkId)) continue;
    if (query.campaignId && (thread.campaignId === null || !query.campaignId.includes(thread.campaignId))) continue;
    if (query.contactId && thread.contactId !== query.contactId) continue;
    if (query.platform && context.linkPlatforms.get(thread.accountLinkId) !== query.platform) continue;
    if (query.assigneeId && (thread.assigneeId === null || !query.assigneeId.includes(thread.assigneeId))) continue;
    if (query.unassigned !== undefined && (thread.assigneeId === null) !== query.unassigned) continue;
    if (needle && !threadSearchText(thread.profile ?? null, thread.activity.preview).includes(needle)) continue;
    if (tagIds && !(thread.contact?.tagIds ?? []).some((id) => tagIds.has(id))) continue;
    if (statusIds && !(thread.contact?.statusId && statusIds.has(thread.contact.statusId))) continue;
    if (!visible(thread)) continue;
    matches.push(thread);
  }

  matches.sort((a, b) => compare(a, b) * (oldest ? 1 : -1));
  let start = 0;
  if (after) {
    start = matches.findIndex((t) => compare(t, { activity: { at: after[0] }, id: after[1] }) * (oldest ? 1 : -1) > 0);
    if (start === -1) start = matches.length;
  }
  const page = matches.slice(start, start + limit);
  const last = page.at(-1);
  const more = start + limit < matches.length;
  return {
    data: page.map((t) => shape(t, query.expand ?? [])),
    nextCursor: more && last ? encodeCursor(filters, [last.activity.at, last.id]) : null,
  };
}

/** A thread as GET /threads returns it: embedded resources only where `expand` asked for them. */
export function shape(thread: IndexedThread, expand: readonly ThreadExpand[]): Thread {
  const { contact, profile, accountLink: _accountLink, assignee: _assignee, ...bare } = thread;
  const out: Thread = { ...bare };
  if (expand.includes("contact")) out.contact = contact ?? null;
  if (expand.includes("profile") && profile) out.profile = profile;
  return out;
}

type Position = { activity: { at: string }; id: string };

function compare(a: Position, b: Position): number {
  const at = Date.parse(a.activity.at) - Date.parse(b.activity.at);
  if (at !== 0) return at;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Tag or status references: IDs, or names in any case. A reference to nothing matches nothing. */
function refIds(refs: readonly string[], labels: readonly { id: string; name: string }[]): Set<string> {
  const wanted = new Set(refs.map((r) => r.toLowerCase()));
  const ids = new Set<string>();
  for (const label of labels) {
    if ((SERVICE_ID_PATTERN.test(label.id) && refs.includes(label.id)) || wanted.has(label.name.toLowerCase())) ids.add(label.id);
  }
  return ids;
}

/** What a cursor is bound to: every filter, not the page size, the expansions or the cursor itself. */
function filterKey(query: ThreadQuery): string {
  const { cursor: _cursor, limit: _limit, expand: _expand, ...filters } = query;
  const sorted = Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v])
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );
  return createHash("sha256").update(JSON.stringify(sorted)).digest("base64url").slice(0, 16);
}

function encodeCursor(filters: string, position: [string, string]): string {
  return Buffer.from(JSON.stringify({ g: filters, p: position })).toString("base64url");
}

function decodeCursor(cursor: string, filters: string): [string, string] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor("The cursor is malformed.");
  }
  if (typeof decoded !== "object" || decoded === null || !("g" in decoded) || !("p" in decoded)) throw invalidCursor("The cursor is malformed.");
  const { g, p } = decoded as { g: unknown; p: unknown };
  if (!Array.isArray(p) || p.length !== 2 || typeof p[0] !== "string" || typeof p[1] !== "string" || Number.isNaN(Date.parse(p[0]))) {
    throw invalidCursor("The cursor is malformed.");
  }
  if (g !== filters) throw invalidCursor("The cursor was made with other filters.");
  return [p[0], p[1]];
}

function invalidCursor(message: string): ApiError {
  return new ApiError({ status: 400, code: "invalidCursor", message });
}
