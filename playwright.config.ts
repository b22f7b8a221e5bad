import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// Browsers cannot be downloaded here: Playwright drives Debian's Chromium.
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
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
      testIgnore: /faults\.spec\.ts/,
      use: chromiumUse,
    },
    // Injected API faults hit every request: these run alone, after everything else.
    { name: "faults", dependencies: ["chromium"], testMatch: /faults\.spec\.ts/, use: chromiumUse },
  ],
  // E2E runs against a production build, never the dev server.
  // Its own data folder, fresh every run, so the journeys start from the seed.
  webServer: {
    // The inbox's own server (scripts/server.mjs), as `npm start` runs it: it names each request's socket address.
    command: `rm -rf .data/e2e && node scripts/server.mjs --port ${port} --hostname 127.0.0.1`,
    env: { INBOX_DATA_DIR: ".data/e2e", INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "1000" },
    // Ready when the health check answers: it waits for the runtime (database, migrations, seed) and
    // reaches the sandbox once, so the first journey does not pay the server's cold start.
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
