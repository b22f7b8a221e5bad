"use client";

import { useQuery } from "@tanstack/react-query";
import { memo, useCallback, useEffect, useRef } from "react";

import { LiveFieldset } from "@/components/ui/live-fieldset";
import type { MessageHit } from "@/lib/api/search";
import type { Thread } from "@/lib/api/threads";
import { filtersOf } from "@/lib/client/list/inbox-params";
import { listKeyOf, type InboxParams } from "@/lib/client/list/inbox-url";
import { SEARCH_INPUT_ID } from "@/lib/client/element-ids";
import { useThreadPrefetch } from "@/lib/client/hooks/use-thread-prefetch";
import type { ThreadListSource } from "@/lib/client/hooks/use-thread-list";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { normalizeFilters } from "@/lib/client/queries/threads";
import { useBulkStore } from "@/lib/client/stores/bulk";
import { useSelectionStore, useViewSelection } from "@/lib/client/stores/selection";

import { BulkBar, MessageResults } from "./lazy-panes";
import { OpenNavButton } from "./open-nav-button";
import { SearchBox } from "./search-box";
import { SelectAllBox } from "./select-all-box";
import { FilterChips, FilterMenu, type FilterChange } from "./filter-menu";
import { ThreadList } from "./thread-list";
import { UpdatesPill } from "./updates-pill";
import type { RowLookups } from "./thread-row";

/**
 * The list column: the view's title, search, filters, and the threads — or, when the person
 * searches messages (`searchIn=messages`), the messages the search box's text finds.
 */
// Memoized: opening a thread draws the thread pane, not every row again (the shell keeps its props stable).
export const ListPane = memo(function ListPane({
  title,
  params,
  onFilter,
  onSearchMessages,
  list,
  lookups,
  cursorId,
  onOpen,
  onOpenHit,
  jumpMessageId,
  onOpenNav,
  now,
}: {
  title: string;
  params: InboxParams;
  onFilter: (change: FilterChange) => void;
  /** Shows the messages `q` finds (a text), or the conversations again (null). */
  onSearchMessages: (q: string | null) => void;
  list: ThreadListSource;
  lookups: RowLookups;
  cursorId: string | null;
  onOpen: (thread: Thread) => void;
  onOpenHit: (hit: MessageHit) => void;
  /** The message a search hit asked the thread pane to show. */
  jumpMessageId: string | null;
  onOpenNav?: () => void;
  now: Date;
}) {
  const campaignIds = [...new Set(list.rows.map((t) => t.campaignId).filter((id): id is string => Boolean(id)))];
  const filtered = Object.entries(params).some(
    ([k, v]) => !["folder", "thread", "order", "searchIn", "view", "comment"].includes(k) && v !== null && !(Array.isArray(v) && v.length === 0),
  );
  const searchingMessages = params.searchIn === "messages" && Boolean(params.q);
  const snoozedView = params.view === "snoozed";
  const filters = filtersOf(params);
  const viewKey = listKeyOf(params);
  const { selection } = useViewSelection(viewKey);
  const counts = useQuery(inboxQueries.counts());
  // A plain folder's size is known from the inbox's counts: "Select all 1,234" can say so before paging.
  const plainFolder = !snoozedView && Object.keys(normalizeFilters(filters)).every((key) => key === "folder");
  const folderTotal = plainFolder ? (counts.data?.folders[params.folder]?.total ?? null) : null;
  const { remove } = list;
  const removeRows = useCallback((ids: string[]) => ids.forEach(remove), [remove]);
  const onCheck = useCallback(
    (thread: Thread, range: boolean) => {
      const store = useSelectionStore.getState();
      if (range) store.extend(viewKey, list.rows.map((r) => r.id), thread.id);
      else store.toggle(viewKey, thread.id);
    },
    [viewKey, list.rows],
  );
  useShowRestored(list);
  const readAhead = useThreadPrefetch(list.rows, cursorId);

  return (
    <section aria-label={title} className="flex h-full min-h-0 flex-col">
      {/* Live once hydrated: the header and search come in the server's HTML. */}
      <LiveFieldset>
        <header className="flex h-12 shrink-0 items-center gap-1 border-b px-3">
          <OpenNavButton onOpenNav={onOpenNav} />
          <SelectAllBox rows={list.rows} viewKey={viewKey} />
          <h1 className="min-w-0 flex-1 truncate text-sm font-semibold" title={title}>
            {title}
          </h1>
          <UpdatesPill count={list.pendingCount} onApply={list.apply} />
          {snoozedView ? null : <FilterMenu params={params} campaignIds={campaignIds} onChange={onFilter} />}
        </header>
        <SearchBox
          value={params.q ?? ""}
          messages={searchingMessages}
          onSearch={(q) => onFilter({ q: q || null })}
          onSearchMessages={onSearchMessages}
        />
      </LiveFieldset>
      {searchingMessages ? (
        <MessageResults
          q={params.q ?? ""}
          openMessageId={jumpMessageId}
          now={now}
          onOpen={onOpenHit}
          onBack={() => onSearchMessages(null)}
          onEscape={() => document.getElementById(SEARCH_INPUT_ID)?.focus()}
        />
      ) : (
        <>
          <FilterChips params={params} onChange={onFilter} />
          {/* The row under the pointer is read ahead (display: contents keeps the column's layout). */}
          <div className="contents" onPointerOver={readAhead}>
            <ThreadList
              label={`${title} conversations`}
              rows={list.rows}
              lookups={lookups}
              openId={params.thread}
              cursorId={cursorId}
              showWait={params.folder === "noReply"}
              onOpen={onOpen}
              checkedIds={selection.ids}
              onCheck={onCheck}
              onActivity={list.touch}
              isPending={list.isPending}
              error={list.isError ? list.error : null}
              onRetry={() => void list.refetch()}
              hasNextPage={list.hasNextPage}
              isFetchingNextPage={list.isFetchingNextPage}
              onEndReached={() => void list.fetchNextPage()}
              empty={emptyState(params, filtered)}
              now={now}
            />
          </div>
          {/* Below the list, not above it: a bar appearing above would push every row down under the pointer at the first tick, and the next click would land on the row before the one aimed at. */}
          <BulkBar
            viewKey={viewKey}
            filters={filters}
            rows={list.rows}
            hasNextPage={list.hasNextPage}
            lookups={lookups}
            folderTotal={folderTotal}
            removeRows={removeRows}
          />
        </>
      )}
    </section>
  );
});

/**
 * Rows an undo brought back arrive as fresh data, which the list would hold behind "N
 * updated"; the person asked for them, so they show at once.
 */
function useShowRestored(list: ThreadListSource) {
  const restoredCount = useBulkStore((s) => s.restoredCount);
  const shown = useRef(restoredCount);
  const { pendingCount, apply } = list;
  useEffect(() => {
    if (shown.current !== restoredCount && pendingCount > 0) {
      shown.current = restoredCount;
      apply();
    }
  }, [restoredCount, pendingCount, apply]);
}

function emptyState(params: InboxParams, filtered: boolean): { title: string; hint: string } {
  if (params.view === "snoozed") return { title: "Nothing snoozed", hint: "Snooze a conversation with z to put it away until later or until the contact replies." };
  if (filtered) return { title: "No conversations match", hint: "Remove a filter or change the search to see more." };
  switch (params.folder) {
    case "inbox":
      return { title: "Inbox zero", hint: "Every conversation is handled. New messages land here." };
    case "noReply":
      return { title: "Nobody is waiting", hint: "Conversations whose last message came from the contact show up here." };
    case "requests":
      return { title: "No message requests", hint: "People who write to you for the first time appear here until someone replies." };
    case "archived":
      return { title: "Nothing archived", hint: "Archive a conversation with e when it needs nothing more." };
    default:
      return { title: "No conversations yet", hint: "Conversations appear here when your accounts send or receive messages." };
  }
}
