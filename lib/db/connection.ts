import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

/**
 * The database connection shared by the inbox server and the sandbox: embedded PGlite by
 * default (a folder on disk, or memory), Postgres when a URL is given. Each owner keeps its
 * own tables in its own Postgres schema and its own migrations.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseConfig = {
  /** A Postgres URL; when absent, embedded PGlite is used. */
  url?: string;
  /** PGlite's data folder; when absent (and no URL), the database lives in memory. */
  dataDir?: string;
};

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies an owner's migrations, one process at a time across every instance. */
  migrate(migrations: { folder: string; table: string; schema: string }): Promise<void>;
  close(): Promise<void>;
};

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const url = config.url;
  if (url) {
    const client = postgres(url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres({ client });
    return {
      db,
      kind: "postgres",
      migrate: async (m) => {
        // A session-level lock needs one connection for lock, migration and unlock alike.
        const single = postgres(url, { max: 1, onnotice: () => {} });
        const migrationDb = drizzlePostgres({ client: single });
        try {
          await withMigrationLock(migrationDb, () =>
            migratePostgres(migrationDb, { migrationsFolder: m.folder, migrationsTable: m.table, migrationsSchema: m.schema }),
          );
        } finally {
          await single.end();
        }
      },
      close: () => client.end(),
    };
  }

  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const client = new PGlite(config.dataDir ?? "memory://");
  await client.waitReady;
  const db = drizzlePglite({ client });
  return {
    db,
    kind: "pglite",
    migrate: (m) =>
      withMigrationLock(db, () =>
        migratePglite(db, { migrationsFolder: m.folder, migrationsTable: m.table, migrationsSchema: m.schema }),
      ),
    close: () => client.close(),
  };
}

/** Paths inside the project, resolved from the working directory (bundlers move modules). */
export function projectPath(...segments: string[]): string {
  return path.join(process.cwd(), ...segments);
}

// Several inbox instances may start at once against one Postgres; only one migrates at a time.
const MIGRATION_LOCK = 727_001;
async function withMigrationLock(db: Database, run: () => Promise<void>): Promise<void> {
  await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    await run();
  } finally {
    await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}
