"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import { MessagesSquareIcon } from "@/components/ui/icons";
import type { MessageHit } from "@/lib/api/search";
import type { Thread } from "@/lib/api/threads";
import { useEventAlerts } from "@/lib/client/hooks/use-event-alerts";
import { useInboxEvents } from "@/lib/client/hooks/use-inbox-events";
import { useUnreadTitle } from "@/lib/client/hooks/use-unread-title";
import { useNow } from "@/lib/client/hooks/use-now";
import { useThreadList } from "@/lib/client/hooks/use-thread-list";
import { useSnoozedList } from "@/lib/client/hooks/use-snoozed-list";
import { useSnoozes } from "@/lib/client/hooks/use-snoozes";
import { snoozeMark } from "@/lib/client/snooze-marks";
import { useFilterNames } from "@/lib/client/hooks/use-filter-names";
import { InboxLayoutProvider, useContactPanelOpen, useIsPhone } from "@/lib/client/inbox-layout";
import type { InboxLayout } from "@/lib/client/layout-cookie";
import { filtersOf } from "@/lib/client/list/inbox-params";
import { useReadAheadFolders } from "@/lib/client/list/inbox-link";
import { listKeyOf, useInboxParams } from "@/lib/client/list/inbox-url";
import { navEntryOf, viewTitle } from "@/lib/client/list/view-title";
import { useMarkRead, useUnreadFor } from "@/lib/client/mutations/reads";
import { useResumeOutbox } from "@/lib/client/thread/resume-outbox";
import { useThreadDetail } from "@/lib/client/thread/use-thread-detail";
import { teamQueries } from "@/lib/client/queries/team";
import { useMessageSearchStore } from "@/lib/client/stores/message-search";
import { useConnectionStore } from "@/lib/client/stores/connection";
import { useSelectionStore } from "@/lib/client/stores/selection";
import { ViewerProvider, useViewer, type ClientViewer } from "@/lib/client/viewer";

import { CommandPalette } from "./command-palette";
import { ConnectionBanner } from "./connection-banner";
import { DesktopLayout } from "./desktop-layout";
import type { FilterChange } from "./filter-menu";
import { ContactSidebar, InboxKeyboard, MentionsPane, PhoneSheet, ShortcutSheet, SnoozeDialog, ThreadPane, ThreadPickers } from "./lazy-panes";
import { ListPane } from "./list-pane";
import { FOLDER_LABELS, NavSidebar } from "./nav-sidebar";
import type { RowLookups } from "./thread-row";

/**
 * The inbox: navigation, the thread list, the open thread and its contact, in resizable
 * panes (one at a time on a phone). It owns what links the panes — the URL's view and open
 * thread, the keyboard cursor — and leaves each pane to render.
 *
 * It renders on the server: the page hands down the layout cookie (pane sizes, contact panel),
 * its phone-or-desktop pick and the time it rendered at, so the hydrating render draws exactly
 * the server's HTML, rows included, and only then follows the browser.
 */
export function InboxShell({
  viewer,
  layout,
  phone,
  renderedAt,
  servedStale,
}: {
  viewer: ClientViewer;
  layout: InboxLayout;
  phone: boolean;
  renderedAt: number;
  /** The server rendered from its last good copies, the API failing: the banner says so. */
  servedStale: boolean;
}) {
  useEffect(() => {
    if (servedStale) useConnectionStore.getState().sawStale();
  }, [servedStale]);
  return (
    <ViewerProvider viewer={viewer}>
      <InboxLayoutProvider layout={layout} phone={phone}>
        <Inbox renderedAt={renderedAt} />
      </InboxLayoutProvider>
    </ViewerProvider>
  );
}

const INBOX_ALERTS = ["messages", "failedSends", "mentions"] as const;

function Inbox({ renderedAt }: { renderedAt: number }) {
  const viewer = useViewer();
  useInboxEvents();
  useEventAlerts(INBOX_ALERTS);
  useUnreadTitle();
  // Sends a reload interrupted carry on whichever thread is open, or none.
  useResumeOutbox();
  useReadAheadFolders();
  const [params, setParams] = useInboxParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const folderList = useThreadList(filters);
  const snoozedList = useSnoozedList(params.q);
  const list = params.view === "snoozed" ? snoozedList : folderList;
  const lookups = useRowLookups();
  const filterNames = useFilterNames();
  const isPhone = useIsPhone();
  const [navOpen, setNavOpen] = useState(false);
  const closeNav = useCallback(() => setNavOpen(false), []);
  // The navigation draws again only when the entry it marks changes, not on each conversation opened.
  const navEntry = navEntryOf(params, viewer.memberId);
  const [contactSheet, setContactSheet] = useState<string | null>(null);
  // The phone's contact sheet belongs to the thread it was opened on: another thread closes it.
  const contactSheetOpen = contactSheet !== null && contactSheet === params.thread;
  const contactPanelOpen = useContactPanelOpen();
  const { mutate: markRead } = useMarkRead();
  const unreadFor = useUnreadFor();
  const now = useNow(renderedAt);

  // The keyboard cursor follows the open thread, and starts on the first row.
  const [cursorId, setCursorId] = useState<string | null>(params.thread);
  const cursor = cursorId && list.rows.some((r) => r.id === cursorId) ? cursorId : (params.thread ?? list.rows[0]?.id ?? null);

  const markedRead = useRef<string | null>(null);
  const jump = useMessageSearchStore((s) => s.jump);
  const setJump = useMessageSearchStore((s) => s.setJump);
  const open = useCallback(
    (thread: Thread, how: "push" | "replace" = "push") => {
      // Opened by any other way than a search hit, the thread shows its latest messages.
      setJump(null);
      setCursorId(thread.id);
      void setParams({ thread: thread.id, comment: null }, { history: how });
      // Opening a conversation reads it (for this member), once: `u` may mark it unread again while it stays open.
      if (unreadFor(thread) && markedRead.current !== thread.id) {
        markedRead.current = thread.id;
        markRead({ thread, read: true });
      }
    },
    [setParams, markRead, unreadFor, setJump],
  );
  // A search hit opens its thread at the message (components/thread/message-list loads back to it).
  const openHit = useCallback(
    (hit: MessageHit) => {
      open(hit.thread);
      setJump({ threadId: hit.threadId, messageId: hit.messageId });
    },
    [open, setJump],
  );
  const close = useCallback(() => void setParams({ thread: null }), [setParams]);
  const filter = useCallback(
    // Clearing the search leaves message search too.
    (change: FilterChange) => void setParams({ ...change, ...(change.q === null ? { searchIn: null } : {}), thread: null }),
    [setParams],
  );
  const searchMessages = useCallback((q: string | null) => void setParams(q ? { q, searchIn: "messages" } : { searchIn: null }), [setParams]);
  const jumpMessageId = jump && jump.threadId === params.thread ? jump.messageId : null;

  // What actions act on: the open thread (as freshly as the cache has it), else the cursor's row.
  const openDetail = useThreadDetail(params.thread);
  const target = (params.thread ? (openDetail.data ?? list.rows.find((r) => r.id === params.thread)) : list.rows.find((r) => r.id === cursor)) ?? null;

  // The panes are memoized: callbacks they take keep their identity, so a pane draws again only
  // when what it shows has changed (a thread opening leaves the navigation and the rows alone).
  const openNav = useCallback(() => setNavOpen(true), []);
  const showContact = useCallback(() => setContactSheet(params.thread), [params.thread]);

  const title = viewTitle(params, viewer.memberId, filterNames, (folder) => FOLDER_LABELS[folder].label);
  const listPane = params.view === "mentions" ? (
    <MentionsPane onOpenNav={isPhone ? openNav : undefined} now={now} />
  ) : (
    <ListPane
      title={title}
      params={params}
      onFilter={filter}
      onSearchMessages={searchMessages}
      list={list}
      lookups={lookups}
      cursorId={cursor}
      onOpen={open}
      onOpenHit={openHit}
      jumpMessageId={jumpMessageId}
      onOpenNav={isPhone ? openNav : undefined}
      now={now}
    />
  );

  return (
    <>
      {isPhone ? (
        <div className="flex h-dvh flex-col">
          <ConnectionBanner />
          {params.thread ? (
            <ThreadPane threadId={params.thread} onBack={close} onShowContact={showContact} />
          ) : (
            listPane
          )}
          <PhoneSheet open={navOpen} onOpenChange={setNavOpen} title="Navigation" className="top-0 left-0 h-dvh max-w-72 translate-x-0 translate-y-0 rounded-none p-0">
            <NavSidebar active={navEntry} setParams={setParams} onNavigate={closeNav} />
          </PhoneSheet>
          <PhoneSheet
            open={contactSheetOpen}
            onOpenChange={(open) => setContactSheet(open ? params.thread : null)}
            title="Contact"
            className="top-auto bottom-0 left-0 max-h-[85dvh] max-w-none translate-x-0 translate-y-0 overflow-y-auto rounded-b-none p-0"
          >
            {params.thread ? <ContactSidebar threadId={params.thread} /> : null}
          </PhoneSheet>
        </div>
      ) : (
        <DesktopLayout
          nav={<NavSidebar active={navEntry} setParams={setParams} />}
          list={listPane}
          thread={params.thread ? <ThreadPane threadId={params.thread} /> : <NoThread />}
          contact={params.thread && contactPanelOpen ? <ContactSidebar threadId={params.thread} /> : null}
        />
      )}
      {/* The shortcuts, and what was clicked and pressed before the page was live (the server's HTML). */}
      <InboxKeyboard rows={list.rows} cursorId={cursor} setCursorId={setCursorId} openId={params.thread} open={open} close={close} applyUpdates={list.apply} removeRow={list.remove} setParams={setParams} viewKey={listKeyOf(params)} />
      <CommandPalette target={target} rows={list.rows} open={open} openHit={openHit} searchMessages={searchMessages} setParams={setParams} />
      <ThreadPickers thread={target} />
      <SnoozeDialog
        onSnoozed={(ids) => {
          // Out of the list at once, as an archive is; the open one makes way for the next row.
          const first = list.rows.findIndex((r) => ids.includes(r.id));
          const after = list.rows.slice(first + 1).find((r) => !ids.includes(r.id));
          ids.forEach(list.remove);
          // A selection snoozed whole is done with.
          useSelectionStore.getState().clear();
          if (params.thread && ids.includes(params.thread)) {
            if (after) open(after, "replace");
            else close();
          }
        }}
      />
      <ShortcutSheet />
    </>
  );
}

function NoThread() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-8 text-center">
      <span className="grid size-10 place-items-center rounded-full bg-muted text-muted-foreground">
        <MessagesSquareIcon className="size-5" aria-hidden />
      </span>
      <p className="text-sm font-medium">No conversation open</p>
      <p className="max-w-64 text-sm text-muted-foreground">Pick one from the list, or move with j and k and open it with Enter.</p>
    </div>
  );
}

/** The team's data rows look up, as maps. */
function useRowLookups(): RowLookups {
  const members = useQuery(teamQueries.members());
  const tags = useQuery(teamQueries.tags());
  const statuses = useQuery(teamQueries.statuses());
  const colors = useQuery(teamQueries.colors());
  const platforms = useQuery(teamQueries.platforms());
  const links = useQuery(teamQueries.accountLinks());
  const { byThread, inboxNow } = useSnoozes();
  return useMemo(
    () => ({
      members: new Map(members.data?.map((m) => [m.id, m])),
      tags: new Map(tags.data?.map((t) => [t.id, t])),
      statuses: new Map(statuses.data?.map((s) => [s.id, s])),
      colors: colors.data,
      platformNames: new Map(platforms.data?.map((p) => [p.platform, p.name])),
      linkPlatforms: new Map(links.data?.map((l) => [l.id, l.platform])),
      snoozeMarks: new Map([...byThread].flatMap(([id, entries]) => {
        const mark = snoozeMark(entries, inboxNow());
        return mark ? [[id, mark] as const] : [];
      })),
    }),
    [members.data, tags.data, statuses.data, colors.data, platforms.data, links.data, byThread, inboxNow],
  );
}
