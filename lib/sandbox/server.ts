import path from "node:path";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { z } from "zod";
import { createSandbox, type Sandbox } from "./app";

/**
 * `npm run sandbox [-- --reset] [-- --scale N]`: the sandbox on its own port, for the inbox
 * in another process, curl, or any client of API v2. A stand-alone entry point, so it reads
 * its own environment: SANDBOX_PORT (4010), SANDBOX_HOST (127.0.0.1) and DATABASE_URL
 * (Postgres; embedded PGlite under `.data/sandbox` otherwise).
 */
const env = parseOrExit(
  z.object({
    SANDBOX_PORT: z.coerce.number().int().min(1).max(65_535).default(4010),
    SANDBOX_HOST: z.string().min(1).default("127.0.0.1"),
    DATABASE_URL: z.url().optional(),
  }),
  {
    SANDBOX_PORT: process.env.SANDBOX_PORT || undefined,
    SANDBOX_HOST: process.env.SANDBOX_HOST || undefined,
    DATABASE_URL: process.env.DATABASE_URL || undefined,
  },
);

const flags = (() => {
  try {
    return parseArgs({ options: { reset: { type: "boolean", default: false }, scale: { type: "string" } }, strict: true }).values;
  } catch (error) {
    return exit(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run sandbox -- [--reset] [--scale N]`);
  }
})();
const scale = flags.scale === undefined ? undefined : parseOrExit(z.coerce.number().int().positive(), flags.scale, "--scale");
if (scale !== undefined && !flags.reset) {
  console.warn("Note: --scale applies when the world is seeded; add --reset to reseed an existing database.");
}

const origin = `http://localhost:${env.SANDBOX_PORT}`;
let sandbox: Sandbox | null = null;
let markReady: (sandbox: Sandbox) => void = () => undefined;
const ready = new Promise<Sandbox>((resolve) => {
  markReady = resolve;
});

// Requests that arrive while the world is being seeded wait for it.
// The node bindings go along: the caller's address keys the quota of requests without a valid token.
const server = serve({ fetch: async (request, bindings) => (await ready).fetch(request, bindings), port: env.SANDBOX_PORT, hostname: env.SANDBOX_HOST });
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

// The port is taken before the database is opened, so a second copy started by mistake stops
// at EADDRINUSE instead of opening the PGlite folder the running one holds.
await new Promise<void>((resolve) => {
  server.once("listening", resolve);
  server.once("error", (error) => exit(error.message));
});

try {
  sandbox = await createSandbox({
    database: env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(process.cwd(), ".data", "sandbox") },
    reset: flags.reset,
    seed: scale === undefined ? undefined : { scale },
    publicBaseUrl: origin,
    campaignTimer: true,
  });
} catch (error) {
  console.error(error);
  exit("the database could not be opened or seeded");
}
markReady(sandbox);
console.log(
  [
    `Sandbox API v2 ready (${sandbox.context.store.kind}${flags.reset ? ", freshly seeded" : ""})`,
    `  Base URL:    ${origin}/v2`,
    `  Token:       sandbox-token-acme  (also sandbox-token-globex, sandbox-token-locked)`,
    `  Control API: ${origin}/_sandbox  (health: ${origin}/_sandbox/health)`,
    `Press Ctrl+C to stop.`,
  ].join("\n"),
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the sandbox`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Idle keep-alive connections would otherwise hold close() open.
  if ("closeAllConnections" in server) server.closeAllConnections();
  await closed;
  // Stopped while seeding: let the seed finish, so the database is left whole.
  const open = sandbox ?? (await ready);
  await open.close();
  process.exit(0);
}

function parseOrExit<Schema extends z.ZodType>(schema: Schema, value: unknown, name?: string): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  return exit(parsed.error.issues.map((issue) => `${name ?? issue.path.join(".")}: ${issue.message}`).join("\n"));
}

function exit(message: string): never {
  console.error(`Cannot start the sandbox: ${message}`);
  process.exit(1);
}
