import "server-only";
import path from "node:path";
import type { InboxConfig } from "./env";

/**
 * What `--check-config` (scripts/server.mjs) and `npm run check-config` print: every variable
 * of the configuration, in the order of README's table, with the value the inbox would run
 * with (defaults filled in), secrets masked. One row per variable, as in README's table and
 * env.ts's reads (env.test.ts holds the three to the same names).
 *
 * Secrets show that they are set and their length, never a character of them, so a deploy
 * log can keep this output. DATABASE_URL shows its user, host and database, not its password
 * or its options.
 */
const ROWS: readonly (readonly [variable: string, show: (config: InboxConfig) => string])[] = [
  ["NODE_ENV", (c) => c.nodeEnv],
  ["INBOX_API_BASE_URL", (c) => c.apiBaseUrl ?? "(none: demo mode, the embedded sandbox)"],
  ["INBOX_API_TOKEN", (c) => (c.mode === "demo" ? "(the demo sandbox's token)" : masked(c.apiToken))],
  ["INBOX_SECRET", (c) => (c.secretIsDevelopmentDefault ? "(none: the development secret, for this machine only)" : masked(c.secret))],
  ["INBOX_PUBLIC_URL", (c) => c.publicUrl ?? "(none: each request's own origin)"],
  ["INBOX_WEBHOOK_SECRET", (c) => (c.webhookSecret ? masked(c.webhookSecret) : "(none)")],
  ["INBOX_ADMIN_EMAIL", (c) => c.admin?.email ?? "(none)"],
  ["INBOX_ADMIN_PASSWORD", (c) => (c.admin ? masked(c.admin.password) : "(none)")],
  ["DATABASE_URL", (c) => (c.databaseUrl ? maskedDatabaseUrl(c.databaseUrl) : "(none: the embedded PGlite database)")],
  ["INBOX_DATA_DIR", (c) => path.resolve(c.dataDir)],
  ["INBOX_UPSTREAM_TIMEOUT_MS", (c) => String(c.upstreamTimeoutMs)],
  ["INBOX_SHUTDOWN_TIMEOUT_MS", (c) => String(c.shutdownTimeoutMs)],
  ["INBOX_DEMO_SCALE", (c) => (c.mode !== "demo" ? "(not used: not demo mode)" : c.demoScale === null ? "(none: the standard world)" : String(c.demoScale))],
  ["INBOX_SIGNIN_ATTEMPTS_PER_MINUTE", (c) => String(c.signInAttemptsPerMinute)],
  ["INBOX_AWAY_AFTER_MINUTES", (c) => String(c.awayAfterMs / 60_000)],
  ["INBOX_TRUSTED_PROXIES", (c) => (c.trustedProxies.length ? c.trustedProxies.join(",") : "(none)")],
  ["PORT", (c) => String(c.port)],
  ["HOSTNAME", (c) => c.listenHost ?? "(none: not listening)"],
  ["LOG_LEVEL", (c) => c.logLevel],
  ["INBOX_METRICS_TOKEN", (c) => (c.metricsToken ? masked(c.metricsToken) : "(none: /api/metrics answers this machine only)")],
];

/** The variables the report shows, in its order. */
export const REPORTED_VARIABLES: readonly string[] = ROWS.map(([variable]) => variable);

/** The report: a heading, then one `VARIABLE  value` line per variable. Never a secret. */
export function configReport(config: InboxConfig): string {
  const width = Math.max(...REPORTED_VARIABLES.map((variable) => variable.length)) + 2;
  const heading = `The configuration is valid. The inbox would run in ${config.mode === "demo" ? "demo mode (the embedded sandbox)" : "upstream mode"}, ${config.production ? "production" : config.nodeEnv}, with:`;
  return [heading, ...ROWS.map(([variable, show]) => `  ${variable.padEnd(width)}${show(config)}`)].join("\n");
}

function masked(secret: string): string {
  return `******** (set, ${secret.length} characters)`;
}

function maskedDatabaseUrl(value: string): string {
  const url = new URL(value);
  const user = url.username ? `${url.username}${url.password ? ":********" : ""}@` : "";
  return `${url.protocol}//${user}${url.host}${url.pathname}${url.search ? "?(options not shown)" : ""}`;
}
