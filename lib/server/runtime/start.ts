import "server-only";
import { ConfigError, config, describeConfig } from "./env";
import { runtime } from "./runtime";
import { installShutdownHooks } from "./shutdown";

/** Server start: validate the configuration (exit on error), then open the runtime in the background. */
export async function start(): Promise<void> {
  try {
    const loaded = config();
    console.log(`[inbox] starting: ${JSON.stringify(describeConfig(loaded))}`);
    // What scripts/server.mjs calls on SIGTERM and SIGINT.
    installShutdownHooks(loaded);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[inbox] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // Not awaited: the server listens at once; requests that arrive meanwhile wait for the same promise.
  runtime().catch(() => {});
}
