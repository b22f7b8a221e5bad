import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/connection";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-database";
import { openInboxDatabase } from "../store/db";
import { createMessageSearch, snippetParts, type IndexedMessage, type MessageSearch, type MessageSearchFilter } from "./message-search";

/**
 * The same behaviour on both databases the inbox runs on: embedded PGlite, and a Postgres
 * server when TEST_DATABASE_URL names one (ts_headline, the generated tsvector and the GIN
 * index come from the same migration on both).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const BACKENDS = [
  { name: "PGlite", enabled: true },
  { name: "Postgres", enabled: Boolean(serverUrl) },
];

const row = (messageId: string, threadId: string, content: string, sentAt: string, extra: Partial<IndexedMessage> = {}): IndexedMessage => ({
  messageId,
  threadId,
  direction: "inbound",
  author: "Ada Lovelace",
  authorMemberId: null,
  sentAt,
  content,
  ...extra,
});

describe.each(BACKENDS)("message search on $name", ({ name, enabled }) => {
  let handle: DatabaseHandle;
  let search: MessageSearch;
  let server: TestDatabase | null = null;

  const find = (filter: Partial<MessageSearchFilter>) => search.search({ words: [], phrases: [], threadIds: null, limit: 20, ...filter });
  const ids = async (filter: Partial<MessageSearchFilter>) => (await find(filter)).hits.map((h) => h.messageId);

  beforeAll(async () => {
    if (!enabled) return;
    // Applies the inbox's migrations: the GIN index and generated tsvector included.
    if (name === "Postgres") server = await createTestDatabase(serverUrl!, "inbox_search");
    handle = await openInboxDatabase(server ? { url: server.url } : {});
    search = createMessageSearch(handle.db);
    await search.upsert([
      row("m1", "t1", "We moved our CRM to HubSpot last spring.", "2026-03-01T10:00:00Z"),
      row("m2", "t1", "Thanks, sending the annual plan now.", "2026-03-02T10:00:00Z", { direction: "outbound", author: "Sam Rivera", authorMemberId: "mem1" }),
      row("m3", "t2", "Is the annual price per seat?", "2026-04-01T10:00:00Z", { author: "Grace Hopper" }),
      row("m4", "t3", "hubspot integration question", "2026-05-01T10:00:00Z", { author: "Linus" }),
    ]);
  });
  afterAll(async () => {
    await handle?.close();
    await server?.drop();
  });

  describe.runIf(enabled)("queries", () => {
    it("matches word starts in any case, newest first", async () => {
      expect(await ids({ words: ["hub"] })).toEqual(["m4", "m1"]);
      expect(await ids({ words: ["HUBSPOT", "spring"] })).toEqual(["m1"]);
    });

    it("matches phrases as written", async () => {
      expect(await ids({ phrases: ["annual plan"] })).toEqual(["m2"]);
      expect(await ids({ phrases: ["plan annual"] })).toEqual([]);
    });

    it("highlights the match as plain-text pieces", async () => {
      const [hit] = (await find({ words: ["hubspot"], threadIds: ["t1"] })).hits;
      expect(hit!.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(["HubSpot"]);
      expect(hit!.snippet.map((p) => p.text).join("")).toBe("We moved our CRM to HubSpot last spring.");
    });

    it("covers only the threads it is given", async () => {
      expect(await ids({ words: ["hubspot"], threadIds: ["t1", "t2"] })).toEqual(["m1"]);
      expect(await ids({ words: ["hubspot"], threadIds: [] })).toEqual([]);
    });

    it("filters by author name, by the member who sent, and by day", async () => {
      expect(await ids({ authors: ["grace"] })).toEqual(["m3"]);
      expect(await ids({ authorMemberId: "mem1" })).toEqual(["m2"]);
      expect(await ids({ words: ["annual"], after: "2026-03-02", before: "2026-04-01" })).toEqual(["m2"]);
      expect(await ids({ authors: ["100%_"] })).toEqual([]);
    });

    it("pages with a cursor and refuses a forged one", async () => {
      const first = await find({ limit: 2 });
      expect(first.hits.map((h) => h.messageId)).toEqual(["m4", "m3"]);
      const second = await find({ limit: 2, cursor: first.nextCursor! });
      expect(second.hits.map((h) => h.messageId)).toEqual(["m2", "m1"]);
      expect(second.nextCursor).toBeNull();
      await expect(find({ cursor: "nonsense" })).rejects.toThrow(/cursor/);
    });

    it("upserts idempotently (an edit replaces the text) and removes", async () => {
      await search.upsert([row("m4", "t3", "salesforce integration question", "2026-05-01T10:00:00Z", { author: null })]);
      await search.upsert([row("m4", "t3", "salesforce integration question", "2026-05-01T10:00:00Z", { author: null })]);
      expect(await ids({ words: ["hubspot"] })).toEqual(["m1"]);
      const [edited] = (await find({ words: ["salesforce"] })).hits;
      expect(edited!.author).toBe("Linus");
      await search.remove(["m4"]);
      expect(await ids({ words: ["salesforce"] })).toEqual([]);
      await search.removeThread("t2");
      expect(await search.hasThread("t2")).toBe(false);
      expect(await search.hasThread("t1")).toBe(true);
    });

    it("splits a headline's markers into pieces", () => {
      expect(snippetParts("a \u0001b\u0002 c")).toEqual([
        { text: "a ", match: false },
        { text: "b", match: true },
        { text: " c", match: false },
      ]);
    });
  });
});
