/**
 * `npm run bench:leads [-- --scale N --rows N --port N]`: a list's leads table at scale, in
 * Chromium, against a production build (run `npm run build` first), as `bench:list` measures the
 * thread list. The demo seeds ten leads per conversation into its big list, up to 100,000
 * (lib/sandbox/seed/outreach bigListSize): the default scale of 10,000 gives 100,000 leads.
 *
 * It opens the list once to warm the server and the browser's code, then again to time the
 * first rows (warm), and scrolls the table a step per frame through `--rows` leads (default
 * 10,000: a hundred pages of 100, each read as the end comes near), reporting the page's own
 * main-thread work per frame (script, layout, style), frame times against the idle frame rate,
 * the most row elements the DOM held (virtualization keeps it flat), and the JS heap. Targets:
 * first rows under 1 s warm, the page's work under 10 ms a frame, rows in the DOM bounded. The
 * last line is machine-readable.
 */
import { parseArgs } from "node:util";
import { launchChromium } from "./lib/chromium.mjs";
import { idleFrames, percentile, signIn, startDemoServer } from "./lib/demo-server";

const { values } = parseArgs({ options: { scale: { type: "string", default: "10000" }, rows: { type: "string", default: "10000" }, port: { type: "string", default: "3211" } } });
const scale = Number(values.scale);
const target = Number(values.rows);

const started = performance.now();
const { base, stop } = await startDemoServer({ port: Number(values.port), dataDir: ".data/bench-leads", scale });
try {
  console.log(`serving the demo at scale ${scale} after ${((performance.now() - started) / 1000).toFixed(1)} s (seed and start)`);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, base);
  const lists = (await (await page.request.get(`${base}/api/v2/lists?limit=100`)).json()) as { data: { id: string; name: string; profilesCount: number }[] };
  const big = lists.data.reduce((a, b) => (b.profilesCount > a.profilesCount ? b : a));
  console.log(`list "${big.name}": ${big.profilesCount} leads`);

  const grid = page.getByRole("grid", { name: "Leads" });
  const firstRow = grid.locator('[role="row"][data-lead-id]').first();
  // Cold: the route's code and the server's first read of the list. Then warm, from another page.
  const coldStart = performance.now();
  await page.goto(`${base}/outreach/lists/${big.id}`);
  await firstRow.waitFor();
  const coldMs = performance.now() - coldStart;
  await page.goto(`${base}/outreach/lists`);
  await page.getByRole("link", { name: big.name }).waitFor();
  const warmStart = performance.now();
  await page.getByRole("link", { name: big.name }).click();
  await firstRow.waitFor();
  const warmMs = performance.now() - warmStart;

  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const metrics = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
  const before = await metrics();

  const idle = await idleFrames(page);
  const scroller = page.locator("[data-leads-scroll]");
  const result = await scroller.evaluate(async (element, targetRows) => {
    const frames: number[] = [];
    let maxRows = 0;
    let reached = 0;
    let last = performance.now();
    const begun = last;
    while (performance.now() - begun < 300_000) {
      await new Promise(requestAnimationFrame);
      const now = performance.now();
      frames.push(now - last);
      last = now;
      const mounted = element.querySelectorAll('[role="row"][data-lead-id]');
      maxRows = Math.max(maxRows, mounted.length);
      reached = Math.max(reached, Number(mounted[mounted.length - 1]?.getAttribute("data-index") ?? 0) + 1);
      if (reached >= targetRows) break;
      // About 18,000 px/s at 60 Hz, as bench:list scrolls: a fast flick, sustained.
      element.scrollTop += 300;
    }
    const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
    return { frames, maxRows, reached, ms: performance.now() - begun, heap: memory?.usedJSHeapSize ?? 0 };
  }, target);

  const after = await metrics();
  const spent = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  const perFrame = (name: string) => (spent(name) / result.frames.length).toFixed(1);
  const ownWork = ((spent("ScriptDuration") + spent("LayoutDuration") + spent("RecalcStyleDuration")) / result.frames.length).toFixed(1);
  const long = result.frames.filter((f) => f > 50).length;
  console.log(`first rows after ${coldMs.toFixed(0)} ms cold, ${warmMs.toFixed(0)} ms warm (from the lists page)`);
  console.log(`main thread per frame: script ${perFrame("ScriptDuration")} ms, layout ${perFrame("LayoutDuration")} ms, style ${perFrame("RecalcStyleDuration")} ms, all tasks ${perFrame("TaskDuration")} ms`);
  console.log(`idle frame p50 ${percentile(idle, 50).toFixed(1)} ms, p95 ${percentile(idle, 95).toFixed(1)} ms (this browser with nothing to draw)`);
  console.log(`scrolled ${result.reached} leads in ${(result.ms / 1000).toFixed(1)} s over ${result.frames.length} frames; frame p50 ${percentile(result.frames, 50).toFixed(1)} ms, p95 ${percentile(result.frames, 95).toFixed(1)} ms; ${long} frames over 50 ms`);
  console.log(`row elements in the DOM at most: ${result.maxRows}; JS heap at the end: ${(result.heap / 1048576).toFixed(0)} MB`);
  console.log(
    `leads-bench: leads=${big.profilesCount} first_rows_warm_ms=${warmMs.toFixed(0)} first_rows_cold_ms=${coldMs.toFixed(0)} page_work_ms_per_frame=${ownWork} idle_frame_p95_ms=${percentile(idle, 95).toFixed(1)} frame_p95_ms=${percentile(result.frames, 95).toFixed(1)} long_frames=${long} max_dom_rows=${result.maxRows} scrolled_rows=${result.reached} heap_mb=${(result.heap / 1048576).toFixed(0)} scroll_s=${(result.ms / 1000).toFixed(1)}`,
  );
  await browser.close();
} finally {
  stop();
}
