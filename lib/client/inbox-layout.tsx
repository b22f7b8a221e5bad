"use client";

import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";

import { PHONE_QUERY, useMediaQuery } from "@/lib/client/hooks/use-media-query";
import { browserLayout, paneLayouts, saveInboxLayout, type InboxLayout } from "@/lib/client/layout-cookie";
import { useUiStore } from "@/lib/client/stores/ui";

/**
 * The layout the server rendered the inbox with (lib/client/layout-cookie), handed down by the
 * page so that the hydrating render draws the same panes, then follows the browser.
 */
type ServerLayout = { layout: InboxLayout; phone: boolean };

const LayoutContext = createContext<ServerLayout | null>(null);

export function InboxLayoutProvider({ layout, phone, children }: ServerLayout & { children: ReactNode }) {
  const value = useMemo(() => ({ layout, phone }), [layout, phone]);
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

function useServerLayout(): ServerLayout {
  const value = useContext(LayoutContext);
  if (!value) throw new Error("useServerLayout outside InboxLayoutProvider");
  return value;
}

/** Phone (one pane at a time) or desktop: the server's pick first, the viewport's once hydrated. */
export function useIsPhone(): boolean {
  const { layout, phone: guess } = useServerLayout();
  const phone = useMediaQuery(PHONE_QUERY, guess);
  // Remembered for the next first paint, which then needs no guess.
  useEffect(() => {
    if (layout.phone !== phone) saveInboxLayout({ phone });
  }, [layout.phone, phone]);
  return phone;
}

/** Whether the contact panel shows beside an open thread (the ui store, kept in the cookie). */
export function useContactPanelOpen(): boolean {
  const { layout } = useServerLayout();
  return useSyncExternalStore(
    useUiStore.subscribe,
    () => useUiStore.getState().contactPanelOpen,
    () => layout.contactPanel,
  );
}

/**
 * The zone the inbox's times are written in: the cookie's (UTC if none) while hydrating, as the
 * server wrote them, the browser's own after — the same zone once the cookie has been saved.
 */
export function useTimeZone(): string {
  const { layout } = useServerLayout();
  return useSyncExternalStore(noChanges, browserTimeZone, () => layout.timeZone ?? "UTC");
}

/** Saves the browser's zone for the server's next render; any App Router page of ours does it (the login page's script first, lib/client/login-script). */
export function useRememberTimeZone(): void {
  useEffect(() => {
    const timeZone = browserTimeZone();
    if (browserLayout().timeZone !== timeZone) saveInboxLayout({ timeZone });
  }, []);
}

/** The pane groups' saved sizes (lib/client/layout-cookie `paneLayouts`): the cookie, seeded with what the server read. */
export function usePaneLayouts() {
  const { layout } = useServerLayout();
  return useMemo(() => paneLayouts(layout.panes), [layout.panes]);
}

// The browser's zone does not change while a page is open (as far as pages are told), and reading
// it makes a DateTimeFormat each time: every row's time read it on every render of a thread open.
let zone: string | undefined;
function browserTimeZone(): string {
  return (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
}

function noChanges(): () => void {
  return () => {};
}
