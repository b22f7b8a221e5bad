/**
 * Where keyboard focus goes when something that held it lets go (a picker opened by a key,
 * Esc in the composer), so Tab and screen-reader users keep their place instead of starting
 * again from the top of the page: the conversation list, whose cursor row is its active
 * descendant, or the open conversation's history.
 */
const LIST = "[data-thread-list]";
const HISTORY = "[data-thread-history]";

/** Focus back on the list where it is on screen, else on the open conversation. */
export function returnFocusToInbox(): void {
  (shown(LIST) ?? shown(HISTORY))?.focus({ preventScroll: true });
}

/** Focus on the open conversation's history (Esc in the composer), else on the list. */
export function returnFocusToThread(): void {
  (shown(HISTORY) ?? shown(LIST))?.focus({ preventScroll: true });
}

function shown(selector: string): HTMLElement | null {
  const element = document.querySelector<HTMLElement>(selector);
  // A pane hidden on a narrow screen has no boxes; focusing it would lose the focus again.
  return element && element.getClientRects().length > 0 ? element : null;
}

/** How long a key pressed just after a thread opened waits for the box it asks for. */
const SHOWN_WAIT_MS = 1_000;

/**
 * Runs `act` with the element of that ID once it is on the page: at the next frame when it is
 * there, else as soon as it comes, for up to a second. The reply box comes a moment after a
 * thread's messages (components/thread/thread-pane), and `j` then `r` pressed in a row must
 * still land in it.
 */
export function whenShown(id: string, act: (element: HTMLElement) => void): void {
  const deadline = performance.now() + SHOWN_WAIT_MS;
  const attempt = () => {
    const element = document.getElementById(id);
    if (element) act(element);
    else if (performance.now() < deadline) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
