import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { brandedError } from "@/lib/api/branded-error";

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
  /** A PGlite database dumped by `dump()` to start from instead of an empty one (tests). */
  snapshot?: Blob;
};

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies an owner's migrations, one process at a time across every instance. */
  migrate(migrations: { folder: string; table: string; schema: string }): Promise<void>;
  /** The whole embedded database as a gzipped tarball (PGlite only), for `snapshot`. */
  dump?(): Promise<Blob>;
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

  if (config.dataDir) {
    mkdirSync(config.dataDir, { recursive: true });
    claimFolder(config.dataDir);
  }
  const client = new PGlite(config.dataDir ?? "memory://", config.snapshot ? { loadDataDir: config.snapshot } : {});
  await client.waitReady;
  const db = drizzlePglite({ client });
  return {
    db,
    kind: "pglite",
    migrate: (m) =>
      withMigrationLock(db, () =>
        migratePglite(db, { migrationsFolder: m.folder, migrationsTable: m.table, migrationsSchema: m.schema }),
      ),
    dump: () => client.dumpDataDir("gzip"),
    close: async () => {
      await client.close();
      if (config.dataDir) releaseFolder(config.dataDir);
    },
  };
}

/**
 * PGlite is a database in one process: two processes on one folder corrupt it. The folder
 * holds the owner's PID while open, and a second process (a CLI beside a running server)
 * stops with a sentence instead. A PID left by a process that died is taken over.
 */
export class DatabaseInUseError extends brandedError("DatabaseInUseError") {}

function ownerFile(dataDir: string): string {
  return path.join(dataDir, "owner.pid");
}

function claimFolder(dataDir: string): void {
  let owner: number | null = null;
  try {
    owner = Number(readFileSync(ownerFile(dataDir), "utf8").trim()) || null;
  } catch {
    owner = null;
  }
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new DatabaseInUseError(
      `The database folder ${dataDir} is in use by process ${owner}. Stop that process first, or use a Postgres server through DATABASE_URL.`,
    );
  }
  writeFileSync(ownerFile(dataDir), String(process.pid));
}

function releaseFolder(dataDir: string): void {
  try {
    if (Number(readFileSync(ownerFile(dataDir), "utf8").trim()) === process.pid) rmSync(ownerFile(dataDir));
  } catch {
    // Already gone.
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Paths inside the project, resolved from the working directory (bundlers move modules). */
export function projectPath(...segments: string[]): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), ...segments);
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
