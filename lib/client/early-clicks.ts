/**
 * The inbox's rows arrive in the server's HTML and can be clicked before React has hydrated
 * them, when a click would otherwise do nothing. A small inline script (`EARLY_CLICKS_SCRIPT`,
 * run at once, before the page's scripts) remembers the row clicked last; once the inbox is live
 * it opens that row (`takeEarlyOpen`). Rows are found by `data-thread-id`, as the list renders
 * them; a click on a row's checkbox (`data-row-check`) selects, so it is not taken as opening.
 */
type EarlyWindow = { __inboxEarlyOpen?: string; __inboxLive?: boolean };
type ClickTarget = { closest?: (selector: string) => { getAttribute(name: string): string | null } | null };
type ClickSource = { addEventListener(type: "click", listener: (event: { target: unknown }) => void, capture: boolean): void };

/** Installs the listener. Self-contained: it is sent to the browser as its source text. */
export function installEarlyClicks(doc: ClickSource = document, win: EarlyWindow = window as EarlyWindow): void {
  doc.addEventListener(
    "click",
    (event) => {
      if (win.__inboxLive) return;
      const target = event.target as ClickTarget | null;
      const row = target?.closest?.("[data-thread-id]");
      if (row && !target?.closest?.("[data-row-check]")) win.__inboxEarlyOpen = row.getAttribute("data-thread-id") ?? undefined;
    },
    true,
  );
}

export const EARLY_CLICKS_SCRIPT = `(${installEarlyClicks.toString()})()`;

/** Marks the inbox live (later clicks are React's) and answers the row clicked before, once. */
export function takeEarlyOpen(win: EarlyWindow | undefined = typeof window === "undefined" ? undefined : (window as EarlyWindow)): string | null {
  if (!win) return null;
  win.__inboxLive = true;
  const id = win.__inboxEarlyOpen ?? null;
  delete win.__inboxEarlyOpen;
  return id;
}
