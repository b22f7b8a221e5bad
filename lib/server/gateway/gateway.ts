import "server-only";
import type { z } from "zod";
import { contact as contactSchema, type Contact } from "@/lib/api/contacts";
import { ENDPOINTS, type Operation } from "@/lib/api/endpoints";
import { ApiError } from "@/lib/api/errors";
import { errorBody } from "@/lib/api/error-schemas";
import { eventDataSchema, isKnownEventType, type ApiEvent, type KnownEventType } from "@/lib/api/events";
import { status as statusSchema, tag as tagSchema } from "@/lib/api/labels";
import { message as messageSchema, type Message } from "@/lib/api/messages";
import { accountLink as accountLinkSchema } from "@/lib/api/platforms";
import { page } from "@/lib/api/primitives";
import { parseQuery } from "@/lib/api/query";
import { thread as threadSchema, threadListQuery, type Thread } from "@/lib/api/threads";
import { errorField, log } from "../runtime/log";
import { createBudget, type Budget, type Priority } from "./budget";
import { EVENT_EFFECTS, READ_CACHE, UNKNOWN_EVENT_EFFECT, WRITE_EFFECTS, type Holdings, type Params, type ReadOperation } from "./effects";
import { createReadCache, type CachedAnswer, type ReadCache } from "./read-cache";
import { createThreadIndex, type ThreadIndex } from "./thread-index";
import { shape, type IndexedThread, type QueryContext } from "./thread-query";
import type { Viewer } from "../access/visibility";
import type { MessageObserver } from "../search/feed";
import type { Upstream } from "./upstream";

/**
 * The gateway between every member of the inbox and the team's one request budget:
 *
 * - reads are answered from what the server already holds — GET /threads, single threads and
 *   contacts from the thread index, everything else from the shared read cache — and only a
 *   miss goes upstream (one request however many members asked at once);
 * - writes go upstream at once, first in the budget's queue, and their answers update the
 *   index and the cache;
 * - events (webhooks or replay) update the index in place where their `data` says enough,
 *   and otherwise drop exactly the entries they touch, to be read again on demand;
 * - every upstream request passes the budget (lib/server/gateway/budget), which waits out 429s.
 *
 * Member visibility is applied after the cache, per viewer: lists by the index (so pages stay
 * full), single resources by the proxy.
 */
export type Gateway = {
  index: ThreadIndex;
  budget: Budget;
  /** Any upstream request, through the budget at the given priority. */
  send(priority: Priority, path: string, init?: RequestInit): Promise<Response>;
  /** A proxied read, from the index or the cache; `search` is the validated query. */
  read(operation: Operation, path: string, params: Params, search: URLSearchParams, viewer: Viewer): Promise<Response>;
  /** A proxied write: upstream at once (a member's; `background` for the inbox's own, such as routing), then its answer applied. */
  write(operation: Operation, path: string, params: Params, init: { method: string; headers: Headers; body: string | null }, priority?: Priority): Promise<Response>;
  thread(threadId: string): Promise<Thread>;
  contact(contactId: string): Promise<Contact>;
  /** A message, from the cache or upstream (at `read` priority unless told otherwise). */
  message(messageId: string, priority?: Priority): Promise<Message>;
  /** Applies events, in `seq` order, to what the gateway holds; returns what browsers should hear. */
  apply(events: readonly ApiEvent[]): Promise<void>;
  /** Forgets everything: after events were lost beyond the replay window. */
  rebuild(): Promise<void>;
};

/**
 * `observer` hears of the messages read upstream and the events applied (message search, lib/server/search/feed);
 * `snoozed` names the threads kept out of the open folders (lib/server/snoozes).
 */
export function createGateway(
  upstream: Upstream,
  options: { budget?: Budget; cache?: ReadCache; observer?: MessageObserver; snoozed?: () => Promise<ReadonlySet<string>> } = {},
): Gateway {
  const budget = options.budget ?? createBudget();
  const cache = options.cache ?? createReadCache();
  const observer = options.observer;

  /** An upstream request through the budget; a timeout or refusal becomes the spec's error answer. */
  async function send(priority: Priority, path: string, init?: RequestInit): Promise<Response> {
    return budget.run(priority, async () => {
      try {
        return await upstream.fetch(path, init);
      } catch (error) {
        if (error instanceof ApiError) return Response.json(error.toBody(), { status: error.status, headers: { "x-request-id": error.requestId ?? "" } });
        throw error;
      }
    });
  }

  async function fetchAnswer(priority: Priority, path: string): Promise<CachedAnswer> {
    const response = await send(priority, path);
    return {
      status: response.status,
      body: await response.text(),
      contentType: response.headers.get("content-type"),
      requestId: response.headers.get("x-request-id"),
    };
  }

  /** A typed read through the cache; errors come back as the ApiError the API answered. */
  async function readTyped<Schema extends z.ZodType>(path: string, labels: string[], ttlMs: number, schema: Schema, priority: Priority = "read"): Promise<z.output<Schema>> {
    const { answer } = await cache.read(path, labels, ttlMs, () => fetchAnswer(priority, path));
    const json: unknown = safeJson(answer.body);
    if (answer.status >= 400) {
      const body = errorBody.safeParse(json);
      throw new ApiError({ status: answer.status, code: body.success ? body.data.code : "upstreamUnavailable", message: body.success ? body.data.message : undefined, details: body.success ? body.data.details : null, requestId: answer.requestId });
    }
    return schema.parse(json);
  }

  async function allPages<Item extends z.ZodType>(path: string, { labels, ttlMs }: { labels: string[]; ttlMs: number }, item: Item): Promise<z.output<Item>[]> {
    const items: z.output<Item>[] = [];
    let cursor: string | null = null;
    do {
      const qs: string = `?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const body: { data: z.output<Item>[]; nextCursor: string | null } = await readTyped(`${path}${qs}`, labels, ttlMs, page(item));
      items.push(...body.data);
      cursor = body.nextCursor;
    } while (cursor);
    return items;
  }

  // What lists are filtered by: the very entries the browser's reads of them use (same path and query), under their policy.
  async function queryContext(): Promise<QueryContext> {
    const policy = (operation: "tags.list" | "statuses.list" | "accountLinks.list") => READ_CACHE[operation]!({});
    const [tags, statuses, links] = await Promise.all([
      allPages("/tags", policy("tags.list"), tagSchema),
      allPages("/statuses", policy("statuses.list"), statusSchema),
      allPages("/account-links", policy("accountLinks.list"), accountLinkSchema),
    ]);
    return { tags, statuses, linkPlatforms: new Map(links.map((l) => [l.id, l.platform])) };
  }

  const expanded = "expand=contact&expand=profile";
  const index = createThreadIndex({
    async *loadAll() {
      let cursor: string | null = null;
      do {
        const qs: string = `?folder=all&${expanded}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        const answer = await fetchAnswer("read", `/threads${qs}`);
        if (answer.status !== 200) throw apiErrorOf(answer);
        const body = page(threadSchema).parse(JSON.parse(answer.body));
        yield* body.data as IndexedThread[];
        cursor = body.nextCursor;
      } while (cursor);
    },
    async loadOne(threadId) {
      const answer = await fetchAnswer("background", `/threads/${threadId}?${expanded}`);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw apiErrorOf(answer);
      return threadSchema.parse(JSON.parse(answer.body)) as IndexedThread;
    },
    context: queryContext,
    snoozed: options.snoozed,
  });

  /** An answer served by the gateway itself, with the budget's latest rate-limit headers. */
  function served(body: unknown, status = 200, requestId?: string | null): Response {
    const headers = new Headers({ "content-type": "application/json", "x-cache": "hit" });
    if (requestId) headers.set("x-request-id", requestId);
    const { limit, remaining, resetAt } = budget.status();
    if (limit !== null) headers.set("x-ratelimit-limit", String(limit));
    if (remaining !== null) headers.set("x-ratelimit-remaining", String(remaining));
    if (resetAt !== null) headers.set("x-ratelimit-reset", String(Math.floor(resetAt / 1000)));
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers });
  }

  const held: Holdings = { index, cache };

  async function applyOne(event: ApiEvent): Promise<void> {
    const known = isKnownEventType(event.type);
    const parsed = known ? eventDataSchema(event.type as KnownEventType).safeParse(event.data) : null;
    const data = (parsed?.success ? parsed.data : known ? {} : event.data) as Record<string, unknown>;
    const threadId = typeof data.threadId === "string" ? data.threadId : event.object.type === "thread" ? event.object.id : null;
    const effect = known ? EVENT_EFFECTS[event.type as KnownEventType] : UNKNOWN_EVENT_EFFECT;
    await effect(held, { event, data, threadId });
  }

  /** A page of a thread's messages just read upstream, told to the observer; never in the way of the answer. */
  function observeMessages(threadId: string, body: string, older: boolean) {
    const parsed = observer ? page(messageSchema).safeParse(safeJson(body)) : null;
    if (parsed?.success) observer!.messagesRead(threadId, parsed.data.data, older ? null : parsed.data.nextCursor);
  }

  function observeEvent(event: ApiEvent) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const str = (value: unknown) => (typeof value === "string" ? value : null);
    observer!.eventApplied({
      type: event.type,
      objectId: event.object.id,
      threadId: str(data.threadId) ?? (event.object.type === "thread" ? event.object.id : null),
      messageId: str(data.messageId) ?? (event.object.type === "message" ? event.object.id : null),
    });
  }

  return {
    index,
    budget,
    send,
    async read(operation, path, params, search, viewer) {
      if (operation === "threads.list") {
        const query = parseQuery(threadListQuery, search);
        if (!query.success) throw new ApiError({ status: 400, code: "invalidRequest", message: query.message });
        return served(await index.list(query.data, viewer));
      }
      if (operation === "threads.get" && index.isReady()) {
        const expand = search.getAll("expand");
        const found = index.get(params.threadId!);
        if (found && expand.every((e) => e === "contact" || e === "profile")) return served(shape(found, expand as ("contact" | "profile")[]));
      }
      // The contact its threads embed is the API's contact (expand embeds the resource), kept current by the same events.
      const held = operation === "contacts.get" && index.isReady() ? index.contact(params.contactId!) : undefined;
      if (held) return served(held);
      const policy = isRead(operation) ? READ_CACHE[operation]?.(params) : null;
      const key = `${path}${search.size ? `?${sortedSearch(search)}` : ""}`;
      if (!policy) return send("read", key);
      const { answer, hit, stale } = await cache.read(key, policy.labels, policy.ttlMs, () => fetchAnswer("read", key));
      if (operation === "threads.messages" && !hit && answer.status === 200) observeMessages(params.threadId!, answer.body, search.has("cursor"));
      const response = served(answer.body, answer.status, hit ? null : answer.requestId);
      if (!hit) response.headers.delete("x-cache");
      // The API failed and this is the last good answer: the browser may say it is behind.
      if (stale) response.headers.set("x-cache", "stale");
      return response;
    },

    async write(operation, path, params, init, priority = "write") {
      const response = await send(priority, path, { method: init.method, headers: init.headers, body: init.body ?? undefined });
      if (!response.ok) return response;
      const text = await response.text();
      const json = safeJson(text);
      if (!isRead(operation)) WRITE_EFFECTS[operation](held, params, json);
      return new Response(text || null, { status: response.status, headers: response.headers });
    },

    thread: (id) => {
      const found = index.get(id);
      if (found) return Promise.resolve(found);
      const { labels, ttlMs } = READ_CACHE["threads.get"]!({ threadId: id });
      return readTyped(`/threads/${id}`, labels, ttlMs, threadSchema);
    },
    contact: (id) => {
      const held = index.isReady() ? index.contact(id) : undefined;
      if (held) return Promise.resolve(held);
      const { labels, ttlMs } = READ_CACHE["contacts.get"]!({ contactId: id });
      return readTyped(`/contacts/${id}`, labels, ttlMs, contactSchema);
    },
    message: (id, priority = "read") => {
      const { labels, ttlMs } = READ_CACHE["messages.get"]!({ messageId: id });
      return readTyped(`/messages/${id}`, labels, ttlMs, messageSchema, priority);
    },

    async apply(events) {
      for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
        try {
          await applyOne(event);
          if (observer) observeEvent(event);
        } catch (error) {
          // One event that cannot be applied must not stop the rest; what it named is read again.
          log.error({ eventId: event.id, eventType: event.type, seq: event.seq, error: errorField(error) }, "applying an event failed; what it names is read again");
          if (event.object.type === "thread") index.refresh(event.object.id).catch(() => undefined);
        }
      }
    },

    async rebuild() {
      cache.clear();
      await index.reload();
    },
  };
}

/** A query string in one canonical order, so one view is one cache entry. */
function sortedSearch(search: URLSearchParams): string {
  const sorted = new URLSearchParams([...search].sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1)));
  return sorted.toString();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function apiErrorOf(answer: CachedAnswer): ApiError {
  const body = errorBody.safeParse(safeJson(answer.body));
  return new ApiError({
    status: answer.status,
    code: body.success ? body.data.code : "upstreamUnavailable",
    message: body.success ? body.data.message : undefined,
    details: body.success ? body.data.details : null,
    requestId: answer.requestId,
  });
}

function isRead(operation: Operation): operation is ReadOperation {
  return ENDPOINTS[operation].method === "GET";
}
