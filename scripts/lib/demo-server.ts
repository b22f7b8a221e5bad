import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import type { Page } from "@playwright/test";
import { waitForHealth } from "./wait-for-health";

/**
 * The benches' inbox: the production build's standalone server in demo mode on a fresh data
 * folder (seeded at `scale` when given), stopped with its process group when the bench exits.
 */
export async function startDemoServer(options: { port: number; dataDir: string; scale: number | null }): Promise<{ base: string; stop: () => void }> {
  const base = `http://127.0.0.1:${options.port}`;
  rmSync(options.dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, [".next/standalone/server.mjs", "--port", String(options.port), "--hostname", "127.0.0.1"], {
    env: {
      ...process.env,
      INBOX_DATA_DIR: options.dataDir,
      ...(options.scale === null ? {} : { INBOX_DEMO_SCALE: String(options.scale) }),
      INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "1000",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  await waitForHealth(base);
  return { base, stop };
}

/** Signs a demo user in on `page`. */
export async function signIn(page: Page, base: string, email = "olivia@acme.test"): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("inbox-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

export { percentile } from "./percentile";

/** The browser's own frame times with nothing to do, to read the scrolling figures against. */
export function idleFrames(page: Page, count = 120): Promise<number[]> {
  return page.evaluate(async (frames) => {
    const idle: number[] = [];
    for (let i = 0, t = performance.now(); i < frames; i++) {
      await new Promise(requestAnimationFrame);
      const now = performance.now();
      idle.push(now - t);
      t = now;
    }
    return idle;
  }, count);
}
