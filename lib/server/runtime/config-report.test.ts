import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPORTED_VARIABLES, configReport } from "./config-report";
import { loadConfig } from "./env";

const TOKEN = "tok_live_9f8e7d6c5b4a";
const SECRET = "s3cr3t-".repeat(6);
const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const ADMIN_PASSWORD = "correct horse battery";
const DATABASE_PASSWORD = "dbpass123";
const METRICS_TOKEN = "prometheus-scrape-token-1234";

/** The report's rows as variable → shown value. */
function rows(report: string): Map<string, string> {
  const shown = new Map<string, string>();
  for (const line of report.split("\n").slice(1)) {
    const match = /^ {2}([A-Z_]+) +(.+)$/.exec(line);
    expect(match, line).not.toBeNull();
    const [, variable = "", value = ""] = match!;
    shown.set(variable, value);
  }
  return shown;
}

describe("configReport", () => {
  const production = {
    NODE_ENV: "production",
    INBOX_API_BASE_URL: "https://api.example.com/v2",
    INBOX_API_TOKEN: TOKEN,
    INBOX_SECRET: SECRET,
    INBOX_PUBLIC_URL: "https://inbox.example.com",
    INBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    INBOX_ADMIN_EMAIL: "ada@example.com",
    INBOX_ADMIN_PASSWORD: ADMIN_PASSWORD,
    DATABASE_URL: `postgres://inbox:${DATABASE_PASSWORD}@db.internal:5432/inbox?sslmode=require&password=${DATABASE_PASSWORD}`,
    INBOX_TRUSTED_PROXIES: "10.0.0.0/8",
    INBOX_LISTEN_HOST: "0.0.0.0",
    PORT: "8080",
    LOG_LEVEL: "warn",
    INBOX_METRICS_TOKEN: METRICS_TOKEN,
  };

  it("shows every variable with the value the inbox would run with, secrets masked", () => {
    const report = configReport(loadConfig(production));
    expect(report.split("\n")[0]).toBe("The configuration is valid. The inbox would run in upstream mode, production, with:");
    const shown = rows(report);
    expect([...shown.keys()]).toEqual(REPORTED_VARIABLES);
    expect(Object.fromEntries(shown)).toMatchObject({
      NODE_ENV: "production",
      INBOX_API_BASE_URL: "https://api.example.com/v2",
      INBOX_API_TOKEN: `******** (set, ${TOKEN.length} characters)`,
      INBOX_SECRET: `******** (set, ${SECRET.length} characters)`,
      INBOX_PUBLIC_URL: "https://inbox.example.com",
      INBOX_WEBHOOK_SECRET: `******** (set, ${WEBHOOK_SECRET.length} characters)`,
      INBOX_ADMIN_EMAIL: "ada@example.com",
      INBOX_ADMIN_PASSWORD: `******** (set, ${ADMIN_PASSWORD.length} characters)`,
      DATABASE_URL: "postgres://inbox:********@db.internal:5432/inbox?(options not shown)",
      INBOX_DEMO_SCALE: "(not used: not demo mode)",
      INBOX_TRUSTED_PROXIES: "10.0.0.0/8",
      PORT: "8080",
      HOSTNAME: "0.0.0.0",
      INBOX_UPSTREAM_TIMEOUT_MS: "10000",
      LOG_LEVEL: "warn",
      INBOX_METRICS_TOKEN: `******** (set, ${METRICS_TOKEN.length} characters)`,
    });
    for (const secret of [TOKEN, SECRET, WEBHOOK_SECRET, "MfKQ9r8", ADMIN_PASSWORD, DATABASE_PASSWORD, METRICS_TOKEN]) expect(report).not.toContain(secret);
  });

  it("fills in the defaults of demo mode, with the data folder as an absolute path", () => {
    const shown = rows(configReport(loadConfig({ INBOX_DATA_DIR: "var/inbox", INBOX_DEMO_SCALE: "500" })));
    expect(Object.fromEntries(shown)).toMatchObject({
      NODE_ENV: "development",
      INBOX_API_BASE_URL: "(none: demo mode, the embedded sandbox)",
      INBOX_API_TOKEN: "(the demo sandbox's token)",
      INBOX_SECRET: "(none: the development secret, for this machine only)",
      INBOX_WEBHOOK_SECRET: "(none)",
      INBOX_ADMIN_PASSWORD: "(none)",
      DATABASE_URL: "(none: the embedded PGlite database)",
      INBOX_DATA_DIR: path.resolve("var/inbox"),
      INBOX_DEMO_SCALE: "500",
      PORT: "3000",
      HOSTNAME: "(none: not listening)",
      LOG_LEVEL: "info",
      INBOX_METRICS_TOKEN: "(none: /api/metrics answers this machine only)",
    });
    for (const value of shown.values()) expect(value).not.toMatch(/undefined|null|\[object/);
  });
});
