import { defineConfig, devices } from "@playwright/test";
import { E2E_SERVERS, baseUrlOf } from "./e2e/servers";

const baseURL = baseUrlOf("main");

// Browsers cannot be downloaded here: Playwright drives Debian's Chromium.
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Journeys that move the sandbox's clock, which the whole run shares (a send's edit window, a
// snooze coming due): one at a time, beside the other journeys but never beside each other.
const CLOCK_JOURNEYS = /(thread|snooze|scheduled-send|outreach-imports)\.spec\.ts/;

const chromiumUse = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  },
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A flaky test is a bug to fix, never a failure to run again.
  retries: 0,
  workers: 2,
  // Two servers, two workers and Chromium share two cores, and a CI machine may be twice as slow as
  // a laptop: a journey that takes 15 s here took 30 s there. Budgets leave that room; waiting
  // longer costs nothing when it is quick, and a journey that hangs still fails.
  timeout: 60_000,
  expect: { timeout: 15_000 },
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
