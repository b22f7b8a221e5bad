import "server-only";
import type { Message } from "@/lib/api/messages";
import type { Thread } from "@/lib/api/threads";
import { errorField, log } from "../runtime/log";
import type { IndexedMessage, MessageSearch } from "./message-search";

/**
 * What keeps the message index (./message-search) current, told by the gateway:
 * - every page of a thread's messages it reads upstream (the first read of a thread, older
 *   pages as someone scrolls, a re-read after an event), indexed as read — at no extra cost;
 *   the first time a thread is read, its older history too (up to BACKFILL_PAGES pages of 100,
 *   at background priority), so a message from months ago is found without scrolling to it;
 * - every message event: a new or edited message is read again (at background priority,
 *   below members) and indexed, a deleted, unsent or failed one removed, a deleted thread's
 *   messages dropped. Only threads read before are re-read: the others are indexed whole
 *   when first read;
 * - a search (`cover`): the threads it covers that were never read are read now, one after
 *   the other at background priority, so a word in an older message of a thread nobody opened
 *   is found too. This costs the team's budget once per thread, and only once someone searches.
 *
 * It never stands in a request's way: the work runs after the answer, and a failure is logged.
 */
export type MessageObserver = {
  /** `olderFrom`: the cursor of the older messages, when this was a thread's latest page. */
  messagesRead(threadId: string, messages: readonly Message[], olderFrom: string | null): void;
  eventApplied(event: { type: string; threadId: string | null; messageId: string | null; objectId: string }): void;
};

export type SearchFeedSource = {
  /** The thread as the index holds it (its person names inbound messages). */
  thread(threadId: string): Pick<Thread, "profile"> | undefined;
  /** A message read again upstream, below members' reads. */
  message(messageId: string): Promise<Message>;
  /** A page of a thread's messages (the latest without a cursor), read below members' reads. */
  messages(threadId: string, cursor: string | null): Promise<{ data: Message[]; nextCursor: string | null }>;
  /** Names of the team's members by ID, as far as the inbox knows them. */
  memberNames(): Promise<ReadonlyMap<string, string>>;
  /** Who sent these messages through the inbox (the API names the team owner for them all). */
  senders(messageIds: readonly string[]): Promise<ReadonlyMap<string, Sender>>;
};

export type Sender = { name: string; memberId: string | null };

export type SearchFeed = MessageObserver & {
  /**
   * Makes sure these threads (most important first) get indexed: those never read are queued
   * to be read. Returns how many of them are not indexed yet.
   */
  cover(threadIds: readonly string[]): Promise<number>;
  /** Resolves once the work begun so far has finished (tests). */
  idle(): Promise<void>;
};

export const BACKFILL_PAGES = 5;
/** A thread that could not be read is left out of searches' reading for this long. */
export const RETRY_FAILED_MS = 5 * 60_000;
/** This many threads failing one after the other stop the reading (the API is down): the next search starts it again. */
const FAILURES_TO_STOP = 3;

export function createSearchFeed(search: MessageSearch, source: SearchFeedSource, options: { now?: () => number } = {}): SearchFeed {
  const now = options.now ?? Date.now;
  const running = new Set<Promise<void>>();
  const run = (what: string, work: () => Promise<void>) => {
    const task = work()
      .catch((error: unknown) => log.error({ error: errorField(error) }, `indexing messages for search failed (${what})`))
      .finally(() => running.delete(task));
    running.add(task);
  };

  // Threads whose messages are indexed (as far as this process knows), read from the table once.
  let indexed: Promise<Set<string>> | null = null;
  const indexedThreads = () => (indexed ??= search.threadIds().then((ids) => new Set(ids)));
  // Threads a search asked for that were never read, in the order asked; read one at a time.
  const queue = new Set<string>();
  // Threads whose reading failed, and when: one broken thread never holds the others back.
  const failedAt = new Map<string, number>();
  let crawling = false;

  /** A thread's messages, the latest page first and then up to BACKFILL_PAGES older ones. */
  async function indexHistory(threadId: string, latest: readonly Message[], olderFrom: string | null): Promise<void> {
    await index(threadId, latest);
    let cursor = olderFrom;
    for (let pages = 0; cursor && pages < BACKFILL_PAGES; pages++) {
      const older = await source.messages(threadId, cursor);
      await index(threadId, older.data);
      cursor = older.nextCursor;
    }
    (await indexedThreads()).add(threadId);
  }

  function crawl() {
    if (crawling || queue.size === 0) return;
    crawling = true;
    run("threads a search covers", async () => {
      let failures = 0;
      try {
        for (const threadId of queue) {
          queue.delete(threadId);
          try {
            // Another instance (or a member opening it meanwhile) may have indexed it.
            if (await search.hasThread(threadId)) (await indexedThreads()).add(threadId);
            else {
              const latest = await source.messages(threadId, null);
              await indexHistory(threadId, latest.data, latest.nextCursor);
            }
            failures = 0;
          } catch (error) {
            failedAt.set(threadId, now());
            log.warn({ threadId, error: errorField(error) }, "reading a thread for search failed; it is tried again later");
            if (++failures >= FAILURES_TO_STOP) throw error;
          }
        }
      } finally {
        crawling = false;
        // Stopped: what is left is not indexed, and the next search asks for it again.
        queue.clear();
      }
    });
  }

  async function index(threadId: string, messages: readonly Message[]): Promise<void> {
    const names = messages.some((m) => m.sentBy?.type === "member") ? await source.memberNames() : new Map<string, string>();
    const senders = await source.senders(messages.filter((m) => m.direction !== "inbound").map((m) => m.id));
    const thread = source.thread(threadId);
    const gone = messages.filter((m) => !searchable(m)).map((m) => m.id);
    const rows = messages.filter(searchable).map((m) => toRow(m, thread, names, senders.get(m.id)));
    await search.upsert(rows);
    await search.remove(gone);
  }

  return {
    messagesRead(threadId, messages, olderFrom) {
      if (messages.length === 0) return;
      run("a thread's messages", async () => {
        const first = olderFrom !== null && !(await search.hasThread(threadId));
        if (first) await indexHistory(threadId, messages, olderFrom);
        else await index(threadId, messages);
      });
    },

    eventApplied({ type, threadId, messageId, objectId }) {
      if (type === "thread.deleted") {
        return run(type, async () => {
          (await indexedThreads()).delete(objectId);
          await search.removeThread(objectId);
        });
      }
      if (!messageId) return;
      if (type === "message.deleted" || type === "message.failed") return run(type, () => search.remove([messageId]));
      if (type !== "message.received" && type !== "message.sent" && type !== "message.edited") return;
      if (!threadId) return;
      run(type, async () => {
        if (!(await search.hasThread(threadId))) return;
        await index(threadId, [await source.message(messageId)]);
      });
    },

    async cover(threadIds) {
      const known = await indexedThreads();
      const missing = threadIds.filter((id) => !known.has(id) && now() - (failedAt.get(id) ?? -Infinity) >= RETRY_FAILED_MS);
      for (const id of missing) queue.add(id);
      crawl();
      return missing.length;
    },

    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/** Delivered messages with text; an unsent one (`deletedAt`) or a media-only one has none to find. */
function searchable(message: Message): message is Message & { content: string } {
  return typeof message.content === "string" && message.content.trim() !== "" && message.deletedAt === null && (message.delivery ?? "sent") === "sent";
}

function toRow(message: Message & { content: string }, thread: Pick<Thread, "profile"> | undefined, names: ReadonlyMap<string, string>, viaInbox: Sender | undefined): IndexedMessage {
  const sender = message.sentBy;
  const memberId = viaInbox?.memberId ?? (sender?.type === "member" && "memberId" in sender ? String(sender.memberId) : null);
  const inbound = message.direction === "inbound";
  const profile = thread?.profile;
  const author = inbound
    ? (profile?.displayName ?? profile?.username ?? profile?.handle ?? null)
    : viaInbox
      ? viaInbox.name
      : memberId
        ? (names.get(memberId) ?? null)
      : sender?.type === "agent" && "name" in sender
        ? String(sender.name)
        : null;
  return {
    messageId: message.id,
    threadId: message.threadId,
    direction: message.direction,
    author,
    authorMemberId: inbound ? null : memberId,
    sentAt: message.sentAt,
    content: message.content,
  };
}
