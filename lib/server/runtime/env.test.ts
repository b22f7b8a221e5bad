import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { REPORTED_VARIABLES } from "./config-report";
import { ConfigError, DEMO_TOKEN, describeConfig, loadConfig } from "./env";

const TOKEN = "tok_live_9f8e7d6c5b4a";
const SECRET = "s".repeat(32);
const UPSTREAM = { INBOX_API_BASE_URL: "https://api.example.com/v2", INBOX_API_TOKEN: TOKEN };

/** The error loadConfig throws, checked to be one sentence that starts with the variable. */
function refusal(env: Record<string, string | undefined>, variable: string): string {
  let thrown: unknown;
  try {
    loadConfig(env);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ConfigError);
  const error = thrown as ConfigError;
  expect(error.variable).toBe(variable);
  expect(error.message.startsWith(`${variable} `)).toBe(true);
  expect(error.message).toMatch(/\.$/);
  expect(error.message).not.toMatch(/\.\s|\n/);
  return error.message;
}

describe("loadConfig: modes", () => {
  it("runs in demo mode on the sandbox's token with nothing set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: "demo",
      apiBaseUrl: null,
      apiToken: DEMO_TOKEN,
      databaseUrl: null,
      dataDir: ".data/inbox",
      webhookSecret: null,
      admin: null,
      port: 3000,
      upstreamTimeoutMs: 10_000,
      shutdownTimeoutMs: 10_000,
      secretIsDevelopmentDefault: true,
    });
    expect(config.secret.length).toBeGreaterThanOrEqual(32);
    expect(config.warnings).toEqual([expect.stringContaining("INBOX_SECRET")]);
  });

  it("uses the upstream when a base URL and token are set", () => {
    const config = loadConfig({ ...UPSTREAM, INBOX_SECRET: SECRET });
    expect(config).toMatchObject({ mode: "upstream", apiBaseUrl: "https://api.example.com/v2", apiToken: TOKEN, secret: SECRET, warnings: [] });
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ INBOX_API_BASE_URL: "", INBOX_API_TOKEN: " ", PORT: "" })).toMatchObject({ mode: "demo", port: 3000 });
  });
});

describe("loadConfig: each variable", () => {
  it("NODE_ENV is production, development or test", () => {
    expect(loadConfig({}).nodeEnv).toBe("development");
    expect(loadConfig({ NODE_ENV: "test" })).toMatchObject({ nodeEnv: "test", production: false });
    expect(loadConfig({ NODE_ENV: "production", INBOX_LISTEN_HOST: "127.0.0.1" })).toMatchObject({ nodeEnv: "production", production: true });
    expect(refusal({ NODE_ENV: "staging" }, "NODE_ENV")).toContain("production, development or test");
  });

  it("HOSTNAME, handed over by scripts/server.mjs as INBOX_LISTEN_HOST, is an address or a host name", () => {
    for (const host of ["127.0.0.1", "0.0.0.0", "::", "localhost", "inbox-host"]) {
      expect(loadConfig({ INBOX_LISTEN_HOST: host, INBOX_SECRET: SECRET }).listenHost).toBe(host);
    }
    expect(loadConfig({}).listenHost).toBeNull();
    expect(loadConfig({ NODE_ENV: "production", INBOX_SECRET: SECRET }).listenHost).toBe("0.0.0.0");
    for (const bad of ["not a host", "http://0.0.0.0", "10.0.0.1:3000"]) {
      expect(refusal({ INBOX_LISTEN_HOST: bad }, "HOSTNAME")).toContain("(or --hostname) must be an IP address or a host name");
    }
  });

  it("INBOX_API_BASE_URL must be an http(s) URL", () => {
    for (const bad of ["api.example.com", "ftp://api.example.com/v2", "not a url", "https://user:hunter2@api.example.com/v2"]) {
      expect(refusal({ INBOX_API_BASE_URL: bad, INBOX_API_TOKEN: TOKEN }, "INBOX_API_BASE_URL")).toContain("http or https URL");
    }
    expect(loadConfig({ ...UPSTREAM, INBOX_API_BASE_URL: "http://127.0.0.1:4010/v2" }).apiBaseUrl).toBe("http://127.0.0.1:4010/v2");
  });

  it("INBOX_API_TOKEN is required with a base URL, and a base URL with a token", () => {
    expect(refusal({ INBOX_API_BASE_URL: UPSTREAM.INBOX_API_BASE_URL }, "INBOX_API_TOKEN")).toBe(
      "INBOX_API_TOKEN is required when INBOX_API_BASE_URL is set: the API token of your team.",
    );
    refusal({ INBOX_API_TOKEN: TOKEN }, "INBOX_API_BASE_URL");
    refusal({ ...UPSTREAM, INBOX_API_TOKEN: "two words" }, "INBOX_API_TOKEN");
  });

  it("DATABASE_URL must be a Postgres URL", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db.internal:5432/inbox" }).databaseUrl).toBe("postgres://u:p@db.internal:5432/inbox");
    expect(loadConfig({ DATABASE_URL: "postgresql://db/inbox" }).databaseUrl).toBe("postgresql://db/inbox");
    for (const bad of ["mysql://db/inbox", "db.internal/inbox"]) expect(refusal({ DATABASE_URL: bad }, "DATABASE_URL")).toContain("postgres://");
  });

  it("INBOX_DATA_DIR defaults to .data/inbox", () => {
    expect(loadConfig({ INBOX_DATA_DIR: "/var/lib/inbox" }).dataDir).toBe("/var/lib/inbox");
  });

  it("INBOX_SECRET has at least 32 characters", () => {
    expect(refusal({ INBOX_SECRET: "short" }, "INBOX_SECRET")).toContain("at least 32 characters");
    expect(loadConfig({ INBOX_SECRET: SECRET })).toMatchObject({ secret: SECRET, secretIsDevelopmentDefault: false, warnings: [] });
  });

  it("INBOX_SECRET is required in production unless in demo mode on this machine", () => {
    expect(refusal({ ...UPSTREAM, NODE_ENV: "production" }, "INBOX_SECRET")).toBe(
      "INBOX_SECRET is required in production: a random string of at least 32 characters that signs sessions.",
    );
    // `npm run demo`: a production build listening on loopback only.
    const demo = loadConfig({ NODE_ENV: "production", INBOX_LISTEN_HOST: "127.0.0.1" });
    expect(demo).toMatchObject({ mode: "demo", production: true, secretIsDevelopmentDefault: true });
    expect(demo.warnings).toHaveLength(1);
    expect(loadConfig({ ...UPSTREAM }).secretIsDevelopmentDefault).toBe(true);
  });

  it("INBOX_SECRET is required whenever the inbox is reachable beyond this machine", () => {
    // Listening on every interface or a network address, as `npm start` does by default.
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "inbox-host"]) {
      expect(refusal({ INBOX_LISTEN_HOST: host }, "INBOX_SECRET")).toContain(`it listens on ${host}`);
      expect(refusal({ NODE_ENV: "production", INBOX_LISTEN_HOST: host }, "INBOX_SECRET")).toContain("reachable beyond this machine");
    }
    // A production server that scripts/server.mjs did not start (a bare `next start`) listens on every interface.
    expect(refusal({ NODE_ENV: "production" }, "INBOX_SECRET")).toContain("it listens on 0.0.0.0");
    // Served under a public name, wherever it listens.
    expect(refusal({ INBOX_PUBLIC_URL: "https://inbox.example.com", INBOX_LISTEN_HOST: "127.0.0.1" }, "INBOX_SECRET")).toContain("INBOX_PUBLIC_URL is https://inbox.example.com");
    expect(refusal({ INBOX_PUBLIC_URL: "http://10.0.0.5:3000" }, "INBOX_SECRET")).toContain("INBOX_PUBLIC_URL");

    // Loopback keeps working with nothing set, in development and production alike.
    for (const env of [{}, { INBOX_LISTEN_HOST: "localhost" }, { INBOX_LISTEN_HOST: "::1" }, { NODE_ENV: "production", INBOX_LISTEN_HOST: "127.0.0.1", INBOX_PUBLIC_URL: "http://localhost:3000" }]) {
      expect(loadConfig(env).secretIsDevelopmentDefault).toBe(true);
    }
    // A container's own name in HOSTNAME says nothing about where the inbox listens.
    expect(loadConfig({ HOSTNAME: "3f4a2b1c9d8e" }).secretIsDevelopmentDefault).toBe(true);
    // And anything is allowed with a real secret.
    expect(loadConfig({ NODE_ENV: "production", INBOX_LISTEN_HOST: "0.0.0.0", INBOX_PUBLIC_URL: "https://inbox.example.com", INBOX_SECRET: SECRET }).secret).toBe(SECRET);
  });

  it("INBOX_WEBHOOK_SECRET starts with whsec_", () => {
    expect(loadConfig({ INBOX_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }).webhookSecret).toBe("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
    for (const bad of ["MfKQ9r8GKYqrTwjUPD8I", "whsec_", "whsec_not base64!"]) refusal({ INBOX_WEBHOOK_SECRET: bad }, "INBOX_WEBHOOK_SECRET");
  });

  it("INBOX_ADMIN_EMAIL and INBOX_ADMIN_PASSWORD come as a pair", () => {
    expect(loadConfig({ INBOX_ADMIN_EMAIL: "ada@example.com", INBOX_ADMIN_PASSWORD: "correct horse battery" }).admin).toEqual({
      email: "ada@example.com",
      password: "correct horse battery",
    });
    refusal({ INBOX_ADMIN_EMAIL: "ada@example.com" }, "INBOX_ADMIN_PASSWORD");
    refusal({ INBOX_ADMIN_PASSWORD: "correct horse battery" }, "INBOX_ADMIN_EMAIL");
    refusal({ INBOX_ADMIN_EMAIL: "not-an-email", INBOX_ADMIN_PASSWORD: "correct horse battery" }, "INBOX_ADMIN_EMAIL");
    expect(refusal({ INBOX_ADMIN_EMAIL: "ada@example.com", INBOX_ADMIN_PASSWORD: "short-pass1" }, "INBOX_ADMIN_PASSWORD")).toContain("12 characters");
  });

  it("PORT is a port number", () => {
    expect(loadConfig({ PORT: "8080" }).port).toBe(8080);
    for (const bad of ["0", "65536", "80a", "-1", "3000.5"]) refusal({ PORT: bad }, "PORT");
  });

  it("INBOX_PUBLIC_URL is an origin, required in production with a real upstream", () => {
    expect(loadConfig({ INBOX_PUBLIC_URL: "https://inbox.example.com/", INBOX_SECRET: SECRET }).publicUrl).toBe("https://inbox.example.com");
    for (const bad of ["inbox.example.com", "https://inbox.example.com/app", "ftp://inbox.example.com", "https://u:p@inbox.example.com"]) {
      refusal({ INBOX_PUBLIC_URL: bad }, "INBOX_PUBLIC_URL");
    }
    refusal({ ...UPSTREAM, NODE_ENV: "production", INBOX_SECRET: SECRET }, "INBOX_PUBLIC_URL");
    expect(loadConfig({ NODE_ENV: "production", INBOX_LISTEN_HOST: "127.0.0.1" }).publicUrl).toBeNull();
  });

  it("session cookies are Secure in production, unless served over http on this machine", () => {
    const prod = { ...UPSTREAM, NODE_ENV: "production", INBOX_SECRET: SECRET };
    expect(loadConfig({ ...prod, INBOX_PUBLIC_URL: "https://inbox.example.com" }).secureCookies).toBe(true);
    expect(loadConfig({ ...prod, INBOX_PUBLIC_URL: "http://inbox.internal" }).secureCookies).toBe(true);
    expect(loadConfig({ ...prod, INBOX_PUBLIC_URL: "http://127.0.0.1:3100" }).secureCookies).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", INBOX_LISTEN_HOST: "127.0.0.1" }).secureCookies).toBe(false);
    expect(loadConfig({ INBOX_PUBLIC_URL: "https://inbox.example.com", INBOX_SECRET: SECRET }).secureCookies).toBe(true);
    expect(loadConfig({}).secureCookies).toBe(false);
  });

  it("INBOX_SIGNIN_ATTEMPTS_PER_MINUTE is a positive whole number, 10 by default", () => {
    expect(loadConfig({}).signInAttemptsPerMinute).toBe(10);
    expect(loadConfig({ INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "30" }).signInAttemptsPerMinute).toBe(30);
    for (const bad of ["0", "many", "10001"]) refusal({ INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: bad }, "INBOX_SIGNIN_ATTEMPTS_PER_MINUTE");
  });

  it("INBOX_TRUSTED_PROXIES is a list of addresses or ranges", () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ INBOX_TRUSTED_PROXIES: "10.0.0.0/8, 192.168.1.10,::1" }).trustedProxies).toEqual(["10.0.0.0/8", "192.168.1.10", "::1"]);
    for (const bad of ["proxy.internal", "10.0.0.0/33", ","]) refusal({ INBOX_TRUSTED_PROXIES: bad }, "INBOX_TRUSTED_PROXIES");
  });

  it("INBOX_DEMO_SCALE sizes the demo's seed, and is ignored with an upstream", () => {
    expect(loadConfig({}).demoScale).toBeNull();
    expect(loadConfig({ INBOX_DEMO_SCALE: "10000" }).demoScale).toBe(10_000);
    for (const bad of ["0", "lots", "100001"]) refusal({ INBOX_DEMO_SCALE: bad }, "INBOX_DEMO_SCALE");
    const upstream = loadConfig({ INBOX_DEMO_SCALE: "500", ...UPSTREAM });
    expect(upstream.demoScale).toBeNull();
    expect(upstream.warnings.join(" ")).toContain("INBOX_DEMO_SCALE");
  });

  it("INBOX_UPSTREAM_TIMEOUT_MS is a positive number of milliseconds", () => {
    expect(loadConfig({ INBOX_UPSTREAM_TIMEOUT_MS: "2500" }).upstreamTimeoutMs).toBe(2500);
    for (const bad of ["0", "ten", "300001"]) refusal({ INBOX_UPSTREAM_TIMEOUT_MS: bad }, "INBOX_UPSTREAM_TIMEOUT_MS");
  });

  it("INBOX_SHUTDOWN_TIMEOUT_MS is a number of milliseconds, 0 for not waiting", () => {
    expect(loadConfig({ INBOX_SHUTDOWN_TIMEOUT_MS: "2500" }).shutdownTimeoutMs).toBe(2500);
    expect(loadConfig({ INBOX_SHUTDOWN_TIMEOUT_MS: "0" }).shutdownTimeoutMs).toBe(0);
    for (const bad of ["-1", "ten", "1.5", "300001"]) {
      expect(refusal({ INBOX_SHUTDOWN_TIMEOUT_MS: bad }, "INBOX_SHUTDOWN_TIMEOUT_MS")).toContain("requests in flight");
    }
  });
});

describe("describeConfig and logging", () => {
  const env = {
    INBOX_API_BASE_URL: "https://api.example.com:8443/v2",
    INBOX_API_TOKEN: TOKEN,
    DATABASE_URL: "postgres://inbox:dbpass123@db.internal:5432/inbox",
    INBOX_SECRET: SECRET,
    INBOX_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    INBOX_ADMIN_EMAIL: "ada@example.com",
    INBOX_ADMIN_PASSWORD: "correct horse battery",
  };
  const secrets = [TOKEN, "/v2", "inbox:", "dbpass123", SECRET, "whsec_", "correct horse battery"];

  it("summarises mode, upstream origin and database kind", () => {
    expect(describeConfig(loadConfig(env))).toEqual({
      mode: "upstream",
      upstream: "https://api.example.com:8443",
      database: "postgres",
      databaseLocation: "db.internal:5432",
      port: 3000,
      upstreamTimeoutMs: 10_000,
      shutdownTimeoutMs: 10_000,
      webhooks: true,
    });
    expect(describeConfig(loadConfig({}))).toMatchObject({ mode: "demo", upstream: "embedded sandbox", database: "pglite", databaseLocation: ".data/inbox" });
  });

  it("never shows a secret in the summary, JSON, string or inspect forms", () => {
    const config = loadConfig(env);
    for (const shown of [JSON.stringify(describeConfig(config)), JSON.stringify(config), String(config), `${config}`, inspect(config), JSON.stringify({ config })]) {
      for (const secret of secrets) expect(shown).not.toContain(secret);
      expect(shown).toContain("upstream");
    }
    // The modules that need them still can read them.
    expect(config.apiToken).toBe(TOKEN);
    expect(Object.isFrozen(config)).toBe(true);
  });
});

describe("the configuration's variables", () => {
  it("are the same in env.ts's reads, the check-config report and README's configuration table", () => {
    const read = new Set<string>();
    const recording = new Proxy({} as Record<string, string | undefined>, {
      get: (_, name) => {
        if (typeof name === "string") read.add(name);
        return undefined;
      },
    });
    loadConfig(recording);
    // scripts/server.mjs hands HOSTNAME (or --hostname) over as INBOX_LISTEN_HOST.
    const validated = [...read].map((name) => (name === "INBOX_LISTEN_HOST" ? "HOSTNAME" : name)).sort();
    expect(validated).toContain("DATABASE_URL");
    expect([...REPORTED_VARIABLES].sort()).toEqual(validated);
    expect(readmeVariables().sort()).toEqual(validated);
  });
});

/** The variables named in the first column of README's configuration table. */
function readmeVariables(): string[] {
  const lines = readFileSync(new URL("../../../README.md", import.meta.url), "utf8").split("\n");
  const header = lines.findIndex((line, index) => line.startsWith("| Variable") && lines.slice(0, index).some((above) => above === "## Configuration"));
  expect(header).toBeGreaterThan(0);
  const rows: string[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(line.split("|")[1] ?? "");
  }
  return rows.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1] ?? ""));
}
