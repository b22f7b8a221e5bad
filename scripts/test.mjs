// `npm test`: typecheck, lint, unit and integration tests, a production build, the build run as
// it is deployed (scripts/standalone.test.mjs), then e2e in Chromium. Each runner's summary is
// printed as it runs; the last line sums them as `N passed, N failed`, the plain form CI counts
// tests from.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createConnection } from "node:net";

// Tests of the Postgres path run against a local server when one answers (CI starts one).
if (!process.env.TEST_DATABASE_URL && (await answers("127.0.0.1", 5432))) {
  process.env.TEST_DATABASE_URL = "postgres://postgres:postgres@127.0.0.1:5432/postgres";
}
console.log(`Postgres tests: ${process.env.TEST_DATABASE_URL ? "on" : "off (no server at 127.0.0.1:5432 and no TEST_DATABASE_URL)"}`);

// A step is one command, or several run side by side (single-threaded ones, so both cores work).
const steps = [
  [
    ["typecheck", "npx", ["tsc", "--noEmit"]],
    ["lint", "npx", ["eslint", "--max-warnings=0", "."]],
  ],
  ["unit", "npx", ["vitest", "run"]],
  // The typecheck step has checked these very sources: Next's build need not check them again.
  ["build", "npm", ["run", "build"], { INBOX_BUILD_TYPECHECKED: "1" }],
  // Needs the build, so not in the unit step: the standalone folder copied out of the checkout, started, signed in to, stopped.
  ["standalone", process.execPath, ["--test", "--test-reporter=spec", "--test-reporter-destination=stdout", "--test-reporter=tap", "--test-reporter-destination=reports/standalone.tap", "scripts/standalone.test.mjs"]],
  ["e2e", "npx", ["playwright", "test"]],
];

const reports = { unit: "reports/vitest.json", standalone: "reports/standalone.tap", e2e: "reports/playwright.json" };
for (const file of Object.values(reports)) rmSync(file, { force: true });

let failedStep = null;
const durations = [];
for (const step of steps) {
  const group = Array.isArray(step[0]) ? step : [step];
  const started = performance.now();
  const results = await Promise.all(group.map(([name, cmd, args, env]) => run(name, cmd, args, env, group.length > 1)));
  const failed = results.find((result) => result.status !== 0);
  if (failed) {
    failedStep = failed.name;
    console.error(`✖ ${failed.name} failed (exit ${failed.status ?? failed.signal})`);
  }
  durations.push([group.map(([name]) => name).join(" + "), performance.now() - started]);
  if (failedStep) break;
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

/**
 * One command, its output as it comes; side by side with others, its output is held and printed
 * whole when it ends, so two runners' lines do not interleave.
 */
function run(name, cmd, args, env, buffered) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(" ")}${buffered ? " (alongside, output when done)" : ""}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...env } });
    const chunks = [];
    child.stdout?.on("data", (chunk) => chunks.push(chunk));
    child.stderr?.on("data", (chunk) => chunks.push(chunk));
    child.on("close", (status, signal) => {
      if (buffered) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(chunks).toString()}`);
      resolve({ name, status, signal });
    });
  });
}

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
