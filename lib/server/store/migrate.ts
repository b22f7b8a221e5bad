import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, max } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { bigint, pgSchema, text } from "drizzle-orm/pg-core";
import { brandedError } from "@/lib/api/branded-error";
import type { Database, DatabaseHandle } from "@/lib/db/connection";

/**
 * Applying an owner's migrations (a drizzle-kit folder) at start and from `npm run migrate`.
 *
 * - Nothing is done when nothing is pending (no lock, no DDL): a start after `npm run migrate`
 *   costs two reads, and a database user without DDL rights can run an up-to-date schema.
 * - Otherwise drizzle's migrator runs under the handle's advisory lock (lib/db/connection.ts:
 *   `pg_advisory_lock` on a fixed key, on one connection held for the lock, the migration and
 *   the unlock), so instances starting together migrate one after the other, and those that
 *   come second find nothing left to do. Drizzle applies every pending migration in ONE
 *   transaction (drizzle-orm/pg-core/dialect.js `migrate`), so a failure leaves the schema as
 *   it was, earlier pending migrations included.
 * - A failure is a `MigrationError` naming the migration whose statement failed (drizzle's
 *   error carries the statement, which is looked up in the pending files) and the database's
 *   reason. The start stops on it (lib/server/runtime/start.ts): it would fail the same way
 *   on every try.
 */
export type Migrations = { folder: string; table: string; schema: string };

export class MigrationError extends brandedError("MigrationError") {
  /** The migration whose statement failed, such as `0005_labels`; null when it is not known. */
  readonly migration: string | null;
  constructor(migration: string | null, message: string, options?: ErrorOptions) {
    super(message, options);
    this.migration = migration;
  }
}

export type Migration = { tag: string; when: number; statements: string[] };

/** A folder's migrations in the journal's order, read as drizzle's migrator reads them. */
export function readMigrations(migrations: Migrations): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(migrations.folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
  // Drizzle reads one file per journal entry, in the journal's order (it throws for a missing one).
  const files = readMigrationFiles({ migrationsFolder: migrations.folder });
  return journal.entries.map((entry, index) => ({ tag: entry.tag, when: entry.when, statements: files[index]!.sql }));
}

/** The migrations drizzle would apply now: those newer than the newest applied (its own rule). */
export async function pendingMigrations(db: Database, migrations: Migrations): Promise<Migration[]> {
  const newest = await newestApplied(db, migrations);
  return readMigrations(migrations).filter((migration) => newest === null || migration.when > newest);
}

/**
 * Brings a database up to date with `migrations`; the tags that were pending when it began
 * (another instance may have applied them meanwhile, under the same lock: the database is up
 * to date either way). Throws `MigrationError` when a migration fails.
 */
export async function applyMigrations(handle: DatabaseHandle, migrations: Migrations): Promise<string[]> {
  const pending = await pendingMigrations(handle.db, migrations);
  if (pending.length === 0) return [];
  try {
    await handle.migrate(migrations);
  } catch (error) {
    throw migrationError(error, pending, migrations);
  }
  return pending.map((migration) => migration.tag);
}

const informationSchema = pgSchema("information_schema");
const tables = informationSchema.table("tables", { schema: text("table_schema"), name: text("table_name") });

async function newestApplied(db: Database, migrations: Migrations): Promise<number | null> {
  const [table] = await db
    .select({ name: tables.name })
    .from(tables)
    .where(and(eq(tables.schema, migrations.schema), eq(tables.name, migrations.table)));
  if (!table) return null;
  // Drizzle's bookkeeping table: `created_at` is each applied migration's journal `when`.
  const applied = pgSchema(migrations.schema).table(migrations.table, { createdAt: bigint("created_at", { mode: "number" }) });
  const [row] = await db.select({ newest: max(applied.createdAt) }).from(applied);
  return row?.newest ?? null;
}

/** A statement's failure as a `MigrationError`; anything else (a lost connection) as it was. */
function migrationError(error: unknown, pending: Migration[], migrations: Migrations): unknown {
  const query = typeof error === "object" && error !== null && "query" in error && typeof error.query === "string" ? error.query : null;
  if (query === null) return error;
  const cause = (error as Error).cause;
  const reason = (cause instanceof Error ? cause.message : (error as Error).message).replace(/\.$/, "");
  const failed = pending.find((migration) => migration.statements.includes(query));
  const tags = pending.map((migration) => migration.tag).join(", ");
  const where = failed
    ? `Migration ${failed.tag} (${path.relative(process.cwd(), path.join(migrations.folder, `${failed.tag}.sql`))}) failed: ${reason}.`
    : `Migrating the database failed on \`${query.trim().split("\n")[0]}\`: ${reason}.`;
  return new MigrationError(
    failed?.tag ?? null,
    `${where} Nothing was applied: the pending migrations (${tags}) run in one transaction, so the database is as it was. Fix the migration or the database, then start again.`,
    { cause: error },
  );
}
