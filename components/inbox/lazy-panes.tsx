"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";

import { SidebarSkeleton } from "@/components/contact/sidebar-skeleton";
import type { SnoozeDialog as SnoozeDialogNow } from "@/components/snooze/snooze-dialog";
import { ThreadSkeleton } from "@/components/thread/thread-skeleton";
import type { Thread } from "@/lib/api/threads";
import { useBulkStore } from "@/lib/client/stores/bulk";
import { useViewSelection } from "@/lib/client/stores/selection";
import { useUiStore } from "@/lib/client/stores/ui";

import type { BulkBar as BulkBarNow } from "./bulk-bar";

/**
 * What the inbox's first view does not show, loaded when it is first needed (issue 18: the
 * inbox page's JavaScript). The open conversation and the contact panel show their own loading
 * skeleton while their code arrives, so nothing moves when it lands; the pickers, the snooze
 * dialog, the shortcut sheet and the bulk bar mount on their first opening, and open as their code lands
 * (the store already says they are open, so the key that asked is not lost).
 */
const loadThreadPane = () => import("@/components/thread/thread-pane");
const loadContactSidebar = () => import("@/components/contact/contact-sidebar");

export const ThreadPane = dynamic(() => loadThreadPane().then((m) => m.ThreadPane), { ssr: false, loading: () => <ThreadSkeleton /> });
export const ContactSidebar = dynamic(() => loadContactSidebar().then((m) => m.ContactSidebar), { ssr: false, loading: () => <SidebarSkeleton /> });

const ThreadPickersNow = dynamic(() => import("./thread-pickers").then((m) => m.ThreadPickers), { ssr: false });
const SnoozeDialogLater = dynamic(() => import("@/components/snooze/snooze-dialog").then((m) => m.SnoozeDialog), { ssr: false });
const BulkBarLater = dynamic(() => import("./bulk-bar").then((m) => m.BulkBar), { ssr: false });
const ShortcutSheetNow = dynamic(() => import("./shortcut-sheet").then((m) => m.ShortcutSheet), { ssr: false });

/** Assign, tag and status (`a`, `t`, `s`), from their first opening on. */
export function ThreadPickers({ thread }: { thread: Thread | null }) {
  const picker = useUiStore((s) => s.picker);
  return useOpenedOnce(picker !== null && picker !== "snooze") ? <ThreadPickersNow thread={thread} /> : null;
}

/** The snooze dialog (`z`), from its first opening on. */
export function SnoozeDialog(props: Parameters<typeof SnoozeDialogNow>[0]) {
  const picker = useUiStore((s) => s.picker);
  return useOpenedOnce(picker === "snooze") ? <SnoozeDialogLater {...props} /> : null;
}

/** Every shortcut (`?`), from its first opening on. */
export function ShortcutSheet() {
  const open = useUiStore((s) => s.shortcutsOpen);
  return useOpenedOnce(open) ? <ShortcutSheetNow /> : null;
}

/** The bulk actions (./bulk-bar), from the first selection on. */
export function BulkBar(props: Parameters<typeof BulkBarNow>[0]) {
  const { selection, everything } = useViewSelection(props.viewKey);
  const run = useBulkStore((s) => s.run);
  return useOpenedOnce(selection.ids.size > 0 || everything.state !== "off" || run !== null) ? <BulkBarLater {...props} /> : null;
}

/**
 * Fetches the conversation's and the contact's code at the first sign of a person at work (a
 * pointer moving, a key), so opening a first conversation does not wait for it, while
 * the page's first load stays without it.
 */
export function usePreloadPanes() {
  useEffect(() => {
    const events = ["pointermove", "pointerdown", "keydown"] as const;
    const preload = () => {
      events.forEach((name) => window.removeEventListener(name, preload, true));
      void loadThreadPane();
      void loadContactSidebar();
    };
    events.forEach((name) => window.addEventListener(name, preload, { capture: true, passive: true }));
    return () => events.forEach((name) => window.removeEventListener(name, preload, true));
  }, []);
}

/** True from the first time `open` is, so a dialog's code loads when it is first asked for and it then stays mounted (closing animates). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
