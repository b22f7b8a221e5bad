/**
 * `npm run bench:ui [-- --runs N --port N --waterfall --tries]`: how fast the inbox answers a person, in
 * Chromium at 1440×900, against a production build (run `npm run build` first). It serves the
 * demo on a fresh data folder, signs in as the manager (marcus@acme.test), sets his undo window
 * to 0 (so replies go, and the sandbox's history stays honest), and times N tries (default 20)
 * of each interaction, from the input event to the rendered frame that shows its result,
 * stamped in the page (scripts/lib/ui-timing):
 *
 * - open a thread not opened before: click the next row down in "All" → its messages, no
 *   skeleton. Should there be more tries than threads, the page is loaded again when every row
 *   has been opened (the browser's caches empty; the server's are warm by then, which is said);
 * - open a thread opened before: click between two rows already opened;
 * - switch folder: click "Inbox" / "All" in the sidebar → the other view's rows;
 * - change a filter: Filter › Oldest first, on and off → the reordered rows;
 * - reply shown: type in the composer, Enter → the text in the history (pending counts);
 * - j/k: the next (or previous) thread with its messages shown, on a fresh page load (new to
 *   the browser, not to the server).
 *
 * It also reports the JavaScript transferred (scripts/lib/js-transfer): of the login page, of
 * the inbox's cold load, and what Sign in fetched beyond the login page's. `--waterfall` prints
 * the requests of the first first-visit open, in series or in parallel, with the server's own
 * time for each from its request log (scripts/lib/ui-waterfall); `--tries` prints every try's
 * figure in order, to see where the slow ones fall. The last line is machine-readable.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Page } from "@playwright/test";
import { launchChromium, quietWatcher } from "./lib/chromium.mjs";
import { kB, measureJs } from "./lib/js-transfer";
import { percentile, timed, UI_TIMING_SCRIPT } from "./lib/ui-timing";
import { formatWaterfall, recordRequests, serverLines } from "./lib/ui-waterfall";
import { waitForHealth } from "./lib/wait-for-health";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3900" },
    runs: { type: "string", default: "20" },
    waterfall: { type: "boolean", default: false },
    tries: { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
const base = `http://127.0.0.1:${Number(values.port)}`;
const dataDir = ".data/bench-ui";
const ROW = '[data-thread-list] [role="option"]';

rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, [".next/standalone/server.mjs", "--port", values.port, "--hostname", "127.0.0.1"], {
  env: { ...process.env, INBOX_DATA_DIR: dataDir, INBOX_SIGNIN_ATTEMPTS_PER_MINUTE: "1000" },
  stdio: ["ignore", "pipe", "inherit"],
  detached: true,
});
const logLines = serverLines(server.stdout!);
const stop = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stop);

const signIn = async (page: Page) => {
  await page.getByLabel("Email").fill("marcus@acme.test");
  await page.getByLabel("Password").fill("inbox-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
};

try {
  await waitForHealth(base);
  const browser = await launchChromium();
  const js = await measureJs(browser, base, signIn);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(UI_TIMING_SCRIPT);
  const page = await context.newPage();
  const settled = quietWatcher(page);
  await page.goto(`${base}/login`);
  await signIn(page);
  const patched = await page.evaluate(async () => {
    const response = await fetch("/api/inbox/preferences", { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ undoSendSeconds: 0 }) });
    return response.status;
  });
  if (patched !== 200) throw new Error(`PATCH /api/inbox/preferences answered ${patched}`);

  const openAll = async () => {
    await page.goto(`${base}/?folder=all`);
    await page.locator(ROW).first().waitFor();
    await settled();
  };
  /**
   * The centre of the list's row at `index`, scrolled into view (the list is virtualized), or null
   * past the end. Clicked by coordinates: a row near the end re-renders as pages load, which
   * Playwright's element click waits out for ever.
   */
  const rowAt = async (index: number) =>
    // No named functions inside: tsx would name them with a helper the page lacks.
    page.locator("[data-thread-list]").evaluate(async (list, i) => {
      const selector = `[role="option"][data-index="${i}"]`;
      list.scrollTop = 0;
      for (let step = 0; step < 200 && !list.querySelector(selector); step++) {
        const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 2;
        if (atEnd && list.querySelector('[role="option"]:last-of-type')?.getAttribute("aria-setsize") !== "-1") return null;
        list.scrollTop += list.clientHeight / 2;
        await new Promise(requestAnimationFrame);
      }
      list.querySelector(selector)?.scrollIntoView({ block: "nearest" });
      for (let frame = 0; frame < 3; frame++) await new Promise(requestAnimationFrame);
      const box = list.querySelector(selector)?.getBoundingClientRect();
      return box ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : null;
    }, index);
  const click = (index: number) => async () => {
    const at = await rowAt(index);
    await page.mouse.click(at!.x, at!.y);
  };

  // Open a thread not opened before.
  await openAll();
  const openFirst: number[] = [];
  let next = 0;
  let rowCount = 0;
  let serverCold = 0;
  while (openFirst.length < runs) {
    const row = await rowAt(next);
    if (!row) {
      // Every row opened: a new page load empties the browser's caches.
      rowCount = next;
      next = 0;
      await openAll();
      continue;
    }
    const recording = values.waterfall && openFirst.length === 0 ? recordRequests(page) : null;
    const shown = await timed(page, "thread", "pointerdown", () => page.mouse.click(row.x, row.y));
    openFirst.push(shown.ms);
    if (rowCount === 0) serverCold++;
    next++;
    await settled();
    if (recording) for (const line of formatWaterfall(recording.stop(), shown, logLines)) console.log(line);
  }

  // Open a thread opened before: back and forth between the first two rows (both opened above).
  const openAgain: number[] = [];
  await click(1)();
  await settled();
  for (let i = 0; i < runs; i++) {
    openAgain.push((await timed(page, "thread", "pointerdown", click(i % 2))).ms);
    await settled();
  }

  // Switch folder: Inbox and All, in turn, from the sidebar.
  const folders: number[] = [];
  const nav = page.getByRole("navigation", { name: "Inbox" });
  for (let i = 0; i < runs; i++) {
    const link = nav.getByRole("link", { name: i % 2 === 0 ? /^Inbox\b/ : /^All\b/ });
    folders.push((await timed(page, "view", "pointerdown", () => link.click())).ms);
    await settled();
  }

  // Change a filter: Oldest first, on and off (the menu opened first, untimed).
  const filters: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.getByRole("button", { name: "Filter conversations" }).click();
    const item = page.getByRole("menuitemcheckbox", { name: "Oldest first" });
    filters.push((await timed(page, "rows", "pointerdown", () => item.click())).ms);
    await settled();
  }

  // Reply shown after Enter, in the first thread of "All".
  const replies: number[] = [];
  await openAll();
  await click(0)();
  // Settled, the member's preferences are in: until then the browser holds a reply for the default 5 s.
  await settled();
  const composer = page.getByRole("textbox", { name: /^Reply to / });
  for (let i = 0; i < runs; i++) {
    const text = `bench reply ${i + 1} at ${Date.now()}`;
    await composer.fill(text);
    replies.push((await timed(page, "text", "keydown", () => composer.press("Enter"), text)).ms);
    await settled();
  }
  // Every reply gone to the API before the page is left (none held by an undo window).
  await page.getByText("Sending in a moment").first().waitFor({ state: "detached" });

  // j/k: from the first row down with j while there are rows, then back up with k, on a fresh load.
  const moves: number[] = [];
  await openAll();
  await click(0)();
  await settled();
  const count = rowCount || (await page.locator(ROW).count());
  let position = 0;
  let down = true;
  for (let i = 0; i < runs; i++) {
    if (down && position === count - 1) down = false;
    if (!down && position === 0) down = true;
    const key = down ? "j" : "k";
    // Keys go to the page, not to the composer the open thread may have focused.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    moves.push((await timed(page, "thread", "keydown", () => page.keyboard.press(key), key)).ms);
    position += down ? 1 : -1;
    await settled();
  }
  await browser.close();

  const figures = { open_first: openFirst, open_again: openAgain, folder: folders, filter: filters, reply: replies, jk: moves };
  const label: Record<keyof typeof figures, string> = {
    open_first: `open a thread not opened before (${serverCold} of them first for the server too)`,
    open_again: "open a thread opened before",
    folder: "switch folder (Inbox / All)",
    filter: "change a filter (Oldest first)",
    reply: "reply shown after Enter",
    jk: "j/k to the next thread, messages shown",
  };
  const p95 = (k: keyof typeof figures) => Math.round(percentile(figures[k], 95));
  for (const key of Object.keys(figures) as (keyof typeof figures)[]) {
    console.log(`${label[key]}: p50 ${Math.round(percentile(figures[key], 50))} ms, p95 ${p95(key)} ms, slowest ${Math.round(Math.max(...figures[key]))} ms over ${figures[key].length} tries`);
    if (values.tries) console.log(`  each try, in order (ms): ${figures[key].map(Math.round).join(" ")}`);
  }
  console.log(
    `JavaScript transferred: login page ${kB(js.login)} kB in ${js.login.files} files; inbox (cold load) ${kB(js.inbox)} kB in ${js.inbox.files} files; fetched after Sign in ${kB(js.afterSignIn)} kB in ${js.afterSignIn.files} files`,
  );
  console.log(
    `ui-bench: open_first_p95_ms=${p95("open_first")} open_again_p95_ms=${p95("open_again")} folder_p95_ms=${p95("folder")} reply_p95_ms=${p95("reply")} js_inbox_kb=${kB(js.inbox)} js_login_kb=${kB(js.login)} filter_p95_ms=${p95("filter")} jk_p95_ms=${p95("jk")} js_after_signin_kb=${kB(js.afterSignIn)} runs=${runs}`,
  );
} finally {
  stop();
}
