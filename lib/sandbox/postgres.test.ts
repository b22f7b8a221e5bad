import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "@/lib/api/client";
import { createSandbox, type Sandbox } from "./app";

/**
 * The sandbox on a Postgres server rather than embedded PGlite: the same migrations, seed and
 * endpoints. `npm test` and CI point TEST_DATABASE_URL at a server (see scripts/test.mjs);
 * each run works in a database of its own, dropped afterwards.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("sandbox on Postgres", () => {
  const database = `sandbox_test_${process.pid}_${Date.now().toString(36)}`;
  let admin: postgres.Sql;
  let sandbox: Sandbox;
  let api: ReturnType<typeof createApiClient>;

  beforeAll(async () => {
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${database}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${database}`;
    sandbox = await createSandbox({ database: { url: url.toString() }, seed: { now: new Date("2026-11-20T12:00:00.000Z") } });
    api = createApiClient({
      baseUrl: "http://sandbox.test/v2",
      token: "sandbox-token-acme",
      fetch: (input, init) => sandbox.fetch(new Request(input, init)),
    });
  }, 120_000);

  afterAll(async () => {
    await sandbox?.close();
    await admin?.unsafe(`drop database if exists "${database}" with (force)`);
    await admin?.end();
  });

  it("seeds the same world and serves filtered, paginated thread lists", async () => {
    const { body: first } = await api.threads.list({ folder: "all", limit: 100 });
    expect(first.data).toHaveLength(100);
    const { body: second } = await api.threads.list({ folder: "all", limit: 100, cursor: first.nextCursor! });
    expect(second.data.length).toBe(30);
    const { body: tags } = await api.tags.list();
    const { body: tagged } = await api.threads.list({ folder: "all", tag: [tags.data[0]!.name] });
    expect(tagged.data.length).toBeGreaterThan(0);
  });

  it("sends once per idempotency key and records the events", async () => {
    const { body: page } = await api.threads.list({ folder: "all", limit: 100 });
    const { body: links } = await api.accountLinks.list();
    const active = new Set(links.data.filter((l) => l.status === "active" && l.capabilities.includes("message:send")).map((l) => l.id));
    const thread = page.data.find((t) => active.has(t.accountLinkId) && !t.restrictions.includes("message:send"))!;
    const { body: before } = await api.events.list({ afterSeq: 0, limit: 1 });
    const key = `pg-${Date.now()}`;
    const sent = await api.messages.send({ target: { type: "thread", threadId: thread.id }, content: "Hello from Postgres" }, { idempotencyKey: key });
    const replay = await api.messages.send({ target: { type: "thread", threadId: thread.id }, content: "Hello from Postgres" }, { idempotencyKey: key });
    expect(sent.status).toBe(201);
    expect(replay.status).toBe(200);
    expect(replay.body.message.id).toBe(sent.body.message.id);
    const { body: events } = await api.events.list({ afterSeq: before.lastSeq, type: ["message.sent"], limit: 1000 });
    expect(events.data.filter((e) => e.object.id === sent.body.message.id)).toHaveLength(1);
  });

  it("keeps contact writes and their events in one transaction", async () => {
    const { body: page } = await api.threads.list({ folder: "all", limit: 1 });
    const contactId = page.data[0]!.contactId!;
    const { body: contact } = await api.contacts.update(contactId, { notes: "Met on Postgres", valuation: 1234 });
    expect(contact).toMatchObject({ notes: "Met on Postgres", valuation: 1234 });
    const { body: tagged } = await api.contacts.addTag(contactId, "VIP");
    expect(tagged.tagIds.length).toBeGreaterThan(0);
  });
});
