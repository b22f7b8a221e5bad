import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_TASK, takeTask } from "./tasks";

type Outcome = { code: number | null; stdout: string; stderr: string };

/**
 * `npm run <script>` as a deploy script runs it, in a clean environment plus `env`: the command
 * package.json holds, run as npm runs it (a shell, node_modules/.bin on the PATH), without npm's
 * own notices on stderr.
 */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  const command = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts[script];
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", `${command} "$@"`, script, ...args], {
      cwd: process.cwd(),
      // No NODE_ENV (which Next's types make required): the tasks default to production, as `npm start` does.
      env: { PATH: `${path.resolve("node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`, HOME: process.env.HOME ?? tmpdir(), ...env } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("takeTask", () => {
  it("is what scripts/server.mjs put on globalThis, when it is a task, and marks it taken for the script", () => {
    const holder = globalThis as { [SERVER_TASK]?: unknown };
    try {
      expect(takeTask()).toBeNull();
      holder[SERVER_TASK] = "check-config";
      expect(takeTask()).toBe("check-config");
      expect(holder[SERVER_TASK]).toEqual({ running: "check-config" });
      // Taken once: a second start in the same process serves.
      expect(takeTask()).toBeNull();
      holder[SERVER_TASK] = "migrate";
      expect(takeTask()).toBe("migrate");
      holder[SERVER_TASK] = "drop-database";
      expect(takeTask()).toBeNull();
      expect(holder[SERVER_TASK]).toBe("drop-database");
    } finally {
      delete holder[SERVER_TASK];
    }
  });
});

describe("npm run check-config and npm run migrate", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "inbox-tasks-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("check-config names a bad variable on stderr and exits 1", { timeout: 60_000 }, async () => {
    const outcome = await npmRun("check-config", ["--hostname", "127.0.0.1"], { INBOX_SECRET: "too-short" });
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe("");
    expect(outcome.stderr.trim()).toBe(
      "[inbox] INBOX_SECRET must be at least 32 characters: a random string that signs sessions, such as the output of `openssl rand -base64 48`.",
    );
  });

  it("check-config checks as `npm start` would: production, on every interface unless told otherwise", { timeout: 60_000 }, async () => {
    const outcome = await npmRun("check-config", [], {});
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain("INBOX_SECRET is required when the inbox is reachable beyond this machine (it listens on 0.0.0.0)");
  });

  it("check-config prints what the inbox would run with, secrets masked, and exits 0", { timeout: 60_000 }, async () => {
    const secret = "a-session-secret-of-forty-characters-xyz";
    const token = "tok_live_5a5a5a5a5a5a";
    const outcome = await npmRun("check-config", ["--port", "8080"], {
      INBOX_API_BASE_URL: "https://api.example.com/v2",
      INBOX_API_TOKEN: token,
      INBOX_SECRET: secret,
      INBOX_PUBLIC_URL: "https://inbox.example.com",
      DATABASE_URL: "postgres://inbox:pa55word@db.internal:5432/inbox",
    });
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain("The inbox would run in upstream mode, production, with:");
    expect(outcome.stdout).toMatch(new RegExp(`\\n {2}INBOX_API_TOKEN +\\*{8} \\(set, ${token.length} characters\\)\\n`));
    expect(outcome.stdout).toMatch(/\n {2}DATABASE_URL +postgres:\/\/inbox:\*{8}@db\.internal:5432\/inbox\n/);
    expect(outcome.stdout).toMatch(/\n {2}PORT +8080\n/);
    for (const shown of [secret, token, "pa55word"]) expect(outcome.stdout).not.toContain(shown);
  });

  it("migrate applies the pending migrations once, then has nothing to do", { timeout: 120_000 }, async () => {
    const env = { INBOX_DATA_DIR: dataDir };
    const tags = (JSON.parse(readFileSync("lib/server/store/migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] }).entries.map((entry) => entry.tag);
    const first = await npmRun("migrate", ["--hostname", "127.0.0.1"], env);
    expect(first.code).toBe(0);
    expect(first.stdout.trim()).toBe(`[inbox] pglite ${dataDir}: migrated (${tags.join(", ")})`);
    const second = await npmRun("migrate", ["--hostname", "127.0.0.1"], env);
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).toBe(`[inbox] pglite ${dataDir}: up to date, no migration to apply`);
  });
});
