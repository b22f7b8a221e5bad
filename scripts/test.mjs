// `npm test`: typecheck, lint, unit and integration tests, a production build, the build run as
// it is deployed (scripts/standalone.test.mjs), then e2e in Chromium. Each runner's summary is
// printed as it runs; the last line sums them as `N passed, N failed`, the plain form CI counts
// tests from.
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
  ["build", "npm", ["run", "build"]],
  // Needs the build, so not in the unit step: the standalone folder copied out of the checkout, started, signed in to, stopped.
  ["standalone", process.execPath, ["--test", "--test-reporter=spec", "--test-reporter-destination=stdout", "--test-reporter=tap", "--test-reporter-destination=reports/standalone.tap", "scripts/standalone.test.mjs"]],
  ["e2e", "npx", ["playwright", "test"]],
];

const reports = { unit: "reports/vitest.json", standalone: "reports/standalone.tap", e2e: "reports/playwright.json" };
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
const counts = { unit: countVitest(reports.unit), standalone: countTap(reports.standalone), e2e: countPlaywright(reports.e2e) };
console.log("");
for (const [name, { passed, failed }] of Object.entries(counts)) console.log(`${name}: ${passed} passed, ${failed} failed`);
const passed = Object.values(counts).reduce((sum, count) => sum + count.passed, 0);
const counted = Object.values(counts).reduce((sum, count) => sum + count.failed, 0);
// A step that failed without failing a counted test (typecheck, lint, build) still fails the run.
const failed = counted + (failedStep && counted === 0 ? 1 : 0);
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

// node --test's TAP report ends with `# pass N` and `# fail N`.
function countTap(file) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
  return { passed: count("pass"), failed: count("fail") };
}

function countPlaywright(file) {
  const report = readJson(file);
  if (!report?.stats) return { passed: 0, failed: 0 };
  // `flaky` passed on retry; `unexpected` failed.
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}
