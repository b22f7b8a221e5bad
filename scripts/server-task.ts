/**
 * `npm run check-config` and `npm run migrate`, from a checkout: what a build does with
 * `node server.mjs --check-config` or `--migrate` (lib/server/runtime/tasks.ts), in the
 * environment scripts/server.mjs gives a production server, so the check is of what
 * `npm start` would meet: PORT and the listening address from --port and --hostname, else
 * PORT and HOSTNAME, else 3000 and 0.0.0.0; NODE_ENV production unless set.
 *
 *   npm run check-config [-- --port N --hostname H]     prints the configuration, secrets masked
 *   npm run migrate                                      applies the inbox's pending migrations
 *
 * Exits 0 when done, 1 on a problem (said on stderr, naming the variable or the migration).
 */
import { parseArgs } from "node:util";
import { SERVER_TASKS, runTask } from "@/lib/server/runtime/tasks";

const USAGE = `Usage: tsx --conditions=react-server scripts/server-task.ts <${SERVER_TASKS.join("|")}> [--port N] [--hostname H]`;

const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
})();
const task = SERVER_TASKS.find((known) => known === positionals[0]);
if (!task || positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}

// As scripts/server.mjs hands them to the inbox's configuration.
process.env.PORT = values.port ?? process.env.PORT ?? "3000";
process.env.INBOX_LISTEN_HOST = values.hostname ?? process.env.HOSTNAME ?? "0.0.0.0";
// Next's types make NODE_ENV read-only; scripts/server.mjs sets it the same way before Next loads.
(process.env as Record<string, string | undefined>).NODE_ENV ||= "production";

process.exit(await runTask(task));
