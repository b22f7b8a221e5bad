"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState, type KeyboardEvent } from "react";

import { Button } from "@/components/ui/button";
import { ArrowDownIcon, MessageSquareDashedIcon } from "@/components/ui/icons";
import { PaneError } from "@/components/ui/query-state";
import { checkCapability } from "@/lib/api/capabilities";
import type { DeleteScope, Message } from "@/lib/api/messages";
import type { Thread } from "@/lib/api/threads";
import { personName } from "@/lib/client/format";
import { groupByDay, groupReactions, orderMessages, startsRun, type ReactionGroup } from "@/lib/client/thread/message-groups";
import { reactionAuthorName, senderLabel } from "@/lib/client/thread/message-meta";
import { deletionScope, firstName, unsentSentence } from "@/lib/client/thread/unsent";
import { useEditMessage, useReactToMessage, useRemoveReaction, useUnsendMessage } from "@/lib/client/mutations/messages";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { outreachQueries } from "@/lib/client/queries/outreach";
import { teamQueries } from "@/lib/client/queries/team";
import { threadQueries } from "@/lib/client/queries/threads";
import type { OutboxItem } from "@/lib/client/stores/outbox";
import { useForgetGone } from "@/lib/client/thread/forget-thread";

import { ThreadComment } from "@/components/comments/thread-comment";
import { useCommentJump } from "@/components/comments/use-comment-jump";
import { interleave } from "@/lib/client/comments/timeline";
import { commentQueries } from "@/lib/client/queries/comments";

import { DaySeparator } from "./day-separator";
import { HistorySkeleton, HistoryStart, NewMessageStatus } from "./history-parts";
import type { MessageChecks } from "./message-actions";
import { MessageItem } from "./message-item";
import { MessagePending } from "./message-pending";
import { useHistoryClock } from "./use-history-clock";
import { useHistoryScroll } from "./use-history-scroll";
import { useJumpToMessage } from "./use-jump-to-message";

/**
 * The open thread's history, newest at the bottom: older pages load as the top comes near
 * (the view holding still), the view follows new messages while it is at the bottom, and
 * the messages still on their way out are drawn last. Each message's actions are decided by
 * the capability rule against the current time, re-checked when an edit window closes.
 */
export function MessageList({ thread, pending, onRetry }: { thread: Thread; pending: OutboxItem[]; onRetry: (item: OutboxItem) => void }) {
  // Scroll position, editing and focus belong to one conversation: a new thread starts afresh.
  return <History key={thread.id} thread={thread} pending={pending} onRetry={onRetry} />;
}

type Row = {
  message: Message;
  sender: string;
  unsentText: string;
  reactions: ReactionGroup[];
  checks: MessageChecks | null;
  startsRun: boolean;
};

function History({ thread, pending, onRetry }: { thread: Thread; pending: OutboxItem[]; onRetry: (item: OutboxItem) => void }) {
  const query = useInfiniteQuery(threadQueries.messages(thread.id));
  useForgetGone(thread.id, { history: query.error });
  const members = useQuery(teamQueries.members());
  const links = useQuery(teamQueries.accountLinks());
  const platforms = useQuery(teamQueries.platforms());
  const activity = useQuery(inboxQueries.activity(thread.id));
  // The campaign bar reads it too (one request); a thread no campaign started reads nothing.
  const campaign = useQuery({ ...outreachQueries.campaign(thread.campaignId ?? ""), enabled: Boolean(thread.campaignId) });

  const accountLink = links.data?.find((l) => l.id === thread.accountLinkId) ?? thread.accountLink ?? null;
  const platform = accountLink ? (platforms.data?.find((p) => p.platform === accountLink.platform) ?? null) : null;
  // Until the platform's info is in, its windows are unknown: actions wait rather than guess.
  const capabilitiesKnown = accountLink !== null && (platforms.isSuccess || platforms.isError);
  const person = thread.profile ?? null;
  const personLabel = personName(person);

  const messages = useMemo(() => orderMessages(query.data?.pages ?? []), [query.data]);
  const now = useHistoryClock(messages, platform);

  const rows = useMemo<Row[]>(() => {
    const memberNames = new Map((members.data ?? []).map((m) => [m.id, m]));
    const sentViaInbox = new Map((activity.data ?? []).filter((e) => e.action === "messages.send" && e.messageId).map((e) => [e.messageId!, e.userName]));
    const linkNames = new Map((links.data ?? []).map((l) => [l.id, l]));
    const campaignName = (id: string) => (id === campaign.data?.id ? campaign.data.name : undefined);
    const profile = person ? { id: person.id, name: personLabel } : null;
    const nameOf = (author: Message["reactions"][number]["author"]) => reactionAuthorName(author, { accountLinks: linkNames, profile });
    const senders = messages.map((message) =>
      message.direction === "outbound" ? senderLabel(message.sentBy, memberNames, sentViaInbox.get(message.id), campaignName) : personLabel,
    );
    return messages.map((message, i) => {
      const context = capabilitiesKnown && accountLink ? { accountLink, thread, platform, message, now } : null;
      return {
        message,
        sender: senders[i]!,
        unsentText: message.deletedAt ? unsentSentence(deletionScope(message.id, activity.data), firstName(personLabel)) : "",
        reactions: groupReactions(message.reactions, { ownAccountLinkId: thread.accountLinkId, nameOf }),
        checks: context
          ? {
              edit: checkCapability("message:edit", context),
              unsend: checkCapability("message:unsend", context),
              react: checkCapability("message:react", context),
            }
          : null,
        // Two members' sends through the inbox are both `api` to the API: their names part them.
        startsRun: startsRun(messages[i - 1], message) || senders[i - 1] !== senders[i],
      };
    });
  }, [messages, members.data, activity.data, campaign.data, links.data, person, personLabel, capabilitiesKnown, accountLink, thread, platform, now]);

  // Internal comments take their place among the messages by time (lib/client/comments/timeline).
  const comments = useQuery(commentQueries.thread(thread.id));
  const days = useMemo(() => groupByDay(interleave(rows, (row) => row.message.sentAt, comments.data ?? [], query.hasNextPage), (entry) => entry.at, now), [rows, comments.data, query.hasNextPage, now]);
  const shownComments = useMemo(() => new Set(days.flatMap((day) => day.items.flatMap((entry) => (entry.kind === "comment" ? [entry.comment.id] : [])))), [days]);

  // Sends already in the history (an unconfirmed one that settled) are drawn once, from the history.
  const known = useMemo(() => new Set(messages.map((m) => m.id)), [messages]);
  const outgoing = pending.filter((item) => item.threadId === thread.id && !(item.messageId && known.has(item.messageId)));

  const [editingId, setEditingId] = useState<string | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);

  const { mutate: edit } = useEditMessage();
  const { mutate: unsend } = useUnsendMessage();
  const { mutate: react } = useReactToMessage();
  const { mutate: unreact } = useRemoveReaction();
  const accountLinkId = thread.accountLinkId;

  const onCancelEdit = useCallback(() => setEditingId(null), []);
  const onSaveEdit = useCallback(
    (message: Message, content: string) => {
      setEditingId(null);
      edit({ message, content });
    },
    [edit],
  );
  const onUnsend = useCallback((message: Message, scope: DeleteScope) => unsend({ message, scope }), [unsend]);
  const onToggleReaction = useCallback(
    (message: Message, emoji: string, mine: boolean) => (mine ? unreact : react)({ message, emoji, accountLinkId }),
    [react, unreact, accountLinkId],
  );

  const { scrollRef, contentRef, onScroll, showJump, jumpToLatest, reveal } = useHistoryScroll({
    ready: query.data !== undefined,
    oldestId: messages[0]?.id ?? null,
    newestId: messages.at(-1)?.id ?? null,
    pendingCount: outgoing.length,
    canLoadOlder: query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError,
    loadOlder: query.fetchNextPage,
  });

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // A search hit opened this thread: load back to its message, scroll to it, mark it.
  const jumpTo = useJumpToMessage({
    threadId: thread.id,
    known,
    pageCount: query.data?.pages.length ?? 0,
    hasOlder: hasNextPage,
    loadingOlder: isFetchingNextPage,
    loadOlder: fetchNextPage,
    reveal,
  });
  const commentId = useCommentJump({ shownIds: shownComments, reveal });
  const tabbableId = activeId && known.has(activeId) ? activeId : (jumpTo.highlightId ?? messages.at(-1)?.id ?? null);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget) return;
      const all = [...(scrollRef.current?.querySelectorAll<HTMLElement>("[data-message-id]") ?? [])];
      const index = all.indexOf(event.currentTarget);
      let next: HTMLElement | undefined;
      if (event.key === "ArrowDown") next = all[index + 1];
      else if (event.key === "ArrowUp") {
        next = all[index - 1];
        if (!next && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      } else if (event.key === "Home") next = all[0];
      else if (event.key === "End") next = all.at(-1);
      else return;
      event.preventDefault();
      next?.focus();
    },
    [scrollRef, hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  // A failed older page keeps the history on screen (with a retry at the top); only a first
  // load that failed has nothing to show.
  if (!query.data) {
    if (!query.isError) return <HistorySkeleton />;
    return (
      <PaneError title="Couldn't load the messages" error={query.error} onRetry={() => void query.refetch()} className="h-full p-8" />
    );
  }

  return (
    <div className="relative h-full min-h-0">
      <div
        ref={scrollRef}
        role="log"
        // Focusable by script only: Esc in the composer hands the focus back here (lib/client/focus).
        tabIndex={-1}
        data-thread-history
        // New messages are announced by the status below; older pages loading must not be read out.
        aria-live="off"
        aria-label={`Conversation with ${personLabel}`}
        aria-busy={query.isFetchingNextPage || undefined}
        onScroll={onScroll}
        className="h-full overflow-y-auto overscroll-contain outline-none [overflow-anchor:none] focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:ring-inset"
      >
        <div ref={contentRef} className="flex min-h-full flex-col justify-end pt-2 pb-4">
          <HistoryStart
            name={personLabel}
            hasOlder={query.hasNextPage}
            loading={query.isFetchingNextPage}
            error={query.isFetchNextPageError ? query.error : null}
            onLoad={() => void query.fetchNextPage()}
          />
          {messages.length === 0 && outgoing.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
              <span className="grid size-10 place-items-center rounded-full bg-muted text-muted-foreground">
                <MessageSquareDashedIcon className="size-5" aria-hidden />
              </span>
              <p className="text-sm font-medium">No messages yet</p>
              <p className="max-w-64 text-sm text-muted-foreground">Write the first one below to start the conversation with {personLabel}.</p>
            </div>
          ) : null}
          {days.map((day) => (
            <div key={day.key} className="relative">
              <DaySeparator label={day.label} dateTime={day.key} />
              {day.items.map((entry, i) => {
                if (entry.kind === "comment") return <ThreadComment key={entry.comment.id} comment={entry.comment} highlighted={commentId === entry.comment.id} />;
                const { row } = entry;
                return (
                  <MessageItem
                    key={row.message.id}
                    message={row.message}
                    sender={row.sender}
                    // After a comment the sender is named again: the run of messages was broken.
                    showSender={i === 0 || row.startsRun || day.items[i - 1]?.kind === "comment"}
                    avatarUrl={person?.avatarUrl ?? null}
                    reactions={row.reactions}
                    checks={row.checks}
                    maxLength={platform?.limits.messageLength ?? null}
                    editing={editingId === row.message.id}
                    tabbable={tabbableId === row.message.id}
                    highlighted={jumpTo.highlightId === row.message.id}
                    unsentText={row.unsentText}
                    now={now}
                    onFocusMessage={setActiveId}
                    onStartEdit={setEditingId}
                    onCancelEdit={onCancelEdit}
                    onSaveEdit={onSaveEdit}
                    onUnsend={onUnsend}
                    onToggleReaction={onToggleReaction}
                    onKeyDown={onKeyDown}
                  />
                );
              })}
            </div>
          ))}
          {outgoing.map((item) => (
            <MessagePending key={item.localId} item={item} onRetry={onRetry} />
          ))}
        </div>
      </div>
      <NewMessageStatus message={messages.at(-1) ?? null} sender={rows.at(-1)?.sender ?? ""} />
      {jumpTo.missing ? (
        <p role="status" className="absolute top-2 left-1/2 -translate-x-1/2 rounded-full border bg-popover px-3 py-1 text-xs text-muted-foreground shadow-sm">
          The message the search found is no longer in this conversation.
        </p>
      ) : null}
      {showJump ? (
        <Button
          variant="outline"
          size="sm"
          onClick={jumpToLatest}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-popover shadow-md"
        >
          <ArrowDownIcon aria-hidden />
          Jump to latest
        </Button>
      ) : null}
    </div>
  );
}
