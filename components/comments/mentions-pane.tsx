"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { Initials } from "@/components/comments/mention-picker";
import { OpenNavButton } from "@/components/inbox/open-nav-button";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { AtSignIcon, CheckCheckIcon } from "@/components/ui/icons";
import { QueryState } from "@/components/ui/query-state";
import type { Mention } from "@/lib/api/comments";
import { toastError } from "@/lib/client/errors";
import { fullTime, listTime, personName } from "@/lib/client/format";
import { inboxApi } from "@/lib/client/inbox-api";
import { useInboxParams } from "@/lib/client/list/inbox-url";
import { commentQueries } from "@/lib/client/queries/comments";
import { useUiStore } from "@/lib/client/stores/ui";

import { MentionsSkeleton } from "./mentions-skeleton";
import { useMarkMentionRead } from "./use-comment-jump";

/**
 * The Mentions view (the list column when `view=mentions`): the viewer's mentions in comments,
 * newest first, unread ones marked. Opening one shows its conversation at the comment
 * (`comment` in the URL) and marks it read; "Mark all read" clears the count.
 */
export function MentionsPane({ onOpenNav, now }: { onOpenNav?: () => void; now: Date }) {
  const mentions = useQuery(commentQueries.mentions());
  const [params, setParams] = useInboxParams();
  const markRead = useMarkMentionRead();
  const markAll = useMarkAllRead();
  const unread = mentions.data?.unread ?? 0;

  const open = (mention: Mention) => {
    markRead(mention.commentId);
    useUiStore.getState().askCommentJump(mention.commentId);
    void setParams({ thread: mention.threadId, comment: mention.commentId });
  };

  return (
    <section aria-label="Mentions" className="flex h-full min-h-0 flex-col">
      <header className="flex h-12 shrink-0 items-center gap-1 border-b px-3">
        <OpenNavButton onOpenNav={onOpenNav} />
        <h1 className="min-w-0 flex-1 truncate text-sm font-semibold">Mentions</h1>
        {unread > 0 ? (
          <Button variant="ghost" size="sm" className="h-7 gap-1.5 text-xs" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            <CheckCheckIcon aria-hidden />
            Mark all read
          </Button>
        ) : null}
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        <QueryState query={mentions} loading="your mentions" skeleton={<MentionsSkeleton />}>
          {(data) =>
            data.data.length === 0 ? (
              <div className="flex flex-col items-center justify-center gap-2 p-8 text-center">
                <span className="grid size-10 place-items-center rounded-full bg-muted text-muted-foreground">
                  <AtSignIcon className="size-5" aria-hidden />
                </span>
                <p className="text-sm font-medium">No mentions yet</p>
                <p className="max-w-64 text-sm text-muted-foreground">When a teammate @mentions you in a comment on a conversation, it shows here.</p>
              </div>
            ) : (
              <ul aria-label={`Mentions, ${unread} unread`} className="flex flex-col gap-1">
                {data.data.map((mention) => (
                  <li key={mention.commentId}>
                    <MentionRow mention={mention} active={params.comment === mention.commentId} now={now} onOpen={() => open(mention)} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>
    </section>
  );
}

function MentionRow({ mention, active, now, onOpen }: { mention: Mention; active: boolean; now: Date; onOpen: () => void }) {
  const unread = mention.readAt === null;
  const contact = mention.thread ? personName(mention.thread.profile) : "A conversation";
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={active ? "true" : undefined}
      aria-label={`${mention.byName} mentioned you on the conversation with ${contact}${unread ? ", unread" : ""}: ${mention.snippet}`}
      className={cn(
        "flex w-full items-start gap-2.5 rounded-md px-2.5 py-2 text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
        active && "bg-accent",
      )}
    >
      <Initials name={mention.byName} className="mt-0.5 size-7 text-xs" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={cn("min-w-0 flex-1 truncate text-sm", unread && "font-semibold")}>
            {mention.byName} <span className="font-normal text-muted-foreground">on</span> {contact}
          </span>
          <time dateTime={mention.createdAt} title={fullTime(mention.createdAt)} className="shrink-0 text-xs text-muted-foreground tabular-nums">
            {listTime(mention.createdAt, now)}
          </time>
        </span>
        <span className="mt-0.5 line-clamp-2 text-sm text-muted-foreground">{mention.snippet}</span>
      </span>
      {unread ? <span className="mt-2 size-2 shrink-0 rounded-full bg-amber-500" aria-hidden /> : null}
    </button>
  );
}

function useMarkAllRead() {
  const queryClient = useQueryClient();
  const key = commentQueries.mentions().queryKey;
  return useMutation({
    mutationFn: () => inboxApi("mentions.read", { body: { all: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: (error) => toastError("Couldn't mark your mentions read", error),
  });
}
