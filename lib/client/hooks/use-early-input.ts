"use client";

import { useEffect, useRef } from "react";
import type { Thread } from "@/lib/api/threads";
import { takeEarlyInput, type EarlyInput, type EarlyKey } from "@/lib/client/early-input";

/** How long a row clicked before the page was live may take to reach the list before the click is dropped. */
const OPEN_WAIT_MS = 5_000;

/**
 * Replays, once the inbox is live, what the person did before (lib/client/early-input): in
 * order, one at a time, each after React has rendered the one before (a `j` then `Enter` opens
 * the row the `j` moved to). A row clicked early opens as soon as the list holds it.
 */
export function useEarlyInput({ rows, open }: { rows: Thread[]; open: (thread: Thread) => void }): void {
  const queue = useRef<EarlyInput[] | null>(null);
  const latest = useRef({ rows, open });
  // The replay's timer: the next step's, or the deadline of a row being waited for (`since`).
  const step = useRef<{ timer?: ReturnType<typeof setTimeout>; since?: number }>({});

  useEffect(() => {
    latest.current = { rows, open };
    // Taken when the inbox first runs: from then on its own handlers have the input.
    queue.current ??= takeEarlyInput();
    const replay = () => {
      step.current.timer = undefined;
      const next = queue.current?.[0];
      if (!next) return;
      if (next.kind === "open") {
        const row = latest.current.rows.find((r) => r.id === next.threadId);
        const since = (step.current.since ??= Date.now());
        if (!row && Date.now() - since < OPEN_WAIT_MS) {
          // Waits for the list to hold it (new rows run this again), but not forever: the keys after it wait too.
          step.current.timer = setTimeout(replay, OPEN_WAIT_MS - (Date.now() - since));
          return;
        }
        step.current.since = undefined;
        queue.current!.shift();
        if (row) latest.current.open(row);
      } else {
        queue.current!.shift();
        pressAgain(next);
      }
      // The next one after React has rendered this one.
      step.current.timer = setTimeout(replay, 0);
    };
    if (!queue.current.length) return;
    // A row waited for may be here now; a step already due runs as planned.
    if (step.current.timer === undefined || step.current.since !== undefined) {
      clearTimeout(step.current.timer);
      replay();
    }
  }, [rows, open]);

  useEffect(() => {
    const current = step.current;
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
