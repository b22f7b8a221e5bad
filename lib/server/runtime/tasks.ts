import "server-only";
import { migrateInboxDatabase } from "../store/db";
import { MigrationError } from "../store/migrate";
import { configReport } from "./config-report";
import { ConfigError, config, describeConfig } from "./env";

/**
 * What the server does instead of serving, for deploy scripts; each prints its outcome and
 * ends with an exit code (0 done, 1 a problem, said in one message on stderr):
 * - `check-config`: validates the configuration and prints what the inbox would run with,
 *   secrets masked (config-report.ts); a bad variable is named in env.ts's sentence.
 * - `migrate`: applies the inbox's pending migrations and stops (lib/server/store/migrate.ts),
 *   for operators who migrate in a release step before rolling instances; a start then finds
 *   nothing to do.
 *
 * From a build, `node server.mjs --check-config` or `--migrate`: scripts/server.mjs puts the
 * task on `globalThis` under SERVER_TASK before Next loads (this code lives in Next's bundle,
 * so the script cannot import it) and start.ts runs it in place of the start. From a checkout,
 * `npm run check-config` and `npm run migrate` (scripts/server-task.ts).
 */
export const SERVER_TASK = Symbol.for("team-inbox.server-task");
export const SERVER_TASKS = ["check-config", "migrate"] as const;
export type ServerTask = (typeof SERVER_TASKS)[number];

/**
 * The task scripts/server.mjs was asked for, or null to serve. Taking it replaces it with
 * `{ running: task }`, which tells the script that the task is under way (in production Next
 * starts the instrumentation hook in the background, so the script cannot await it).
 */
export function takeTask(): ServerTask | null {
  const holder = globalThis as { [SERVER_TASK]?: unknown };
  const task = SERVER_TASKS.find((known) => known === holder[SERVER_TASK]) ?? null;
  if (task) holder[SERVER_TASK] = { running: task };
  return task;
}

/** Runs a task, printing its outcome; the process's exit code. */
export async function runTask(task: ServerTask): Promise<number> {
  try {
    const loaded = config();
    if (task === "check-config") {
      console.log(configReport(loaded));
      return 0;
    }
    const { database, databaseLocation } = describeConfig(loaded);
    const applied = await migrateInboxDatabase(loaded);
    console.log(`[inbox] ${database} ${databaseLocation}: ${applied.length ? `migrated (${applied.join(", ")})` : "up to date, no migration to apply"}`);
    return 0;
  } catch (error) {
    // Our own errors are sentences for the operator; anything else (a refused connection) says what went wrong underneath.
    const known = error instanceof ConfigError || error instanceof MigrationError;
    console.error(`[inbox] ${known ? (error as Error).message : `${task === "migrate" ? "migrating" : "checking the configuration"} failed: ${rootMessage(error)}`}`);
    return 1;
  }
}

/** The innermost cause's message: drizzle wraps a refused connection in the text of the query it was sending. */
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}
