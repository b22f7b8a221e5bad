"use client";

import type { ReactNode } from "react";
import { Panel, PanelGroup, PanelResizeHandle } from "react-resizable-panels";

import { usePaneLayouts } from "@/lib/client/inbox-layout";

import { ConnectionBanner } from "./connection-banner";

type PaneId = "list" | "thread" | "contact";

/** Each pane's bounds, in percent of the row the panes share. */
const PANE_BOUNDS: Record<PaneId, { minSize: number; maxSize?: number }> = {
  list: { minSize: 24, maxSize: 55 },
  thread: { minSize: 30 },
  contact: { minSize: 18, maxSize: 40 },
};

/**
 * Sizes before any are saved, whole: the server then writes every panel's share into its HTML
 * (a size left to the browser would be settled only once scripts run, and the pane would jump).
 */
const DEFAULT_PANES: Record<string, Record<string, number>> = {
  "list,thread": { list: 36, thread: 64 },
  "list,thread,contact": { list: 36, thread: 38, contact: 26 },
};

const SEPARATOR = "w-px bg-border outline-none data-[resize-handle-state=drag]:bg-ring data-[resize-handle-state=hover]:bg-ring/60 focus-visible:bg-ring";

/** The desktop's panes side by side — the list, the open conversation, the contact — each resizable, with the navigation before them. */
export function DesktopLayout({ nav, list, thread, contact }: { nav: ReactNode; list: ReactNode; thread: ReactNode; contact: ReactNode }) {
  const panelIds: PaneId[] = contact ? ["list", "thread", "contact"] : ["list", "thread"];
  const layouts = usePaneLayouts();
  const sizes = layouts.sizesOf(panelIds) ?? DEFAULT_PANES[panelIds.join(",")]!;
  return (
    <div className="flex h-dvh flex-col">
      <ConnectionBanner />
      <div className="flex min-h-0 flex-1">
        <aside className="w-60 shrink-0 border-r">{nav}</aside>
        {/* Each pane's default is its saved share, which the server writes into the HTML as the pane's flex. */}
        <PanelGroup direction="horizontal" id="inbox-panes" className="min-w-0 flex-1" onLayout={(layout) => layouts.changed(panelIds, layout)}>
          <Panel id="list" order={1} defaultSize={sizes.list} {...PANE_BOUNDS.list}>
            {list}
          </Panel>
          <PanelResizeHandle className={SEPARATOR} {...separatorValues(panelIds, 0, sizes)} />
          <Panel id="thread" order={2} defaultSize={sizes.thread} {...PANE_BOUNDS.thread}>
            <main className="h-full min-w-0">{thread}</main>
          </Panel>
          {contact ? (
            <>
              <PanelResizeHandle className={SEPARATOR} {...separatorValues(panelIds, 1, sizes)} />
              <Panel id="contact" order={3} defaultSize={sizes.contact} {...PANE_BOUNDS.contact}>
                <aside aria-label="Contact" className="h-full min-w-0">
                  {contact}
                </aside>
              </Panel>
            </>
          ) : null}
        </PanelGroup>
      </div>
      {/* The browser paints a long page while it still parses it: the panes wait for each other, or
          the list would fill the row alone for a frame until the panes after it arrive. */}
      <link rel="expect" href={`#${PANES_END}`} blocking="render" />
      <span id={PANES_END} hidden />
    </div>
  );
}

const PANES_END = "inbox-panes-end";

/**
 * A separator's value (the size of the pane before it) and bounds, in the server's HTML too:
 * react-resizable-panels writes them only once scripts run, and a focusable separator without
 * them is an incomplete control until then. The same sums as the library's, which then keeps them.
 */
export function separatorValues(panelIds: PaneId[], index: number, sizes: Record<string, number>) {
  const before = PANE_BOUNDS[panelIds[index]!];
  const others = panelIds.filter((_, i) => i !== index).map((id) => PANE_BOUNDS[id]);
  const othersMin = others.reduce((sum, bounds) => sum + bounds.minSize, 0);
  const othersMax = others.reduce((sum, bounds) => sum + (bounds.maxSize ?? 100), 0);
  return {
    "aria-controls": panelIds[index],
    "aria-valuenow": Math.round(sizes[panelIds[index]!] ?? 0),
    "aria-valuemin": Math.round(Math.max(before.minSize, 100 - othersMax)),
    "aria-valuemax": Math.round(Math.min(before.maxSize ?? 100, 100 - othersMin)),
  };
}
