import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, count, eq } from "drizzle-orm";
import { bigint, pgSchema, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "@/lib/db/connection";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-database";
import { INBOX_MIGRATIONS } from "./db";
import { MigrationError, applyMigrations, pendingMigrations, readMigrations, type Migrations } from "./migrate";

const TAGS = readMigrations(INBOX_MIGRATIONS).map((migration) => migration.tag);

const applied = pgSchema(INBOX_MIGRATIONS.schema).table(INBOX_MIGRATIONS.table, { hash: text("hash"), createdAt: bigint("created_at", { mode: "number" }) });
const columns = pgSchema("information_schema").table("columns", {
  schema: text("table_schema"),
  table: text("table_name"),
  column: text("column_name"),
  type: text("data_type"),
});

/** Everything a migration could change that a test looks at: the inbox schema's columns, and drizzle's record. */
async function schemaOf(db: Database): Promise<{ columns: string[]; applied: { hash: string | null; createdAt: number | null }[] }> {
  const found = await db.select().from(columns).where(eq(columns.schema, INBOX_MIGRATIONS.schema));
  return {
    columns: found.map((c) => `${c.table}.${c.column}: ${c.type}`).sort(),
    applied: await db.select().from(applied).orderBy(asc(applied.createdAt)),
  };
}

/** The inbox's migrations and, after them, one that works and one whose second statement fails. */
function brokenMigrations(): Migrations & { remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), "inbox-migrations-"));
  cpSync(INBOX_MIGRATIONS.folder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };
  const last = journal.entries.at(-1)!;
  const added = [
    { tag: "0900_probe", sql: `CREATE TABLE "inbox"."migration_probe" ("id" integer PRIMARY KEY);` },
    {
      tag: "0901_broken",
      sql: `ALTER TABLE "inbox"."migration_probe" ADD COLUMN "note" text;\n--> statement-breakpoint\nALTER TABLE "inbox"."no_such_table" ADD COLUMN "x" integer;`,
    },
  ];
  added.forEach((migration, index) => {
    writeFileSync(path.join(folder, `${migration.tag}.sql`), migration.sql);
    journal.entries.push({ ...last, idx: last.idx + 1 + index, when: last.when + 1_000 * (index + 1), tag: migration.tag });
  });
  writeFileSync(journalPath, JSON.stringify(journal));
  return { ...INBOX_MIGRATIONS, folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** The failing migration's case, on any database: it is named, and nothing of it or before it stays. */
async function expectFailedMigrationLeavesSchema(handle: DatabaseHandle): Promise<void> {
  expect(await applyMigrations(handle, INBOX_MIGRATIONS)).toEqual([]);
  const before = await schemaOf(handle.db);
  expect(before.applied).toHaveLength(TAGS.length);
  const broken = brokenMigrations();
  try {
    const failure = await applyMigrations(handle, broken).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    const error = failure as MigrationError;
    expect(error.migration).toBe("0901_broken");
    expect(error.message).toMatch(/^Migration 0901_broken \(.*0901_broken\.sql\) failed: relation "inbox\.no_such_table" does not exist\. /);
    expect(error.message).toContain("Nothing was applied: the pending migrations (0900_probe, 0901_broken) run in one transaction, so the database is as it was.");
    // The working migration before it and the broken one's first statement were rolled back with it.
    expect(await schemaOf(handle.db)).toEqual(before);
    expect((await pendingMigrations(handle.db, broken)).map((m) => m.tag)).toEqual(["0900_probe", "0901_broken"]);
  } finally {
    broken.remove();
  }
}

describe("migrations on the embedded database", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
  });
  afterAll(() => handle?.close());

  it("applies every pending migration once, then has nothing to do", async () => {
    expect((await pendingMigrations(handle.db, INBOX_MIGRATIONS)).map((m) => m.tag)).toEqual(TAGS);
    expect(await applyMigrations(handle, INBOX_MIGRATIONS)).toEqual(TAGS);
    expect(await pendingMigrations(handle.db, INBOX_MIGRATIONS)).toEqual([]);
    expect(await applyMigrations(handle, INBOX_MIGRATIONS)).toEqual([]);
    expect((await schemaOf(handle.db)).applied).toHaveLength(TAGS.length);
  });

  it("stops at a failing migration with a message naming it, and leaves the schema as it was", async () => {
    await expectFailedMigrationLeavesSchema(handle);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("migrations on Postgres", () => {
  let database: TestDatabase;
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, "inbox_migrate");
  });

  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await database?.drop();
  });

  it("three instances starting at once migrate once, and all of them start", async () => {
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ url: database.url }));
    const results = await Promise.allSettled(handles.map((handle) => applyMigrations(handle, INBOX_MIGRATIONS)));
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);

    const db = handles[0]!.db;
    const record = await db.select({ hash: applied.hash, times: count() }).from(applied).groupBy(applied.hash);
    expect(record).toHaveLength(TAGS.length);
    for (const row of record) expect(row.times).toBe(1);
    expect(await pendingMigrations(db, INBOX_MIGRATIONS)).toEqual([]);
    const tables = new Set((await schemaOf(db)).columns.map((column) => column.split(".")[0]));
    for (const table of ["user", "session", "preferences"]) expect(tables).toContain(table);
  });

  it("stops at a failing migration with a message naming it, and leaves the schema as it was", async () => {
    await expectFailedMigrationLeavesSchema(handles[0]!);
  });
});
