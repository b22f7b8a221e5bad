import "server-only";
import { openDatabase, projectPath, type Database, type DatabaseConfig, type DatabaseHandle } from "@/lib/db/connection";
import type { InboxConfig } from "../runtime/env";
import { applyMigrations, type Migrations } from "./migrate";

/**
 * The inbox's database: its tables live in the `inbox` schema with their own migrations.
 * Opened on first use, once per process, through a `globalThis` singleton (hot reload keeps
 * one instance; `next build` never opens it). The embedded PGlite folder sits beside the
 * demo sandbox's, not inside it.
 */
export const INBOX_MIGRATIONS: Migrations = { folder: projectPath("lib/server/store/migrations"), table: "__inbox_migrations", schema: "inbox" };

export function inboxDatabaseConfig(config: Pick<InboxConfig, "databaseUrl" | "dataDir">): DatabaseConfig {
  return config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/db` };
}

/** Opens a database and brings the inbox's tables up to date (lib/server/store/migrate.ts); tests pass `{}` for memory. */
export async function openInboxDatabase(database: DatabaseConfig): Promise<DatabaseHandle> {
  const handle = await openDatabase(database);
  try {
    await applyMigrations(handle, INBOX_MIGRATIONS);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** `npm run migrate` and `--migrate`: the inbox's pending migrations alone, then closed; the tags that were pending. */
export async function migrateInboxDatabase(config: Pick<InboxConfig, "databaseUrl" | "dataDir">): Promise<string[]> {
  const handle = await openDatabase(inboxDatabaseConfig(config));
  try {
    return await applyMigrations(handle, INBOX_MIGRATIONS);
  } finally {
    await handle.close();
  }
}

const SHARED = Symbol.for("team-inbox.inbox-db");
type Shared = { [SHARED]?: Promise<DatabaseHandle> };

/** The process's inbox database. A failed open is forgotten, so the next call tries again. */
export function inboxDatabase(config: Pick<InboxConfig, "databaseUrl" | "dataDir">): Promise<DatabaseHandle> {
  const holder = globalThis as Shared;
  if (!holder[SHARED]) {
    const opening = openInboxDatabase(inboxDatabaseConfig(config));
    holder[SHARED] = opening;
    opening.catch(() => {
      if (holder[SHARED] === opening) delete holder[SHARED];
    });
  }
  return holder[SHARED];
}

export type { Database };
