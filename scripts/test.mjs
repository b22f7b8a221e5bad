// `npm test`: typecheck, lint, unit and integration tests, a production build, then e2e in Chromium.
// Vitest's and Playwright's summaries are printed as they run; the last line sums both as
// `N passed, N failed`, the plain form CI counts tests from.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createConnection } from "node:net";

// Tests of the Postgres path run against a local server when one answers (CI starts one).
if (!process.env.TEST_DATABASE_URL && (await answers("127.0.0.1", 5432))) {
  process.env.TEST_DATABASE_URL = "postgres://postgres:postgres@127.0.0.1:5432/postgres";
}
console.log(`Postgres tests: ${process.env.TEST_DATABASE_URL ? "on" : "off (no server at 127.0.0.1:5432 and no TEST_DATABASE_URL)"}`);

const steps = [
  ["typecheck", "npx", ["tsc", "--noEmit"]],
  ["lint", "npx", ["eslint", "--max-warnings=0", "."]],
  ["unit", "npx", ["vitest", "run"]],
  ["build", "npx", ["next", "build"]],
  ["e2e", "npx", ["playwright", "test"]],
];

const reports = { unit: "reports/vitest.json", e2e: "reports/playwright.json" };
for (const file of Object.values(reports)) rmSync(file, { force: true });

let failedStep = null;
const durations = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(" ")}`);
  const started = performance.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  durations.push([name, performance.now() - started]);
  if (result.status !== 0) {
    failedStep = name;
    console.error(`✖ ${name} failed (exit ${result.status ?? result.signal})`);
    break;
  }
}

// Each step's time beside the counts, so a slow step shows in every run's last lines.
console.log(`\n${durations.map(([name, ms]) => `${name} ${seconds(ms)}`).join(" · ")} · total ${seconds(durations.reduce((sum, [, ms]) => sum + ms, 0))}`);
const unit = countVitest(reports.unit);
const e2e = countPlaywright(reports.e2e);
console.log(`\nunit: ${unit.passed} passed, ${unit.failed} failed`);
console.log(`e2e: ${e2e.passed} passed, ${e2e.failed} failed`);
const passed = unit.passed + e2e.passed;
// A step that failed without failing a counted test (typecheck, lint, build) still fails the run.
const failed = unit.failed + e2e.failed + (failedStep && unit.failed + e2e.failed === 0 ? 1 : 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);

function seconds(ms) {
  return ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : `${Math.round(ms / 1000)} s`;
}

function answers(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 1000 });
    socket.once("connect", () => (socket.end(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function countVitest(file) {
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 0 };
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 };
}

function countPlaywright(file) {
  const report = readJson(file);
  if (!report?.stats) return { passed: 0, failed: 0 };
  // `flaky` passed on retry; `unexpected` failed.
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}
