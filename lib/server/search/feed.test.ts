import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/connection";
import type { Message } from "@/lib/api/messages";
import { openInboxDatabase } from "../store/db";
import { createSearchFeed, RETRY_FAILED_MS, type SearchFeed, type SearchFeedSource } from "./feed";
import { createMessageSearch, type MessageSearch } from "./message-search";

/**
 * The feed against a fake upstream: which threads it reads, how often, and what it indexes —
 * a thread's history on its first read, a thread nobody opened once a search covers it, and
 * events only for threads already indexed.
 */
let handle: DatabaseHandle;
let search: MessageSearch;

beforeAll(async () => {
  handle = await openInboxDatabase({});
  search = createMessageSearch(handle.db);
});
afterAll(() => handle.close());

const message = (id: string, threadId: string, content: string | null, minute: number, extra: Partial<Message> = {}): Message =>
  ({
    id,
    threadId,
    platformId: null,
    content,
    direction: "inbound",
    accountLinkId: "acl1",
    sentBy: null,
    sentAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    editedAt: null,
    deletedAt: null,
    attachments: [],
    entities: {},
    reactions: [],
    platformData: { _tag: "instagram" },
    ...extra,
  }) as Message;

/** Two pages per thread: the latest (cursor null) and one older ("older"). */
const HISTORY: Record<string, Message[][]> = {
  t1: [[message("m12", "t1", "Talk tomorrow", 12)], [message("m11", "t1", "We use HubSpot", 11)]],
  t2: [[message("m22", "t2", "Thanks!", 22)], [message("m21", "t2", "Is Salesforce supported?", 21)]],
  t3: [[message("m31", "t3", null, 31)]],
};

let reads: string[] = [];
let feed: SearchFeed;
let failing = new Set<string>();
let clock = 0;

beforeEach(async () => {
  for (const id of Object.keys(HISTORY)) await search.removeThread(id);
  reads = [];
  failing = new Set();
  clock = 1_000_000;
  const source: SearchFeedSource = {
    thread: () => ({ profile: { displayName: "Ada Lovelace" } as never }),
    message: async (id) => {
      reads.push(`message ${id}`);
      return Object.values(HISTORY).flat(2).find((m) => m.id === id) ?? message(id, "t1", "A new HubSpot question", 40);
    },
    messages: async (threadId, cursor) => {
      reads.push(`${threadId} ${cursor ?? "latest"}`);
      if (failing.has(threadId)) throw new Error("upstream down");
      const pages = HISTORY[threadId] ?? [];
      const index = cursor === null ? 0 : 1;
      return { data: pages[index] ?? [], nextCursor: index === 0 && pages.length > 1 ? "older" : null };
    },
    memberNames: async () => new Map(),
    senders: async () => new Map(),
  };
  feed = createSearchFeed(search, source, { now: () => clock });
});

const found = async (word: string) => (await search.search({ words: [word], phrases: [], threadIds: null, limit: 20 })).hits.map((h) => h.messageId);

describe("search feed", () => {
  it("indexes a thread's older pages the first time its latest page is read, and only then", async () => {
    feed.messagesRead("t1", HISTORY.t1![0]!, "older");
    await feed.idle();
    expect(reads).toEqual(["t1 older"]);
    expect(await found("hubspot")).toEqual(["m11"]);
    feed.messagesRead("t1", HISTORY.t1![0]!, "older");
    await feed.idle();
    expect(reads).toEqual(["t1 older"]);
  });

  it("reads the threads a search covers that nobody read, once, and counts what is left", async () => {
    feed.messagesRead("t1", HISTORY.t1![0]!, "older");
    await feed.idle();
    reads = [];
    expect(await feed.cover(["t2", "t1", "t3"])).toBe(2);
    await feed.idle();
    expect(reads).toEqual(["t2 latest", "t2 older", "t3 latest"]);
    expect(await found("salesforce")).toEqual(["m21"]);
    // t3 has no text to index, yet it was read: it is not read again.
    expect(await feed.cover(["t2", "t1", "t3"])).toBe(0);
    await feed.idle();
    expect(reads).toHaveLength(3);
  });

  it("passes over a thread it cannot read, and tries it again later", async () => {
    failing = new Set(["t2"]);
    expect(await feed.cover(["t2", "t3"])).toBe(2);
    await feed.idle();
    expect(reads).toEqual(["t2 latest", "t3 latest"]);
    // Not counted as pending meanwhile, so the browser stops asking.
    expect(await feed.cover(["t2", "t3"])).toBe(0);
    failing = new Set();
    clock += RETRY_FAILED_MS;
    expect(await feed.cover(["t2", "t3"])).toBe(1);
    await feed.idle();
    expect(await found("salesforce")).toEqual(["m21"]);
  });

  it("stops when threads fail one after the other (the API is down), and the next search starts again", async () => {
    HISTORY.t4 = [[message("m41", "t4", "Salesforce too", 41)]];
    HISTORY.t5 = [[message("m51", "t5", "Salesforce three", 51)]];
    failing = new Set(["t1", "t2", "t3"]);
    await feed.cover(["t1", "t2", "t3", "t4", "t5"]);
    await feed.idle();
    expect(reads).toEqual(["t1 latest", "t2 latest", "t3 latest"]);
    expect(await feed.cover(["t1", "t2", "t3", "t4", "t5"])).toBe(2);
    await feed.idle();
    expect(await found("salesforce")).toEqual(["m51", "m41"]);
    delete HISTORY.t4;
    delete HISTORY.t5;
    await search.removeThread("t4");
    await search.removeThread("t5");
  });

  it("follows events for indexed threads only: new and edited messages read, deleted ones dropped", async () => {
    feed.eventApplied({ type: "message.received", threadId: "t1", messageId: "m40", objectId: "m40" });
    await feed.idle();
    expect(reads).toEqual([]);
    await feed.cover(["t1"]);
    await feed.idle();
    feed.eventApplied({ type: "message.received", threadId: "t1", messageId: "m40", objectId: "m40" });
    await feed.idle();
    expect(reads.at(-1)).toBe("message m40");
    expect(await found("hubspot")).toEqual(["m40", "m11"]);
    feed.eventApplied({ type: "message.deleted", threadId: "t1", messageId: "m11", objectId: "m11" });
    await feed.idle();
    expect(await found("hubspot")).toEqual(["m40"]);
    feed.eventApplied({ type: "thread.deleted", threadId: "t1", messageId: null, objectId: "t1" });
    await feed.idle();
    expect(await found("hubspot")).toEqual([]);
  });

  it("leaves unsent and undelivered messages out", async () => {
    feed.messagesRead("t9", [message("m91", "t9", "HubSpot unsent", 1, { deletedAt: new Date().toISOString() }), message("m92", "t9", "HubSpot failed", 2, { delivery: "failed" } as Partial<Message>)], null);
    await feed.idle();
    expect(await found("hubspot")).toEqual([]);
  });
});
