import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // `server-only` throws outside Next's react-server build; tests run lib/server in plain Node.
      "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    include: ["{lib,components,app,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
    // Vitest leaves a core free by default: on CI's two cores that is one worker for files that
    // mostly wait on PGlite, hashing and timers. Two keep both cores busy.
    maxWorkers: 2,
    // One seeded sandbox per run, copied by each test file (lib/sandbox/testing/harness).
    globalSetup: ["lib/sandbox/testing/global-setup.ts"],
    // Integration tests hash passwords and run whole sandboxes; a busy CI machine needs the room.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: ["default", "json"],
    outputFile: { json: "reports/vitest.json" },
  },
});
