import "server-only";
import { inspect } from "node:util";
import { z } from "zod";
import { brandedError } from "@/lib/api/branded-error";

/**
 * The inbox's configuration: read once from the environment and validated here, the only
 * module that reads `process.env` for the inbox. A missing or invalid value throws a
 * `ConfigError` whose message is one sentence naming the variable and what it expects.
 *
 * Decisions:
 * - An empty value counts as absent, so `FOO=` in a .env file means "not set".
 * - No `INBOX_API_BASE_URL` means demo mode: the embedded sandbox, in-process, with the
 *   seeded team's token. `INBOX_API_TOKEN` without a base URL is an error rather than being
 *   ignored, so a half-configured real deployment never quietly runs on demo data.
 * - `INBOX_SECRET` is required in production with a real upstream, and whenever the inbox is
 *   reachable beyond this machine: `INBOX_PUBLIC_URL` names another host, or it listens on an
 *   address other than loopback. scripts/server.mjs hands that address over in
 *   `INBOX_LISTEN_HOST` (not a setting: it always writes it, and it is checked and reported
 *   under the name the operator sets, `HOSTNAME`); unset in production means a bare
 *   `next start`, every interface, and unset elsewhere a script or test that does not listen
 *   (`HOSTNAME` itself is not read here, as containers set it to their own name). Otherwise,
 *   as for the demo on localhost, a fixed development secret is used and a warning is returned
 *   in `warnings` (loadConfig stays pure; `config()` prints them once).
 * - Secrets (token, session secret, webhook secret, admin password) are on the object for
 *   the modules that need them, but `toJSON`, `toString` and `util.inspect` all give the
 *   log-safe `describeConfig` summary, so logging the config cannot leak them.
 * - A variable is one line here (a `parse` with its sentence), one row in config-report.ts
 *   (what `--check-config` prints, secrets masked) and one row in README's configuration table;
 *   env.test.ts holds the three to the same names.
 */

export const DEMO_TOKEN = "sandbox-token-acme";
const DEV_SECRET = "team-inbox-development-secret-do-not-use-in-production";
const DEFAULT_DATA_DIR = ".data/inbox";

export type InboxMode = "demo" | "upstream";

export type InboxConfig = {
  readonly mode: InboxMode;
  readonly nodeEnv: "development" | "production" | "test";
  readonly production: boolean;
  /** The API's version 2 root; null in demo mode (the sandbox is called in-process). */
  readonly apiBaseUrl: string | null;
  /** Only `lib/server/gateway/upstream.ts` reads this. */
  readonly apiToken: string;
  readonly databaseUrl: string | null;
  readonly dataDir: string;
  /** Signs sessions. */
  readonly secret: string;
  readonly secretIsDevelopmentDefault: boolean;
  readonly webhookSecret: string | null;
  readonly admin: { readonly email: string; readonly password: string } | null;
  readonly port: number;
  /** The address scripts/server.mjs listens on (HOSTNAME or --hostname); null for a script that does not listen. */
  readonly listenHost: string | null;
  /** The inbox's public origin (`INBOX_PUBLIC_URL`), or null to take it from each request. */
  readonly publicUrl: string | null;
  /** Session cookies carry `Secure`: in production, unless served over plain http on this machine. */
  readonly secureCookies: boolean;
  /** Sign-in attempts allowed per client address per minute. */
  readonly signInAttemptsPerMinute: number;
  /** Routing: a member not seen (no request, no open tab) for this long counts as away. */
  readonly awayAfterMs: number;
  /** Reverse proxies (IPs or CIDR ranges) whose `X-Forwarded-For` entries are trusted. */
  readonly trustedProxies: readonly string[];
  readonly upstreamTimeoutMs: number;
  /** How long a stopping server waits for requests in flight before it closes the database anyway. */
  readonly shutdownTimeoutMs: number;
  /** The least level logged (LOG_LEVEL); scripts/server.mjs, which makes the logger, reads it before this module can. */
  readonly logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** The bearer token /api/metrics asks for; null: it answers this machine only (lib/server/http/metrics-route). */
  readonly metricsToken: string | null;
  /** Demo mode: how many threads the embedded sandbox seeds into a fresh data folder; null for its standard world. */
  readonly demoScale: number | null;
  /** Things worth telling the operator at start; never secret. */
  readonly warnings: readonly string[];
};

export type ConfigSummary = {
  mode: InboxMode;
  /** The upstream's origin (scheme, host, port): never credentials, path or token. */
  upstream: string;
  database: "pglite" | "postgres";
  /** Postgres host and port, or PGlite's data folder. */
  databaseLocation: string;
  port: number;
  upstreamTimeoutMs: number;
  shutdownTimeoutMs: number;
  webhooks: boolean;
};

export class ConfigError extends brandedError("ConfigError") {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(message);
    this.variable = variable;
  }
}

/** Validates an environment; pure, so tests pass a plain object. */
export function loadConfig(env: Record<string, string | undefined>): InboxConfig {
  const get = (name: string) => {
    const value = env[name];
    return value === undefined || value.trim() === "" ? undefined : value.trim();
  };
  const nodeEnv = parse("NODE_ENV", get("NODE_ENV"), z.enum(["development", "production", "test"]), "must be production, development or test: production for a deployment.") ?? "development";
  const production = nodeEnv === "production";
  const warnings: string[] = [];

  const apiBaseUrl = parse("INBOX_API_BASE_URL", get("INBOX_API_BASE_URL"), httpUrl, "must be an http or https URL without credentials (the token authenticates): the version 2 root of the API, such as https://api.example.com/v2.");
  const mode: InboxMode = apiBaseUrl ? "upstream" : "demo";

  const tokenValue = get("INBOX_API_TOKEN");
  if (mode === "upstream" && !tokenValue) {
    throw new ConfigError("INBOX_API_TOKEN", "INBOX_API_TOKEN is required when INBOX_API_BASE_URL is set: the API token of your team.");
  }
  if (mode === "demo" && tokenValue) {
    throw new ConfigError(
      "INBOX_API_BASE_URL",
      "INBOX_API_BASE_URL is required when INBOX_API_TOKEN is set: the version 2 root of the API, such as https://api.example.com/v2 (or unset both for demo mode).",
    );
  }
  const apiToken = tokenValue
    ? parse("INBOX_API_TOKEN", tokenValue, z.string().regex(/^\S+$/), "must be a single word without spaces: the API token of your team.")!
    : DEMO_TOKEN;

  const databaseUrl = parse("DATABASE_URL", get("DATABASE_URL"), postgresUrl, "must be a postgres:// or postgresql:// URL of a Postgres server, or be unset for the embedded database.");
  const dataDir = get("INBOX_DATA_DIR") ?? DEFAULT_DATA_DIR;

  let secret = parse("INBOX_SECRET", get("INBOX_SECRET"), z.string().min(32), "must be at least 32 characters: a random string that signs sessions, such as the output of `openssl rand -base64 48`.");
  const secretIsDevelopmentDefault = !secret;
  if (!secret) {
    if (production && mode === "upstream") {
      throw new ConfigError("INBOX_SECRET", "INBOX_SECRET is required in production: a random string of at least 32 characters that signs sessions.");
    }
    secret = DEV_SECRET;
    warnings.push("INBOX_SECRET is not set, so sessions are signed with a fixed development secret; set it before real use.");
  }

  const webhookSecret = parse("INBOX_WEBHOOK_SECRET", get("INBOX_WEBHOOK_SECRET"), z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/), "must start with whsec_ followed by base64: the signing secret of your webhook subscription.");

  const adminEmail = parse("INBOX_ADMIN_EMAIL", get("INBOX_ADMIN_EMAIL"), z.email(), "must be an email address: the first admin's login.");
  const adminPassword = get("INBOX_ADMIN_PASSWORD");
  if (adminEmail && !adminPassword) {
    throw new ConfigError("INBOX_ADMIN_PASSWORD", "INBOX_ADMIN_PASSWORD is required when INBOX_ADMIN_EMAIL is set: the first admin's password, at least 12 characters.");
  }
  if (adminPassword && !adminEmail) {
    throw new ConfigError("INBOX_ADMIN_EMAIL", "INBOX_ADMIN_EMAIL is required when INBOX_ADMIN_PASSWORD is set: the first admin's login email.");
  }
  if (adminPassword) parse("INBOX_ADMIN_PASSWORD", adminPassword, z.string().min(12), "must be at least 12 characters: the first admin's password.");
  const admin = adminEmail && adminPassword ? { email: adminEmail, password: adminPassword } : null;

  const port = parse("PORT", get("PORT"), integerString(1, 65_535), "must be a whole number from 1 to 65535: the port the inbox listens on.") ?? 3000;
  const publicUrl = parse("INBOX_PUBLIC_URL", get("INBOX_PUBLIC_URL"), httpOrigin, "must be the inbox's public origin, an http or https URL without a path, such as https://inbox.example.com.");
  if (!publicUrl && production && mode === "upstream") {
    throw new ConfigError("INBOX_PUBLIC_URL", "INBOX_PUBLIC_URL is required in production: the inbox's public origin, such as https://inbox.example.com.");
  }
  const servedAt = new URL(publicUrl ?? `http://localhost:${port}`);
  const secureCookies = servedAt.protocol === "https:" || (production && !isLoopback(servedAt.hostname));
  const listenHost =
    parse("HOSTNAME", get("INBOX_LISTEN_HOST"), listenAddress, "(or --hostname) must be an IP address or a host name: where the inbox listens, such as 0.0.0.0 or 127.0.0.1.") ??
    (production ? "0.0.0.0" : null);
  const reachable = !isLoopback(servedAt.hostname) ? `INBOX_PUBLIC_URL is ${servedAt.origin}` : listenHost && !isLoopback(listenHost) ? `it listens on ${listenHost}` : null;
  // The development secret is in this repository for anyone to read; it may only guard this machine.
  if (secretIsDevelopmentDefault && reachable) {
    throw new ConfigError(
      "INBOX_SECRET",
      `INBOX_SECRET is required when the inbox is reachable beyond this machine (${reachable}): a random string of at least 32 characters that signs sessions, such as the output of \`openssl rand -base64 48\`.`,
    );
  }
  const signInAttemptsPerMinute =
    parse("INBOX_SIGNIN_ATTEMPTS_PER_MINUTE", get("INBOX_SIGNIN_ATTEMPTS_PER_MINUTE"), integerString(1, 10_000), "must be a whole number from 1 to 10000: sign-in attempts allowed per address per minute.") ?? 10;
  const awayAfterMinutes =
    parse("INBOX_AWAY_AFTER_MINUTES", get("INBOX_AWAY_AFTER_MINUTES"), integerString(1, 1_440), "must be a whole number of minutes from 1 to 1440: how long a member may be idle before routing counts them away.") ?? 15;
  const trustedProxies =
    parse("INBOX_TRUSTED_PROXIES", get("INBOX_TRUSTED_PROXIES"), cidrList, "must be a comma-separated list of IP addresses or CIDR ranges, such as 10.0.0.0/8,192.168.1.10: the reverse proxies in front of the inbox.") ?? [];
  const upstreamTimeoutMs =
    parse("INBOX_UPSTREAM_TIMEOUT_MS", get("INBOX_UPSTREAM_TIMEOUT_MS"), integerString(1, 300_000), "must be a whole number of milliseconds from 1 to 300000: how long to wait for the API.") ?? 10_000;
  const shutdownTimeoutMs =
    parse("INBOX_SHUTDOWN_TIMEOUT_MS", get("INBOX_SHUTDOWN_TIMEOUT_MS"), integerString(0, 300_000), "must be a whole number of milliseconds from 0 to 300000: how long a stopping inbox waits for requests in flight.") ?? 10_000;

  const logLevel =
    parse("LOG_LEVEL", get("LOG_LEVEL"), z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "must be one of fatal, error, warn, info, debug, trace or silent: the least level logged.") ?? "info";
  const metricsToken = parse("INBOX_METRICS_TOKEN", get("INBOX_METRICS_TOKEN"), z.string().regex(/^\S{16,}$/), "must be at least 16 characters without spaces: the bearer token Prometheus sends to /api/metrics.") ?? null;

  const demoScale =
    parse("INBOX_DEMO_SCALE", get("INBOX_DEMO_SCALE"), integerString(1, 100_000), "must be a whole number from 1 to 100000: how many conversations the demo seeds.") ?? null;
  if (demoScale !== null && mode !== "demo") warnings.push("INBOX_DEMO_SCALE only applies in demo mode; it is ignored with an upstream API.");

  const config: InboxConfig = {
    mode,
    nodeEnv,
    production,
    apiBaseUrl: apiBaseUrl ?? null,
    apiToken,
    databaseUrl: databaseUrl ?? null,
    dataDir,
    secret,
    secretIsDevelopmentDefault,
    webhookSecret: webhookSecret ?? null,
    admin,
    port,
    listenHost,
    publicUrl: publicUrl ? new URL(publicUrl).origin : null,
    secureCookies,
    signInAttemptsPerMinute,
    awayAfterMs: awayAfterMinutes * 60_000,
    trustedProxies,
    upstreamTimeoutMs,
    shutdownTimeoutMs,
    logLevel,
    metricsToken,
    demoScale: mode === "demo" ? demoScale : null,
    warnings,
  };
  // Every way a config gets logged gives the summary, never the secrets.
  const summary = () => describeConfig(config);
  Object.defineProperties(config, {
    toJSON: { value: summary, enumerable: false },
    toString: { value: () => JSON.stringify(summary()), enumerable: false },
    [inspect.custom]: { value: summary, enumerable: false },
  });
  if (config.admin) Object.freeze(config.admin);
  return Object.freeze(config);
}

/** A log-safe summary: mode, upstream origin without credentials, database kind. */
export function describeConfig(config: InboxConfig): ConfigSummary {
  const database = config.databaseUrl ? "postgres" : "pglite";
  return {
    mode: config.mode,
    upstream: config.apiBaseUrl ? new URL(config.apiBaseUrl).origin : "embedded sandbox",
    database,
    databaseLocation: config.databaseUrl ? new URL(config.databaseUrl).host : config.dataDir,
    port: config.port,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    webhooks: config.webhookSecret !== null,
  };
}

let loaded: InboxConfig | undefined;

/** The process's configuration, read from `process.env` on first use. */
export function config(): InboxConfig {
  if (!loaded) {
    loaded = loadConfig(process.env);
    for (const warning of loaded.warnings) console.warn(`[inbox] ${warning}`);
  }
  return loaded;
}

function parse<Schema extends z.ZodType>(name: string, value: string | undefined, schema: Schema, expects: string): z.output<Schema> | undefined {
  if (value === undefined) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw new ConfigError(name, `${name} ${expects}`);
  return result.data;
}

const httpUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    // Fetch refuses URLs with credentials, and they would end up in logs.
    return (url.protocol === "http:" || url.protocol === "https:") && url.username === "" && url.password === "";
  } catch {
    return false;
  }
});

const httpOrigin = httpUrl.refine((value) => {
  try {
    const url = new URL(value);
    return (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash;
  } catch {
    return false;
  }
});

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || hostname === "::1" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

const cidrList = z
  .string()
  .transform((value) => value.split(",").map((entry) => entry.trim()).filter(Boolean))
  .pipe(z.array(z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()])).min(1));

const listenAddress = z.union([z.ipv4(), z.ipv6(), z.hostname()]);

const postgresUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.host !== "";
  } catch {
    return false;
  }
});

function integerString(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}
