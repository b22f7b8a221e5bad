import type { EarlyWindow } from "@/lib/client/early-input";

/**
 * The inline script of lib/client/early-input, apart from what the browser's bundle needs
 * (takeEarlyInput): only the server page sends it, as text.
 */
type Target = { closest?: (selector: string) => { getAttribute(name: string): string | null } | null };
type EarlyEvent = { type: string; target: unknown; key?: string; code?: string; repeat?: boolean; shiftKey?: boolean; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean };
type EventSource = { addEventListener(type: "click" | "keydown", listener: (event: EarlyEvent) => void, capture: boolean): void };

/** Installs the listeners. Self-contained (no imports, no helpers): it is sent to the browser as its source text. */
export function installEarlyInput(doc: EventSource = document, win: EarlyWindow = window as EarlyWindow): void {
  const listener = (event: EarlyEvent) => {
    if (win.__inboxLive || (event.type === "click" && win.__inboxClicksLive)) return;
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
    // Hydrated, a focused control takes its own keys (a button's Enter or Space, a menu's arrows
    // and Escape): those are not the shortcuts' to replay. Any other key waits for the keyboard.
    const controlKey = ["Enter", " ", "Escape", "Tab", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"].includes(key);
    const control = "button, a[href], summary, [role=button], [role=link], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=tab], [role=combobox], [role=switch], [role=checkbox], [role=radio], [role=slider]";
    if (win.__inboxClicksLive && controlKey && target?.closest?.(control)) return;
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

