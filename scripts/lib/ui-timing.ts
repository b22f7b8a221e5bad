import type { Page } from "@playwright/test";

/**
 * Interaction timing in the page itself, for `npm run bench:ui`: from the input event to the
 * first rendered frame that shows its result, without Playwright's polling in the figure.
 *
 * The script is armed with what to wait for, then the input is made. A capture listener on
 * `pointerdown`/`keydown` stamps `performance.now()` as the input arrives; a MutationObserver
 * re-checks the expectation at every DOM change after it, and once it holds, the end is
 * stamped after that frame has been rendered (the next animation frame, then a task: style,
 * layout and paint of the frame are in the figure). Playwright only waits for the end stamp.
 *
 * Expectations, read from the app's DOM (no test IDs):
 * - `thread`: the history (`[data-thread-history]`) is a new element (History is keyed by the
 *   thread, so a different thread mounts a new one) holding messages, with no skeleton;
 * - `view`: the list (`[data-thread-list]`) is labelled for another view than at arming and has rows;
 * - `rows`: the list's first row is another thread than at arming, with no loading skeleton;
 * - `text`: the history holds the given text (a reply's pending copy counts).
 */
export type Expectation = "thread" | "view" | "rows" | "text";

// A string, not a function: tsx would name inner functions with a helper the page lacks.
export const UI_TIMING_SCRIPT = `(() => {
  const state = { armed: null };
  window.__uiBench = state;
  const history = () => document.querySelector("[data-thread-history]");
  const list = () => document.querySelector("[data-thread-list]");
  const firstRow = () => list()?.querySelector('[role="option"][data-index="0"]')?.getAttribute("data-thread-id") ?? null;
  const loading = (label) => document.querySelector('[aria-label="' + label + '"]') !== null;
  const checks = {
    thread: (a) => { const log = history(); return !!log && log !== a.log && !!log.querySelector("[data-message-id]") && !loading("Loading messages"); },
    view: (a) => { const l = list(); return !!l && l.getAttribute("aria-label") !== a.label && !!l.querySelector('[role="option"]'); },
    rows: (a) => { const first = firstRow(); return first !== null && first !== a.first && !loading("Loading conversations"); },
    text: (a) => { const log = history(); return !!log && (log.textContent ?? "").includes(a.arg); },
  };
  state.arm = (kind, trigger, arg) => {
    state.armed = { kind, trigger, arg, log: history(), label: list()?.getAttribute("aria-label") ?? null, first: firstRow(), start: null, seen: false, end: null };
  };
  const check = () => {
    const a = state.armed;
    if (!a || a.start === null || a.seen || !checks[a.kind](a)) return;
    a.seen = true;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { a.end = performance.now(); };
      channel.port2.postMessage(0);
    });
  };
  const onInput = (event) => {
    const a = state.armed;
    if (!a || a.start !== null || a.trigger !== event.type) return;
    if (event.type === "keydown" && event.key !== a.arg && a.kind !== "text") return;
    if (a.kind === "text" && event.key !== "Enter") return;
    a.start = performance.now();
    check();
  };
  // The main thread's long tasks (over 50 ms), for the breakdown: how much of the wait was the page's own work.
  const tasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]); }).observe({ type: "longtask" });
  state.longTasks = (from, to) => tasks.filter(([s, d]) => s + d > from && s < to).map(([s, d]) => Math.min(s + d, to) - Math.max(s, from));
  window.addEventListener("pointerdown", onInput, true);
  window.addEventListener("keydown", onInput, true);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

type Armed = { start: number | null; end: number | null };

/**
 * Arms the page, makes the input with `act`, and answers the time from input to rendered result.
 * `arg` is the key for a `keydown` (`j`), or the text for `text`.
 */
export async function timed(page: Page, kind: Expectation, trigger: "pointerdown" | "keydown", act: () => Promise<unknown>, arg?: string): Promise<{ ms: number; at: number; longTasks: number[] }> {
  await page.evaluate(([k, t, a]) => (window as unknown as { __uiBench: { arm(...args: unknown[]): void } }).__uiBench.arm(k, t, a), [kind, trigger, arg] as const);
  await act();
  await page.waitForFunction(() => (window as unknown as { __uiBench: { armed: Armed } }).__uiBench.armed.end !== null, null, { timeout: 30_000 });
  const armed = await page.evaluate(() => {
    const bench = (window as unknown as { __uiBench: { armed: Armed; longTasks(from: number, to: number): number[] } }).__uiBench;
    const { start, end } = bench.armed;
    return { start, end, origin: performance.timeOrigin, longTasks: bench.longTasks(start!, end!) };
  });
  // `at`: the input's wall-clock time, to line the network's timings up with it.
  return { ms: armed.end! - armed.start!, at: armed.origin + armed.start!, longTasks: armed.longTasks };
}

export { percentile } from "./percentile";
