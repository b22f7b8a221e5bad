/**
 * The inbox arrives as the server's HTML and can be used before React has hydrated it, when a
 * click on a row or a shortcut key would otherwise do nothing. A small inline script
 * (`EARLY_INPUT_SCRIPT`, run at once, before the page's scripts) queues what the person did —
 * the rows they clicked and the keys they pressed outside a field — and once the inbox is live it
 * takes the queue (`takeEarlyInput`) and replays it in order (lib/client/hooks/use-early-input).
 * Rows are found by `data-thread-id`, as the list renders them; a click on a row's checkbox
 * (`data-row-check`) selects, so it is not taken as opening. Fields and buttons are disabled
 * until hydrated (components/ui/live-fieldset), so nothing typed into them is lost either.
 */
export type EarlyKey = { kind: "key"; key: string; code: string; shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean; target: unknown };
export type EarlyInput = { kind: "open"; threadId: string } | EarlyKey;

type EarlyWindow = { __inboxEarly?: EarlyInput[]; __inboxLive?: boolean };
type Target = { closest?: (selector: string) => { getAttribute(name: string): string | null } | null };
type EarlyEvent = { type: string; target: unknown; key?: string; code?: string; repeat?: boolean; shiftKey?: boolean; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean };
type EventSource = { addEventListener(type: "click" | "keydown", listener: (event: EarlyEvent) => void, capture: boolean): void };

/** Installs the listeners. Self-contained (no imports, no helpers): it is sent to the browser as its source text. */
export function installEarlyInput(doc: EventSource = document, win: EarlyWindow = window as EarlyWindow): void {
  const listener = (event: EarlyEvent) => {
    if (win.__inboxLive) return;
    const queue = (win.__inboxEarly ??= []);
    const target = event.target as Target | null;
    if (event.type === "click") {
      const row = target?.closest?.("[data-thread-id]");
      const threadId = row && !target?.closest?.("[data-row-check]") ? row.getAttribute("data-thread-id") : null;
      if (threadId) queue.push({ kind: "open", threadId });
      return;
    }
    const key = event.key ?? "";
    // A modifier alone is not a press (Shift held for `?`), and a held key is one press.
    if (event.repeat || ["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", ""].includes(key)) return;
    if (target?.closest?.("input, textarea, select, [contenteditable]")) return;
    queue.push({
      kind: "key",
      key,
      code: event.code ?? "",
      shiftKey: Boolean(event.shiftKey),
      ctrlKey: Boolean(event.ctrlKey),
      altKey: Boolean(event.altKey),
      metaKey: Boolean(event.metaKey),
      target: event.target,
    });
  };
  doc.addEventListener("click", listener, true);
  doc.addEventListener("keydown", listener, true);
}

export const EARLY_INPUT_SCRIPT = `(${installEarlyInput.toString()})()`;

/** Marks the inbox live (later input is React's) and answers what came before, once. */
export function takeEarlyInput(win: EarlyWindow | undefined = typeof window === "undefined" ? undefined : (window as EarlyWindow)): EarlyInput[] {
  if (!win) return [];
  win.__inboxLive = true;
  const queue = win.__inboxEarly ?? [];
  delete win.__inboxEarly;
  return queue;
}
