import "server-only";
import { openDatabase, projectPath, type Database, type DatabaseConfig, type DatabaseHandle } from "@/lib/db/connection";
import type { InboxConfig } from "../runtime/env";

/**
 * The inbox's database: its tables live in the `inbox` schema with their own migrations.
 * Opened on first use, once per process, through a `globalThis` singleton (hot reload keeps
 * one instance; `next build` never opens it). The embedded PGlite folder sits beside the
 * demo sandbox's, not inside it.
 */
export const INBOX_MIGRATIONS = { folder: projectPath("lib/server/store/migrations"), table: "__inbox_migrations", schema: "inbox" };

export function inboxDatabaseConfig(config: Pick<InboxConfig, "databaseUrl" | "dataDir">): DatabaseConfig {
  return config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/db` };
}

/** Opens a database and brings the inbox's tables up to date; tests pass `{}` for memory. */
export async function openInboxDatabase(database: DatabaseConfig): Promise<DatabaseHandle> {
  const handle = await openDatabase(database);
  try {
    await handle.migrate(INBOX_MIGRATIONS);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
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
