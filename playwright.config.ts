import { defineConfig, devices } from "@playwright/test";
import { E2E_SERVERS, baseUrlOf } from "./e2e/servers";
import { CHROMIUM_LAUNCH } from "./scripts/lib/chromium.mjs";

const baseURL = baseUrlOf("main");

// Journeys that move the sandbox's clock, which the whole run shares (a send's edit window, a
// snooze coming due): one at a time, beside the other journeys but never beside each other.
const CLOCK_JOURNEYS = /(thread|snooze|scheduled-send|outreach-imports)\.spec\.ts/;

const chromiumUse = {
  ...devices["Desktop Chrome"],
  // Browsers cannot be downloaded here: Playwright drives Debian's Chromium.
  launchOptions: CHROMIUM_LAUNCH,
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A flaky test is a bug to fix, never a failure to run again.
  retries: 0,
  workers: 2,
  // Two servers, two workers and Chromium share two cores, and CI machines differ by more than
  // twice: the same commit's suite took 21 min on one and 41 on the next, where a page that is
  // live in 2 s hydrated in 5 and its first reads took 1–3 s each. One budget for every journey
  // (three page loads and two axe scans take ~55 s on the slow ones), and one for a step: waiting
  // longer costs nothing when it is quick, and a journey that hangs still fails.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "setup", testMatch: /.*\.setup\.ts/ },
    {
      name: "chromium",
      dependencies: ["setup"],
      testIgnore: [/faults\.spec\.ts/, CLOCK_JOURNEYS],
      use: chromiumUse,
    },
    { name: "clock", dependencies: ["setup"], testMatch: CLOCK_JOURNEYS, workers: 1, use: chromiumUse },
    // Injected API faults hit every request of a sandbox: this journey has an inbox of its own.
    { name: "faults", dependencies: ["setup"], testMatch: /faults\.spec\.ts/, use: { ...chromiumUse, baseURL: baseUrlOf("faults") } },
  ],
  // E2E runs against a production build, never the dev server: the standalone folder that `npm
  // run build` completes, through its server.mjs, as `npm start` runs it (scripts/server.mjs: it
  // names each request's socket address). Each server has its own data folder, fresh every run,
  // so the journeys start from the seed. A server is ready when its health check answers: that
  // waits for the runtime (database, migrations, seed) and reaches the sandbox once, so no
  // journey pays the cold start.
  webServer: (Object.keys(E2E_SERVERS) as (keyof typeof E2E_SERVERS)[]).map((server) => {
    const { port, dataDir } = E2E_SERVERS[server];
    return {
      name: server,
      command: `rm -rf ${dataDir} && node .next/standalone/server.mjs --port ${port} --hostname 127.0.0.1`,
      env: { INBOX_DATA_DIR: dataDir, INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "1000" },
      url: `${baseUrlOf(server)}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
    };
  }),
});
