"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef } from "react";

import { Button } from "@/components/ui/button";
import { InboxIcon, LoaderCircleIcon, RotateCwIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import type { Thread } from "@/lib/api/threads";
import { errorMessage } from "@/lib/client/errors";
import { PHONE_QUERY } from "@/lib/client/hooks/use-media-query";
import { useTimeZone } from "@/lib/client/inbox-layout";
import { useUiStore } from "@/lib/client/stores/ui";

import { useUnreadFor } from "@/lib/client/mutations/reads";
import { useViewer } from "@/lib/client/viewer";

import { ThreadRow, rowLabel, type RowLookups } from "./thread-row";

// A row's real height (three lines, padding and border): the server places rows by it, and an
// estimate that measured otherwise would move them once the browser measures.
const ROW_HEIGHT = 89;
/** The list's height before it is measured: the server's HTML holds this many rows, plus the overscan. */
const FIRST_PAINT_HEIGHT = 12 * ROW_HEIGHT;

export type ThreadListProps = {
  label: string;
  rows: Thread[];
  lookups: RowLookups;
  openId: string | null;
  cursorId: string | null;
  showWait: boolean;
  onOpen: (thread: Thread) => void;
  /** Threads selected for a bulk action. */
  checkedIds: ReadonlySet<string>;
  /** Toggles a row's selection; `range` (shift) sets the rows from the last toggled one. */
  onCheck: (thread: Thread, range: boolean) => void;
  onActivity: () => void;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onEndReached: () => void;
  empty: { title: string; hint: string };
  now: Date;
};

/**
 * The thread list: virtualized (only the rows on screen are in the DOM, so 10,000 threads
 * scroll like 10), loading the next page before the end comes into view, and still while the
 * person works — fresh activity waits behind the "N updated" pill in the header (or `.`).
 *
 * It is one listbox: the keyboard cursor is `aria-activedescendant`, so focus stays on the list
 * while j/k move through rows that the virtualizer mounts and unmounts. A click opens a row;
 * its avatar's checkbox, Ctrl/⌘-click, or shift-click while selecting selects it instead
 * (`aria-checked`), as `x` does from the keyboard.
 */
export function ThreadList(props: ThreadListProps) {
  const { rows, lookups, openId, cursorId, hasNextPage, isFetchingNextPage, onEndReached, checkedIds, onCheck } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const keyboardNav = useUiStore((s) => s.keyboardNav);
  const setKeyboardNav = useUiStore((s) => s.setKeyboardNav);
  const unreadFor = useUnreadFor();
  const viewer = useViewer();
  const timeZone = useTimeZone();
  // The API's `unread` is the owner's view: the owner sees it as their own, everyone else beside theirs.
  const viewerIsOwner = viewer.memberId !== null && lookups.members.get(viewer.memberId)?.role === "owner";
  // eslint-disable-next-line react-hooks/incompatible-library -- the list re-renders with the virtualizer; nothing of it is memoized
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    initialRect: { width: 0, height: FIRST_PAINT_HEIGHT },
    overscan: 8,
    getItemKey: (index) => rows[index]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - 10) onEndReached();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, onEndReached]);

  const cursorIndex = cursorId ? rows.findIndex((r) => r.id === cursorId) : -1;
  useEffect(() => {
    if (cursorIndex >= 0) virtualizer.scrollToIndex(cursorIndex, { align: "auto" });
  }, [cursorIndex, virtualizer]);

  if (props.isPending) return <ListSkeleton />;
  if (props.error && rows.length === 0) {
    return (
      <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
        <p className="text-sm text-muted-foreground">{errorMessage(props.error)}</p>
        <Button variant="outline" size="sm" onClick={props.onRetry}>
          <RotateCwIcon aria-hidden />
          Try again
        </Button>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
        <span className="grid size-10 place-items-center rounded-full bg-muted text-muted-foreground">
          <InboxIcon className="size-5" aria-hidden />
        </span>
        <p className="text-sm font-medium">{props.empty.title}</p>
        <p className="max-w-64 text-sm text-muted-foreground">{props.empty.hint}</p>
      </div>
    );
  }

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        role="listbox"
        aria-label={props.label}
        aria-activedescendant={cursorIndex >= 0 ? `row-${rows[cursorIndex]!.id}` : undefined}
        tabIndex={0}
        data-thread-list
        onPointerMove={() => {
          props.onActivity();
          setKeyboardNav(false);
        }}
        onWheel={props.onActivity}
        onKeyDown={props.onActivity}
        className="min-h-0 flex-1 overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {items.map((item) => {
            const thread = rows[item.index]!;
            const ownerUnread = !viewerIsOwner && thread.unread;
            return (
              <div
                key={item.key}
                id={`row-${thread.id}`}
                role="option"
                aria-selected={thread.id === openId}
                aria-checked={checkedIds.has(thread.id)}
                aria-setsize={hasNextPage ? -1 : rows.length}
                aria-posinset={item.index + 1}
                aria-label={rowLabel(thread, lookups, unreadFor(thread), ownerUnread)}
                data-thread-id={thread.id}
                data-index={item.index}
                ref={virtualizer.measureElement}
                onMouseDown={(event) => {
                  // Shift-click picks a range; it should not also select the page's text.
                  if (event.shiftKey) event.preventDefault();
                }}
                onPointerDown={(event) => {
                  // A mouse's plain press opens the row at once, as fast mail clients do: the press
                  // itself (tens of milliseconds until the click) is no longer part of the wait.
                  // A touch waits for its tap (it may start a scroll), and a press that selects
                  // (its checkbox, a modifier) for the click below; the click then opens nothing new.
                  // A phone's layout shows the thread in the list's place: a press would swap the panes under
                  // the pointer. Asked at the press, rather than a hook drawing the list again on a resize.
                  if (event.pointerType !== "mouse" || event.button !== 0 || window.matchMedia(PHONE_QUERY).matches) return;
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  if ((event.target as HTMLElement).closest("[data-row-check]") === null) props.onOpen(thread);
                }}
                onClick={(event) => {
                  const selects =
                    event.metaKey || event.ctrlKey || (event.shiftKey && checkedIds.size > 0) || (event.target as HTMLElement).closest("[data-row-check]") !== null;
                  if (selects) onCheck(thread, event.shiftKey);
                  else props.onOpen(thread);
                }}
                className="absolute inset-x-0 top-0 cursor-pointer"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <ThreadRow
                  thread={thread}
                  unread={unreadFor(thread)}
                  ownerUnread={ownerUnread}
                  lookups={lookups}
                  open={thread.id === openId}
                  focused={keyboardNav && thread.id === cursorId}
                  checked={checkedIds.has(thread.id)}
                  selecting={checkedIds.size > 0}
                  showWait={props.showWait}
                  now={props.now}
                  timeZone={timeZone}
                />
              </div>
            );
          })}
        </div>
        {isFetchingNextPage ? (
          <div className="flex items-center justify-center gap-2 py-3 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
            Loading more…
          </div>
        ) : null}
      </div>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading conversations" className="flex flex-col">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="flex gap-3 border-b px-3 py-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-2/5" />
            <Skeleton className="h-3.5 w-4/5" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
