"use client";

import { useEffect, useRef, useState } from "react";
import type { Thread } from "@/lib/api/threads";
import { takeEarlyInput, type EarlyInput, type EarlyKey } from "@/lib/client/early-input";

/** How long a row clicked before the page was live may take to reach the list before the click is dropped. */
const OPEN_WAIT_MS = 5_000;

/**
 * Replays, once the inbox is live, what the person did before (lib/client/early-input): in
 * order, one at a time, each once React has committed the one before (a `j` then `Enter` opens
 * the row the `j` moved to). A row clicked early opens as soon as the list holds it.
 */
export function useEarlyInput({ rows, open }: { rows: Thread[]; open: (thread: Thread) => void }): void {
  const queue = useRef<EarlyInput[] | null>(null);
  // Bumped after each step: the render it causes runs the next one, after the step's own updates.
  const [step, setStep] = useState(0);
  const waiting = useRef<{ since?: number; timer?: ReturnType<typeof setTimeout> }>({});

  useEffect(() => {
    // Taken when the inbox first runs: from then on its own handlers have the input.
    queue.current ??= takeEarlyInput();
    const next = queue.current[0];
    if (!next) return;
    if (next.kind === "open") {
      const row = rows.find((r) => r.id === next.threadId);
      const since = (waiting.current.since ??= Date.now());
      clearTimeout(waiting.current.timer);
      if (!row && Date.now() - since < OPEN_WAIT_MS) {
        // Waits for the list to hold it (new rows run this again), but not forever: the keys after it wait too.
        waiting.current.timer = setTimeout(() => setStep((s) => s + 1), OPEN_WAIT_MS - (Date.now() - since));
        return;
      }
      waiting.current.since = undefined;
      queue.current.shift();
      if (row) open(row);
    } else {
      queue.current.shift();
      pressAgain(next);
    }
    setStep((s) => s + 1);
  }, [rows, open, step]);

  useEffect(() => {
    const current = waiting.current;
    return () => clearTimeout(current.timer);
  }, []);
}

/** A key pressed early, pressed again where it was (the same element, hydrated in place), else on the page. */
function pressAgain(press: EarlyKey) {
  const target = press.target instanceof Element && press.target.isConnected ? press.target : document.body;
  const init = { key: press.key, code: press.code, shiftKey: press.shiftKey, ctrlKey: press.ctrlKey, altKey: press.altKey, metaKey: press.metaKey, bubbles: true, cancelable: true };
  target.dispatchEvent(new KeyboardEvent("keydown", init));
  target.dispatchEvent(new KeyboardEvent("keyup", init));
}
