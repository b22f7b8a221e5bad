"use client";

import { cloneElement, createElement, useId, type FocusEvent, type ReactElement, type ReactNode } from "react";

import { later, LATER_MARK } from "./later";

const tooltip = later(() => import("./hint-tooltip").then((m) => m.HintTooltip));

export type HintProps = {
  label: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  className?: string;
  /** One element that takes a ref and focus (a button, a link). */
  children: ReactElement<Record<string, unknown>>;
};

/**
 * A tooltip on a control the page's first paint shows: the control at once, its tooltip from
 * when the tooltip's code is here (./later: fetched at the first pointer move or key). Controls
 * drawn later (the conversation, settings) use ./tooltip directly.
 */
export function Hint({ children, ...tip }: HintProps) {
  const Tooltip = tooltip.useLoaded();
  const own = children.props.onFocus as ((event: FocusEvent) => void) | undefined;
  const trigger = cloneElement(children, {
    [LATER_MARK]: useId(),
    // Focus that came with no key (a screen reader, a script) asks for the code too; the control
    // keeps focus through the swap, and the tooltip shows as it would have.
    onFocus: (event: FocusEvent) => {
      own?.(event);
      tooltip.load().catch(() => undefined);
    },
  });
  // createElement: the component is the module's, one for the page's life; in JSX the lint takes it for one made while drawing.
  return Tooltip ? createElement(Tooltip, tip, trigger) : trigger;
}
