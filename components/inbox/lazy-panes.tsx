"use client";

import { createElement, memo, useEffect, useState, type ComponentType } from "react";

import { MentionsPaneSkeleton } from "@/components/comments/mentions-skeleton";
import { SidebarSkeleton } from "@/components/contact/sidebar-skeleton";
import { ResultsSkeleton } from "@/components/search/results-skeleton";
import type { SnoozeDialog as SnoozeDialogNow } from "@/components/snooze/snooze-dialog";
import { ThreadSkeleton } from "@/components/thread/thread-skeleton";
import { later, loadAtFirstWork, loadedOnce } from "@/components/ui/later";
import { onDemand } from "@/components/ui/on-demand";
import { PaneError } from "@/components/ui/query-state";
import { ApiError } from "@/lib/api/errors";
import type { Thread } from "@/lib/api/threads";
import { clicksAreLive, hasEarlyInput } from "@/lib/client/early-input";
import type { InboxParams } from "@/lib/client/list/inbox-params";
import { useBulkStore } from "@/lib/client/stores/bulk";
import { useViewSelection } from "@/lib/client/stores/selection";
import { useUiStore } from "@/lib/client/stores/ui";

import type { BulkBar as BulkBarNow } from "./bulk-bar";
import type { InboxKeyboardProps } from "./inbox-keyboard";
import type { PhoneSheet as PhoneSheetNow } from "./phone-sheet";

/**
 * What the inbox's first view does not show, loaded when it is first needed (issue 18: the
 * inbox page's JavaScript). The open conversation, the contact panel, the Mentions view and
 * message search's hits show their own loading skeleton while their code arrives, so nothing moves when it lands; the pickers, the snooze
 * dialog, the shortcut sheet, the phone's sheets and the bulk bar mount on their first opening, and open as their code lands
 * (the store already says they are open, so the key that asked is not lost).
 */
const threadPane = laterPane(() => import("@/components/thread/thread-pane").then((m) => m.ThreadPane), ThreadSkeleton, "The conversation couldn't be opened");
const contactSidebar = laterPane(() => import("@/components/contact/contact-sidebar").then((m) => m.ContactSidebar), SidebarSkeleton, "The contact couldn't be shown");

const mentionsPane = laterPane(() => import("@/components/comments/mentions-pane").then((m) => m.MentionsPane), MentionsPaneSkeleton, "Your mentions couldn't be shown");

export const ThreadPane = threadPane.Pane;
export const ContactSidebar = contactSidebar.Pane;
// Fetched at the first sign of a person at work (a pointer moving, a key), so opening a first
// conversation does not wait for them, while the page's first load stays without them.
loadAtFirstWork(threadPane.load);
loadAtFirstWork(contactSidebar.load);
// A link straight to a conversation (a notification, a teammate's link) or to Mentions shows it
// first: its code is asked for as this module runs, while the page hydrates. Asked for by the
// pane's mount instead, it waited for hydration and then queued behind the page's first reads
// (the browser gives a script fetched later a low priority): ~15 s on a busy two-core machine.
if (typeof window !== "undefined") {
  // The URL's own names (lib/client/list/inbox-params), checked against them by type.
  const linked = new URLSearchParams(window.location.search);
  const thread = linked.has("thread" satisfies keyof InboxParams);
  const mentions = linked.get("view" satisfies keyof InboxParams) === ("mentions" satisfies InboxParams["view"]);
  const panes = thread ? [threadPane, contactSidebar] : mentions ? [mentionsPane] : [];
  for (const pane of panes) void pane.load().catch(() => undefined);
}
// Views of their own, off the first paint of the folders: the Mentions view and message search's hits.
export const MentionsPane = mentionsPane.Pane;
export const MessageResults = laterPane(() => import("@/components/search/message-results").then((m) => m.MessageResults), ResultsSkeleton, "Message search couldn't be shown").Pane;

const ThreadPickersNow = onDemand(() => import("./thread-pickers").then((m) => m.ThreadPickers));
const SnoozeDialogLater = onDemand(() => import("@/components/snooze/snooze-dialog").then((m) => m.SnoozeDialog));
const BulkBarLater = onDemand(() => import("./bulk-bar").then((m) => m.BulkBar));
const ShortcutSheetNow = onDemand(() => import("./shortcut-sheet").then((m) => m.ShortcutSheet));
const PhoneSheetLater = onDemand(() => import("./phone-sheet").then((m) => m.PhoneSheet));

const keyboard = later(() => import("./inbox-keyboard").then((m) => m.InboxKeyboard));

/**
 * The inbox's shortcuts (./inbox-keyboard), from the first sign of work on. Until then the page
 * is hydrated for clicks and keys are queued; keys already queued (pressed before the page's
 * scripts ran) fetch it at once.
 */
export function InboxKeyboard(props: InboxKeyboardProps) {
  const Keyboard = keyboard.useLoaded();
  useEffect(() => {
    clicksAreLive();
    if (!Keyboard && hasEarlyInput()) void keyboard.load().catch(() => undefined);
  }, [Keyboard]);
  return Keyboard ? createElement(Keyboard, props) : null;
}

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

/** The phone layout's navigation or contact sheet (./phone-sheet), from its first opening on. */
export function PhoneSheet(props: Parameters<typeof PhoneSheetNow>[0]) {
  return useOpenedOnce(props.open) ? <PhoneSheetLater {...props} /> : null;
}

/** The bulk actions (./bulk-bar), from the first selection on. */
export function BulkBar(props: Parameters<typeof BulkBarNow>[0]) {
  const { selection, everything } = useViewSelection(props.viewKey);
  const run = useBulkStore((s) => s.run);
  return useOpenedOnce(selection.ids.size > 0 || everything.state !== "off" || run !== null) ? <BulkBarLater {...props} /> : null;
}

/**
 * A pane whose code is a chunk of its own: drawn at once when the chunk is already here (the usual
 * case: fetched at the first sign of work), else its skeleton until it lands, on the server too. Not
 * React.lazy (nor next/dynamic, built on it): a lazy component suspends on its first render even
 * when its chunk has arrived, and React holds the reveal of a suspended boundary's content up to
 * 300 ms after its fallback showed, which made every first conversation opened take 150–300 ms.
 * Here the code is a store (components/ui/later's loadedOnce): the skeleton is replaced by an
 * ordinary render when it is in. A chunk that fails to load (the connection dropped) says so in
 * the pane, with Try again, and the rest of the inbox stays (thrown, it took the whole page down
 * to the route's error screen).
 */
function laterPane<P extends object>(load: () => Promise<ComponentType<P>>, Skeleton: ComponentType, failedTitle: string) {
  const code = loadedOnce(load);
  // Memoized: the shell draws again as the list changes, and the open pane need not.
  const Pane = memo(function Pane(props: P) {
    // The server's HTML and the hydrating render draw the skeleton even when the code came first
    // (a deep link asks for it before hydration): they must agree, and the pane follows at once.
    const Component = code.useLoaded();
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Component || failed) return;
      let live = true;
      code.load().catch(() => live && setFailed(true));
      return () => {
        live = false;
      };
    }, [Component, failed]);
    if (failed) return <PaneError title={failedTitle} error={new ApiError({ status: 0, code: "networkError" })} onRetry={() => retryCode(() => setFailed(false))} />;
    // createElement: the component is the loaded module's, one for the page's life, not one made here.
    return Component ? createElement(Component, props) : <Skeleton />;
  });
  return { Pane, load: code.load };
}

/**
 * Try again, for a pane whose code could not be fetched: the page is loaded again, as the
 * connection banner offers (lib/client/stores/connection: asking the runtime again would fail
 * again); a new load also brings the new build's code when a deploy removed the old. Offline,
 * the pane asks again, and says so again.
 */
function retryCode(askAgain: () => void) {
  if (navigator.onLine) window.location.reload();
  else askAgain();
}

/** True from the first time `open` is, so a dialog's code loads when it is first asked for and it then stays mounted (closing animates). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
