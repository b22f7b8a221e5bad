import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-database";
import { createLocalBus, createPostgresBus, parsePart, splitMessage, type Bus, type BusMessage } from "./bus";

describe("bus message parts", () => {
  it("splits a long message on characters, never inside one, and numbers the parts", () => {
    const text = JSON.stringify({ type: "events", body: "é€😀".repeat(2_000) });
    const parts = splitMessage("origin-1", text, 1_000).map((payload) => parsePart(payload)!);
    expect(parts.length).toBeGreaterThan(10);
    expect(new Set(parts.map((p) => p.id)).size).toBe(1);
    expect(parts.map((p) => p.index)).toEqual(parts.map((_, i) => i));
    for (const part of parts) {
      expect(part.total).toBe(parts.length);
      expect(Buffer.byteLength(part.body)).toBeLessThanOrEqual(1_000);
    }
    expect(parts.map((p) => p.body).join("")).toBe(text);
  });

  it("ignores payloads that are not parts", () => {
    expect(parsePart("hello")).toBeNull();
    expect(parsePart("o|i|3|2|x")).toBeNull();
  });

  it("is local without a Postgres URL: nothing to send, and this process replays", async () => {
    const bus = createLocalBus();
    await expect(bus.send({ type: "replay" })).resolves.toBeUndefined();
    await expect(bus.leads()).resolves.toBe(true);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("bus on Postgres", () => {
  let database: TestDatabase;
  let url: string;
  let handle: DatabaseHandle;
  const buses: Bus[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, "inbox_bus");
    url = database.url;
    handle = await openDatabase({ url });
  });

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await handle?.close();
    await database?.drop();
  });

  function bus(): { bus: Bus; heard: BusMessage[] } {
    const made = createPostgresBus(url);
    buses.push(made);
    const heard: BusMessage[] = [];
    made.onMessage((message) => heard.push(message));
    return { bus: made, heard };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it("delivers to the other instances, not back to the sender, and puts long messages back together", async () => {
    const one = bus();
    const two = bus();
    await Promise.all([one.bus.leads(), two.bus.leads()]); // both listening
    const long: BusMessage = { type: "presence", beat: { tabId: "t".repeat(8), userId: "u", name: "ü".repeat(20_000), threadId: "thr1", typing: false } };
    await one.bus.send(long);
    await one.bus.send({ type: "replay" });
    await settle();
    const told = (heard: BusMessage[]) => heard.filter((m) => m.type !== "hello");
    expect(told(two.heard)).toEqual([long, { type: "replay" }]);
    expect(told(one.heard)).toEqual([]);
  });

  it("says hello to the others when it starts listening, so they tell it what only memory holds", async () => {
    const one = bus();
    await one.bus.leads();
    const two = bus();
    await two.bus.leads();
    await expect.poll(() => one.heard, { timeout: 5_000 }).toContainEqual({ type: "hello" });
  });

  it("sends within a transaction only when it commits", async () => {
    const one = bus();
    const two = bus();
    await Promise.all([one.bus.leads(), two.bus.leads()]);
    await handle.db
      .transaction(async (tx) => {
        await one.bus.send({ type: "rebuild" }, tx);
        await tx.execute(sql`select 1`);
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await settle();
    expect(two.heard.filter((m) => m.type !== "hello")).toEqual([]);
    await handle.db.transaction(async (tx) => one.bus.send({ type: "rebuild" }, tx));
    await settle();
    expect(two.heard.filter((m) => m.type !== "hello")).toEqual([{ type: "rebuild" }]);
  });

  it("reads everything afresh when its listening connection broke, since messages sent meanwhile are lost to it", async () => {
    const one = bus();
    await one.bus.leads();
    await handle.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
    await expect.poll(() => one.heard, { timeout: 10_000 }).toContainEqual({ type: "rebuild" });
  });

  it("lets one instance lead at a time, and another take over when it is gone", async () => {
    // The earlier tests' buses may hold the lock: gone first.
    await Promise.all(buses.splice(0).map((b) => b.close()));
    const first = createPostgresBus(url);
    const again = createPostgresBus(url);
    buses.push(again);
    expect(await first.leads()).toBe(true);
    expect(await first.leads()).toBe(true);
    expect(await again.leads()).toBe(false);
    await first.close();
    expect(await again.leads()).toBe(true);
  });
});
