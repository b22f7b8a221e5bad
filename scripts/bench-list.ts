/**
 * `npm run bench:list [-- --scale N --port N]`: the thread list at scale, in Chromium, against a
 * production build (run `npm run build` first). It serves the inbox in demo mode on a fresh
 * data folder seeded with N conversations (default 10,000), signs in, opens "All", and scrolls
 * the list from the first row to the last, loading every page over its cursors.
 *
 * It reports the page's own main-thread work per frame while scrolling (script, layout and
 * style, from the DevTools protocol), frame times, how many rows the DOM held at most
 * (virtualization keeps it flat however long the list), the JS heap at the end, and how long
 * the whole scroll took. Targets at 10,000 threads: the page's work under one 60 Hz frame
 * (16.7 ms) and at most 100 row elements. Headless Chromium without a GPU paints in software,
 * so its frame times run longer than a desktop browser's; the idle frame rate and the
 * browser's total work are printed to read them against. The last line is machine-readable.
 *
 * `npm run bench:list -- --cold [--runs N]` measures the inbox's first moments instead, on the
 * demo's own seed unless `--scale` is given (scripts/lib/cold-sign-in): from Sign in to the
 * first paint and the first row, the same for a cold load of the signed-in inbox, and whether
 * the list pane's width changed after its first paint. Each run is a fresh browser profile.
 */
import { parseArgs } from "node:util";
import type { Browser } from "@playwright/test";
import { coldLoad, coldSignIn, type FirstMoments } from "./lib/cold-sign-in";
import { launchChromium } from "./lib/chromium.mjs";
import { idleFrames, percentile, signIn, startDemoServer } from "./lib/demo-server";

const { values } = parseArgs({
  options: { scale: { type: "string" }, port: { type: "string", default: "3210" }, cold: { type: "boolean", default: false }, runs: { type: "string", default: "3" } },
});
const cold = values.cold;
const scale = values.scale === undefined ? (cold ? null : 10_000) : Number(values.scale);
const seedStart = performance.now();
const { base, stop } = await startDemoServer({ port: Number(values.port), dataDir: ".data/bench-list", scale });

try {
  console.log(`serving ${scale ?? "the demo's"} conversations after ${((performance.now() - seedStart) / 1000).toFixed(1)} s (seed and start)`);

  const browser = await launchChromium();
  if (cold) {
    await firstMoments(browser, Number(values.runs));
    await browser.close();
    process.exit(0);
  }
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, base);

  const openStart = performance.now();
  await page.goto(`${base}/?folder=all`);
  const list = page.getByRole("listbox", { name: /conversations$/ });
  await list.getByRole("option").first().waitFor();
  const firstRowMs = performance.now() - openStart;

  // Where the main thread's time goes while scrolling: our code (script), or the browser's work.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const metrics = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
  const before = await metrics();

  const idle = await idleFrames(page);
  // Scroll in the page: a step per animation frame, waiting at the end for the next page.
  const result = await list.evaluate(async (element) => {
    const frames: number[] = [];
    let maxRows = 0;
    let last = performance.now();
    const started = last;
    let stalls = 0;
    while (performance.now() - started < 300_000) {
      await new Promise(requestAnimationFrame);
      const now = performance.now();
      frames.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, element.querySelectorAll('[role="option"]').length);
      const atEnd = element.scrollTop + element.clientHeight >= element.scrollHeight - 2;
      const lastRow = element.querySelector('[role="option"]:last-of-type');
      const index = Number(lastRow?.getAttribute("aria-posinset") ?? 0);
      // aria-setsize is -1 while more pages remain, the row count once the last one is in.
      const size = Number(lastRow?.getAttribute("aria-setsize") ?? -1);
      if (atEnd && ((size > 0 && index >= size) || stalls > 600)) break;
      if (atEnd) stalls++;
      else stalls = 0;
      // About 18,000 px/s at 60 Hz: a fast flick, sustained end to end.
      element.scrollTop += 300;
    }
    const setSize = Number(element.querySelector('[role="option"]:last-of-type')?.getAttribute("aria-posinset") ?? 0);
    const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
    return { frames, maxRows, ms: performance.now() - started, setSize, heap: memory?.usedJSHeapSize ?? 0 };
  });

  const after = await metrics();
  const spent = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  const perFrame = (name: string) => (spent(name) / result.frames.length).toFixed(1);
  const ownWork = ((spent("ScriptDuration") + spent("LayoutDuration") + spent("RecalcStyleDuration")) / result.frames.length).toFixed(1);
  console.log(
    `main thread per frame: script ${perFrame("ScriptDuration")} ms, layout ${perFrame("LayoutDuration")} ms, style ${perFrame("RecalcStyleDuration")} ms, all tasks ${perFrame("TaskDuration")} ms`,
  );
  const pct = (p: number) => percentile(result.frames, p);
  console.log(`idle frame p50 ${percentile(idle, 50).toFixed(1)} ms, p95 ${percentile(idle, 95).toFixed(1)} ms (this browser with nothing to draw)`);
  const long = result.frames.filter((f) => f > 50).length;
  console.log(`first row after ${firstRowMs.toFixed(0)} ms; scrolled ${result.setSize || "?"} rows in ${(result.ms / 1000).toFixed(1)} s over ${result.frames.length} frames`);
  console.log(`frame p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms; ${long} frames over 50 ms`);
  console.log(`row elements in the DOM at most: ${result.maxRows}; JS heap at the end: ${(result.heap / 1048576).toFixed(0)} MB`);
  console.log(
    `list-bench: threads=${scale} page_work_ms_per_frame=${ownWork} idle_frame_p95_ms=${percentile(idle, 95).toFixed(1)} first_row_ms=${firstRowMs.toFixed(0)} frame_p95_ms=${pct(95).toFixed(1)} long_frames=${long} max_dom_rows=${result.maxRows} heap_mb=${(result.heap / 1048576).toFixed(0)} scroll_s=${(result.ms / 1000).toFixed(1)}`,
  );
  await browser.close();
} finally {
  stop();
}

/** `--cold`: each run signs in on a fresh profile, then loads the inbox cold with that session. */
async function firstMoments(browser: Browser, runs: number): Promise<void> {
  const signIns: FirstMoments[] = [];
  const loads: FirstMoments[] = [];
  const line = (what: string, m: FirstMoments) =>
    `${what}: first paint ${m.firstPaintMs} ms, first row ${m.firstRowMs} ms, list pane ${m.paneAtPaint?.toFixed(0) ?? "?"} px at first paint, ${m.paneLater?.toFixed(0) ?? "?"} px 3 s later`;
  for (let run = 1; run <= runs; run++) {
    const { cookies, ...signIn } = await coldSignIn(browser, base);
    signIns.push(signIn);
    console.log(line(`run ${run} sign-in`, signIn));
    const load = await coldLoad(browser, base, cookies);
    loads.push(load);
    console.log(line(`run ${run} cold load`, load));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const jumped = [...signIns, ...loads].some((m) => m.paneAtPaint === null || m.paneLater === null || Math.abs(m.paneAtPaint - m.paneLater) > 1);
  console.log(
    `first-moments: runs=${runs} signin_first_paint_ms=${median(signIns.map((m) => m.firstPaintMs))} signin_first_row_ms=${median(signIns.map((m) => m.firstRowMs))} load_first_paint_ms=${median(loads.map((m) => m.firstPaintMs))} load_first_row_ms=${median(loads.map((m) => m.firstRowMs))} pane_jump=${jumped ? "yes" : "no"}`,
  );
}
