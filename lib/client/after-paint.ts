/**
 * Requests start after the frame that answers a person's input is on screen. A `fetch()` call
 * costs the main thread 1–6 ms in Chromium before it returns (measured on the 2-core machines we
 * bench on; a POST with a body the most), and the requests a thread open makes — its reads, the
 * read mark, the presence beat — are started by React's effects, which run inside the click's
 * own task: half a dozen of them put 20–30 ms between the click and the messages (issue 18).
 * The network is not slower for it: the answer could not have been drawn before that frame.
 */

/** The longest a request waits for a frame: a tab in the background draws none. */
const FRAME_WAIT_MS = 100;

/** What waits for the frame: started at once should the page go away first (a reload, a closed tab). */
const waiting = new Set<() => void>();
let watchingLeave = false;

/** Resolves once the browser has drawn the next frame (a task after it), or after 100 ms without one. */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== "function" || document.visibilityState !== "visible") {
      setTimeout(resolve, 0);
      return;
    }
    if (!watchingLeave) {
      watchingLeave = true;
      window.addEventListener("pagehide", () => [...waiting].forEach((start) => start()));
    }
    const finish = () => {
      if (!waiting.delete(finish)) return;
      clearTimeout(fallback);
      resolve();
    };
    waiting.add(finish);
    const fallback = setTimeout(finish, FRAME_WAIT_MS);
    // The frame callback runs before the paint; a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(finish, 0));
  });
}

/**
 * Resolves once the next frame is drawn and the browser has nothing more pressing to do (an idle
 * period, within 100 ms): for rendering what may follow an input's answer, so it neither holds
 * that frame up nor takes the turn of the tasks queued behind it (the next key, an answer).
 * Safari has no idle callbacks: there, the task after the frame.
 */
export async function afterPaintIdle(): Promise<void> {
  await afterPaint();
  if (typeof requestIdleCallback !== "function") return;
  await new Promise((resolve) => requestIdleCallback(resolve, { timeout: FRAME_WAIT_MS }));
}

/** The events of a person's input: a request made while one is handled waits for its frame. */
const INPUT_EVENTS = new Set(["click", "keydown", "keyup", "pointerdown", "pointerup", "mousedown", "mouseup", "touchend", "input", "change", "submit"]);

/**
 * Whether the code running now handles a person's input: `window.event` is the event being
 * dispatched (React reads it the same way to give an update its priority). Effects of the render
 * an input caused run inside that dispatch too.
 */
function answeringInput(): boolean {
  const event = typeof window !== "undefined" ? window.event : undefined;
  return event !== undefined && INPUT_EVENTS.has(event.type);
}

/**
 * The browser's `fetch`, started after the next frame when it is made while an input is handled;
 * at once otherwise (a page loading, an answer landing, a timer: nothing on screen waits for
 * that frame, and on a loading page frames are few), in a hidden tab, and for those still
 * waiting when the page goes.
 */
export async function paintFirstFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (typeof document !== "undefined" && document.visibilityState === "visible" && answeringInput()) await afterPaint();
  return fetch(input, init);
}
