"use client";

import { cloneElement, createElement, useId, useState, type ComponentType, type KeyboardEvent, type PointerEvent, type ReactElement } from "react";

import { LATER_MARK, type Later } from "./later";

/** What a later menu's module is given: the trigger to wrap, and whether it opens as it mounts. */
export type LaterMenuProps = { trigger: ReactElement<Record<string, unknown>>; defaultOpen: boolean };

const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * A menu on the page's first paint whose code (radix's dropdown) comes later (./later): its
 * trigger at once, marked as radix marks a closed menu's; a press, or Enter, Space or ↓, before
 * the code is here fetches it, and the menu opens as it lands, so no one's first try is lost.
 */
export function LaterMenu<P extends object>({ menu, props, trigger }: { menu: Later<ComponentType<P & LaterMenuProps>>; props: P; trigger: ReactElement<Record<string, unknown>> }) {
  const Menu = menu.useLoaded();
  const mark = { [LATER_MARK]: useId() };
  const [asked, setAsked] = useState(false);
  // createElement: the component is the module's, one for the page's life; in JSX the lint takes it for one made while drawing.
  if (Menu) return createElement(Menu, { ...props, trigger: cloneElement(trigger, mark), defaultOpen: asked });
  const ask = () => {
    setAsked(true);
    menu.load().catch(() => setAsked(false));
  };
  return cloneElement(trigger, {
    ...mark,
    "aria-haspopup": "menu",
    "aria-expanded": false,
    "data-state": "closed",
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) ask();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      ask();
    },
  });
}
