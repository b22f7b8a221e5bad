import "server-only";
import { z } from "zod";
import { message as messageSchema, type Message } from "@/lib/api/messages";
import { page } from "@/lib/api/primitives";
import { unreadFor } from "@/lib/api/read-state";
import type { MessageHit, SearchPage } from "@/lib/api/search";
import { parseSearchQuery, type SearchQuery } from "@/lib/api/search-query";
import { canSee } from "../access/visibility";
import type { Gateway } from "../gateway/gateway";
import { shape, type IndexedThread } from "../gateway/thread-query";
import { apiError } from "../http/route";
import type { SessionViewer } from "../http/session";
import type { Runtime } from "../runtime/runtime";
import { SearchCursorError } from "./message-search";

/**
 * GET /api/inbox/search: the threads a search may cover are decided here, from the thread
 * index — the viewer's visibility first, whatever the query, then `tag:`, `status:`, `is:` —
 * and only their messages are searched. So a hidden thread's text never reaches the answer.
 */
const NO_STORE = { "cache-control": "no-store" };

export async function searchAnswer(runtime: Runtime, viewer: SessionViewer, request: { q: string; cursor?: string; limit: number }): Promise<Response> {
  const parsed = parseSearchQuery(request.q);
  if (!parsed.ok) throw apiError("invalidRequest", parsed.message);
  const query = parsed.query;
  await runtime.gateway.index.ready();
  const covered = await coveredThreads(runtime, viewer, query);
  const threads = new Map(covered.map((t) => [t.id, t]));
  // Threads nobody has read yet are read now, the most recently active first; the answer says how many are left.
  const pending = await runtime.searchFeed.cover(covered.toSorted((a, b) => b.activity.at.localeCompare(a.activity.at)).map((t) => t.id));
  let found;
  try {
    found = await runtime.search.search({
      words: query.words,
      phrases: query.phrases,
      threadIds: [...threads.keys()],
      authors: query.from,
      // An unlinked user has sent nothing as a member: `from:me` then finds nothing.
      authorMemberId: query.fromMe ? viewer.memberId || "-" : undefined,
      after: query.after,
      before: query.before,
      cursor: request.cursor,
      limit: request.limit,
    });
  } catch (error) {
    if (error instanceof SearchCursorError) throw apiError("invalidCursor", error.message);
    throw error;
  }
  const data: MessageHit[] = found.hits.flatMap((hit) => {
    const thread = threads.get(hit.threadId);
    if (!thread) return [];
    return [{ messageId: hit.messageId, threadId: hit.threadId, direction: hit.direction, author: hit.author, sentAt: hit.sentAt, snippet: hit.snippet, thread: shape(thread, ["contact", "profile"]) }];
  });
  const answer: SearchPage = { data, nextCursor: found.nextCursor, pending };
  return Response.json(answer, { headers: NO_STORE });
}

/** The threads the viewer may see that pass the query's thread filters. */
async function coveredThreads(runtime: Runtime, viewer: SessionViewer, query: SearchQuery): Promise<IndexedThread[]> {
  const visible = runtime.gateway.index.all().filter((t) => canSee(t, viewer));
  const tagIds = query.tags.length > 0 ? await labelIds(runtime, viewer, "tags", query.tags) : null;
  const statusIds = query.statuses.length > 0 ? await labelIds(runtime, viewer, "statuses", query.statuses) : null;
  const marks = query.unread !== undefined ? new Map((await runtime.reads.list(viewer.userId)).map((m) => [m.threadId, m])) : null;
  return visible.filter((t) => {
    if (tagIds && !(t.contact?.tagIds ?? []).some((id) => tagIds.has(id))) return false;
    if (statusIds && !(t.contact?.statusId && statusIds.has(t.contact.statusId))) return false;
    if (marks && unreadFor(t, marks.get(t.id)) !== query.unread) return false;
    if (query.archived !== undefined && t.archived !== query.archived) return false;
    return true;
  });
}

/** IDs of the tags or statuses with these names (any case), read through the gateway's cache. */
async function labelIds(runtime: Runtime, viewer: SessionViewer, kind: "tags" | "statuses", names: readonly string[]): Promise<Set<string>> {
  const operation = kind === "tags" ? "tags.list" : "statuses.list";
  const response = await runtime.gateway.read(operation, `/${kind}`, {}, new URLSearchParams({ limit: "100" }), viewer);
  if (!response.ok) return new Set();
  const labels = page(z.looseObject({ id: z.string(), name: z.string() })).parse(await response.json()).data;
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  return new Set(labels.filter((l) => wanted.has(l.name.toLowerCase())).map((l) => l.id));
}

/** A page of a thread's messages, read below members (the search feed's reads); not cached: nobody is looking at it. */
export async function messagesPage(gateway: Gateway, threadId: string, cursor: string | null): Promise<{ data: Message[]; nextCursor: string | null }> {
  const response = await gateway.send("background", `/threads/${threadId}/messages?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
  if (!response.ok) throw new Error(`reading older messages of ${threadId} answered ${response.status}`);
  return page(messageSchema).parse(await response.json());
}
