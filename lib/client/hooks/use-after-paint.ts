"use client";

import { useEffect, useState } from "react";
import { afterPaintIdle } from "@/lib/client/after-paint";

/**
 * `value`, a frame late: `initial` until the frame that the change of `value` drew is on screen
 * and the browser is idle (lib/client/after-paint), then `value`. For what may follow the main
 * content of an input's answer (a thread's reply box and contact panel follow its messages), so
 * it never holds that frame up (issue 18).
 *
 * Not React's useDeferredValue: its render is a transition, which every other update interrupts
 * and starts again, and React lets a transition wait up to 5 s before it forces it through. On a
 * page that is still loading (answers landing every few milliseconds) the reply box took seconds
 * to come. Here the late render is an ordinary one, in the idle time after the frame. A value that
 * changes again before its frame (j j j) only draws the last.
 */
export function useAfterPaint<T>(value: T, initial: T): T {
  const [shown, setShown] = useState<T>(initial);
  useEffect(() => {
    let current = true;
    void afterPaintIdle().then(() => {
      if (current) setShown(() => value);
    });
    return () => {
      current = false;
    };
  }, [value]);
  return shown;
}
