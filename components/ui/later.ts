"use client";

import { useSyncExternalStore } from "react";
import { flushSync } from "react-dom";

import { useConnectionStore } from "@/lib/client/stores/connection";

/**
 * Code a page's first paint shows but no one uses before they move (issue 18: the inbox page's
 * JavaScript): a tooltip's or a menu's popup, with radix's positioning, focus trapping and
 * dismissal (about 30 kB). The page draws its plain trigger; every such module is fetched at the
 * first sign of a person at work (a pointer moving, a key), and each control then draws itself
 * again with the real thing.
 *
 * Drawing again replaces the trigger's element (radix wraps it), so the swap keeps two things a
 * person could be in the middle of: a press (it waits for the pointer to come up, so a click's
 * down and up land on one element) and focus (the element that had it, found again by its
 * `data-later` mark, gets it back in the same task).
 */
export type Later<T> = {
  /** Fetches the module once; later calls answer the same promise. */
  load(): Promise<T>;
  /** What the module gave, once it is here and swapped in; null before (and on the server). */
  useLoaded(): T | null;
};

const everyLoad = new Set<() => Promise<unknown>>();
let atWork = false;

/** Fetches `load`'s module at the first sign of a person at work, or now when that has been seen. */
export function loadAtFirstWork(load: () => Promise<unknown>) {
  if (atWork) void load().catch(() => undefined);
  else everyLoad.add(load);
}

/**
 * A module fetched once, as a store components read: `load()` answers one promise, `useLoaded()`
 * what it gave once it is in (null before, and on the server, so the hydrating render agrees with
 * the HTML). `reveal` brings it in: at once unless told otherwise. A failure is noted for the
 * connection banner, which offers a reload (lib/client/stores/connection: the runtime keeps a
 * failed chunk failed); the next call asks again all the same.
 */
export function loadedOnce<T>(load: () => Promise<T>, reveal: (show: () => void) => void = (show) => show()): Later<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const loadOnce = () =>
    (loading ??= load().then(
      (loaded) => {
        reveal(() => {
          value = loaded;
          listeners.forEach((listener) => listener());
        });
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        useConnectionStore.getState().missedCode();
        throw error;
      },
    ));
  return {
    load: loadOnce,
    useLoaded: () =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => null,
      ),
  };
}

/**
 * A later control's code: fetched at the first sign of work, and swapped in once no press is
 * under way, focus kept. If the fetch fails, the trigger stays as it was and the connection
 * banner offers a reload.
 */
export function later<T>(load: () => Promise<T>): Later<T> {
  const code = loadedOnce(load, (show) => whenReleased(() => swapIn(show)));
  loadAtFirstWork(code.load);
  return code;
}

/** The attribute a later control's trigger carries, so focus finds its new element. */
export const LATER_MARK = "data-later";

function swapIn(show: () => void) {
  const focused = document.activeElement?.closest(`[${LATER_MARK}]`)?.getAttribute(LATER_MARK) ?? null;
  flushSync(show);
  // Only focus that was lost goes back: a menu opening as it lands has taken it on purpose.
  if (focused === null || (document.activeElement !== null && document.activeElement !== document.body)) return;
  document.querySelector<HTMLElement>(`[${LATER_MARK}="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
}

// The first sign of a person at work fetches every later module. While a pointer is pressed, a
// swap waits until it is released and the click that follows has run (a release outside the
// window is seen at the next move with no button down).
let pressed = false;
const waiting: (() => void)[] = [];
if (typeof window !== "undefined") {
  const signs = ["pointermove", "pointerdown", "keydown"] as const;
  const preload = () => {
    signs.forEach((name) => window.removeEventListener(name, preload, true));
    atWork = true;
    everyLoad.forEach((load) => void load().catch(() => undefined));
    everyLoad.clear();
  };
  signs.forEach((name) => window.addEventListener(name, preload, { capture: true, passive: true }));

  const release = () => {
    pressed = false;
    if (waiting.length > 0) setTimeout(() => waiting.splice(0).forEach((run) => run()), 0);
  };
  const options = { capture: true, passive: true } as const;
  window.addEventListener("pointerdown", () => (pressed = true), options);
  window.addEventListener("pointerup", release, options);
  window.addEventListener("pointercancel", release, options);
  window.addEventListener("pointermove", (event) => pressed && event.buttons === 0 && release(), options);
}

function whenReleased(run: () => void) {
  if (pressed) waiting.push(run);
  else run();
}
