import "server-only";
import { shareLoginPage } from "../accounts/login-page";
import { MigrationError } from "../store/migrate";
import { ConfigError, config, describeConfig } from "./env";
import { log } from "./log";
import { runtime } from "./runtime";
import { installShutdownHooks } from "./shutdown";
import { runTask, takeTask } from "./tasks";

/**
 * Server start: validate the configuration (exit on error), then open the runtime in the
 * background. Asked for `--check-config` or `--migrate` (tasks.ts), it does that and exits.
 */
export async function start(): Promise<void> {
  const task = takeTask();
  if (task) process.exit(await runTask(task));
  try {
    const loaded = config();
    log.info({ config: describeConfig(loaded) }, "starting");
    // What scripts/server.mjs calls on SIGTERM and SIGINT.
    installShutdownHooks(loaded);
  } catch (error) {
    if (error instanceof ConfigError) {
      log.fatal({ variable: error.variable }, error.message);
      process.exit(1);
    }
    throw error;
  }
  // The login page is a page of Next's other router, which reaches the server through this (lib/login-page).
  shareLoginPage();
  // Not awaited: the server listens at once; requests that arrive meanwhile wait for the same promise.
  runtime().catch((error: unknown) => {
    // A migration that failed fails the same way on every try: stop, as for a bad variable,
    // rather than answer "starting" forever (runtime() has logged the MigrationError's message).
    if (error instanceof MigrationError) process.exit(1);
  });
}
