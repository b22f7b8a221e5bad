/**
 * The inbox arrives as the server's HTML and can be used before React has hydrated it, when a
 * click on a row or a shortcut key would otherwise do nothing. A small inline script
 * (`EARLY_INPUT_SCRIPT`, lib/client/early-input-script, run at once, before the page's scripts)
 * queues what the person did — the rows they clicked and the keys they pressed outside a field —
 * and once the inbox is live it takes the queue (`takeEarlyInput`) and replays it in order (lib/client/hooks/use-early-input).
 * The inbox is live in two steps: hydrated, React has the clicks (`clicksAreLive`); the keyboard's
 * code comes at the first sign of work (components/inbox/inbox-keyboard), and until it is
 * running keys are still queued (but a focused control's own: a button's Enter, a menu's
 * arrows), then pressed again in order.
 * Rows are found by `data-thread-id`, as the list renders them; a click on a row's checkbox
 * (`data-row-check`) selects, so it is not taken as opening. Fields and buttons are disabled
 * until hydrated (components/ui/live-fieldset), so nothing typed into them is lost either.
 */
export type EarlyKey = { kind: "key"; key: string; code: string; shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean; target: unknown };
export type EarlyInput = { kind: "open"; threadId: string } | EarlyKey;

export type EarlyWindow = { __inboxEarly?: EarlyInput[]; __inboxLive?: boolean; __inboxClicksLive?: boolean };

const browserWindow = () => (typeof window === "undefined" ? undefined : (window as EarlyWindow));

/** The page is hydrated: clicks are React's from now on, keys wait for the keyboard. */
export function clicksAreLive(win: EarlyWindow | undefined = browserWindow()): void {
  if (win) win.__inboxClicksLive = true;
}

/** Whether anything done before the inbox was live waits to be replayed. */
export function hasEarlyInput(win: EarlyWindow | undefined = browserWindow()): boolean {
  return (win?.__inboxEarly?.length ?? 0) > 0;
}

/** Marks the inbox live (later input is React's) and answers what came before, once. */
export function takeEarlyInput(win: EarlyWindow | undefined = browserWindow()): EarlyInput[] {
  if (!win) return [];
  win.__inboxLive = true;
  const queue = win.__inboxEarly ?? [];
  delete win.__inboxEarly;
  return queue;
}
