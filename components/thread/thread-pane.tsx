"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { memo, useMemo, useState } from "react";

import { CommentComposer, ComposerTabs } from "@/components/comments/comment-composer";
import { CampaignBar } from "@/components/thread/campaign-bar";
import { Composer } from "@/components/thread/composer";
import { NewActivityNotice, PresenceLine } from "@/components/thread/presence";
import { MessageList } from "@/components/thread/message-list";
import { OpenThreadHeader } from "@/components/thread/open-thread-header";
import { SnoozeBanner } from "@/components/snooze/snooze-banner";
import { Button } from "@/components/ui/button";
import { ComposerPlaceholder, ThreadSkeleton } from "@/components/thread/thread-skeleton";
import { ChevronLeftIcon, MessageSquareOffIcon, RotateCwIcon } from "@/components/ui/icons";
import { checkCapability } from "@/lib/api/capabilities";
import type { OutgoingAttachment } from "@/lib/api/messages";
import type { Thread } from "@/lib/api/threads";
import { api } from "@/lib/client/api";
import { capabilityReason } from "@/lib/client/capability-reasons";
import { errorMessage } from "@/lib/client/errors";
import { personName } from "@/lib/client/format";
import { useAfterPaint } from "@/lib/client/hooks/use-after-paint";
import { useMarkedAway } from "@/lib/client/hooks/use-availability";
import { useDraftHolders } from "@/lib/client/hooks/use-draft-sync";
import { useOthersIn, usePresenceBeat, type PresenceBeat } from "@/lib/client/hooks/use-presence";
import { useReplyValues } from "@/lib/client/hooks/use-reply-values";
import { useThreadAccount } from "@/lib/client/thread/use-thread-account";
import { isNotFound, useForgetGone } from "@/lib/client/thread/forget-thread";
import { useThreadDetail } from "@/lib/client/thread/use-thread-detail";
import { COMPOSER_ID } from "@/lib/client/element-ids";
import { activitySummary, latestSentAt, newActivity } from "@/lib/client/thread/new-activity";
import { useInboxParams } from "@/lib/client/list/inbox-url";
import { noteOwnChange } from "@/lib/client/list/own-changes";
import { teamQueries } from "@/lib/client/queries/team";
import { threadQueries } from "@/lib/client/queries/threads";
import { sentFromThisTab } from "@/lib/client/thread/sent-here";
import type { SendPipeline } from "@/lib/client/thread/send";
import { useSendPipeline } from "@/lib/client/thread/use-send-pipeline";
import { offerUndo, useUndoWindowMs } from "@/lib/client/thread/undo-send";
import { ScheduledSendList } from "@/components/thread/scheduled-sends";
import { useScheduleSend } from "@/lib/client/mutations/scheduled-sends";
import { shortTime } from "@/lib/client/snooze-marks";
import { useComposerFilesStore } from "@/lib/client/stores/composer-files";
import { useComposerModeStore } from "@/lib/client/stores/composer-mode";
import { useDraftsStore } from "@/lib/client/stores/drafts";
import { outgoingOf } from "@/lib/client/thread/attachments";
import { useThreadOutbox, type OutboxItem } from "@/lib/client/stores/outbox";
import { toast } from "@/lib/client/stores/toasts";
import { useViewer } from "@/lib/client/viewer";
import { TooltipProvider } from "@/components/ui/tooltip";

/**
 * The open conversation: its header, its history with the messages still on their way out,
 * and the reply box. It loads the thread (shown at once from the list's copy when there is
 * one), and wires the header's actions and the composer to the caches and the send pipeline.
 */
// Memoized: the shell draws again for the list and the URL; the pane only for its thread.
export const ThreadPane = memo(function ThreadPane({ threadId, onBack, onShowContact }: { threadId: string; onBack?: () => void; onShowContact?: () => void }) {
  const detail = useThreadDetail(threadId);
  const [, setParams] = useInboxParams();
  const back = onBack ?? (() => void setParams({ thread: null }));
  const presence = usePresenceBeat(threadId);
  useForgetGone(threadId, { thread: detail.error });

  // Gone (404) even while the list's copy is at hand: the copy is what is out of date.
  if (detail.data && !isNotFound(detail.error)) {
    // The header is drawn once and follows the thread; what holds a thread's own state (the
    // history, the composer, a held reply) starts afresh with each thread.
    return (
      <section aria-label={`Conversation with ${personName(detail.data.profile)}`} className="flex h-full min-h-0 flex-col bg-background">
        <TooltipProvider>
          <OpenThreadHeader thread={detail.data} onBack={onBack} onLeave={back} onShowContact={onShowContact} />
          <OpenThread key={threadId} thread={detail.data} presence={presence} />
        </TooltipProvider>
      </section>
    );
  }
  if (detail.isError) return <ThreadError error={detail.error} onBack={back} onRetry={() => void detail.refetch()} phone={Boolean(onBack)} />;
  return <ThreadSkeleton />;
});

function OpenThread({
  thread,
  presence,
}: {
  thread: Thread;
  /** Tells teammates this member is typing a reply here, or no longer is. */
  presence: PresenceBeat;
}) {
  const pipeline = useSendPipeline();
  const pending = useThreadOutbox(thread.id);
  // The conversation first: what sits below the history (the reply box, scheduled sends, who
  // else is here) is drawn in the idle time after the click's frame, so it never holds the messages
  // up (issue 18); a box of its shape stands in meanwhile. OpenThread is keyed by the thread.
  const footerDrawn = useAfterPaint(true, false);

  return (
    <>
      <CampaignBar thread={thread} />
      <SnoozeBanner threadId={thread.id} />
      <div className="min-h-0 flex-1">
        <MessageList thread={thread} pending={pending} onRetry={(item) => void pipeline.retry(item.localId)} />
      </div>
      {footerDrawn ? <ThreadFooter thread={thread} presence={presence} pipeline={pipeline} pending={pending} /> : <ComposerPlaceholder />}
    </>
  );
}

/** Below the history: scheduled sends, who else is here, a held reply's notice, and the reply (or comment) box. */
function ThreadFooter({ thread, presence, pipeline, pending }: { thread: Thread; presence: PresenceBeat; pipeline: SendPipeline; pending: OutboxItem[] }) {
  const viewer = useViewer();
  const others = useMarkedAway(useOthersIn(thread.id, viewer.userId));
  const drafting = useDraftHolders(thread.id, viewer.userId);
  const collision = useCollisionGuard(thread.id);
  const links = useQuery(teamQueries.accountLinks());
  const { accountLink, platform, platformName } = useThreadAccount(thread);
  const undoWindowMs = useUndoWindowMs();
  const scheduleSend = useScheduleSend();
  const replyValues = useReplyValues(thread);
  const mode = useComposerModeStore((s) => s.mode);

  const name = personName(thread.profile);

  const context = accountLink ? { accountLink, thread, platform } : null;
  const sendCheck = context ? checkCapability("message:send", context) : null;
  const typingCheck = context ? checkCapability("thread:typing", context) : null;
  const attachCheck = context ? checkCapability("message:attach", context) : null;
  const typingAllowed = typingCheck?.allowed === true && thread.typingIndicators !== "disabled";

  const reply = (content: string, attachments: OutgoingAttachment[]) => {
    // The member's own reply moves the row in place, not behind "N updated"; and they no longer type.
    noteOwnChange({ threadId: thread.id });
    presence.stopTyping();
    const sent = pipeline.send(thread.id, content, attachments, { holdMs: undoWindowMs });
    if (undoWindowMs > 0) offerUndo(pipeline, sent, thread.id, name, undoWindowMs);
  };

  return (
    <>
      <ScheduledSendList threadId={thread.id} />
      <PresenceLine people={others} drafting={drafting} />
      {collision.held ? (
        <NewActivityNotice
          summary={collision.held.summary}
          onReview={collision.review}
          onSendAnyway={() => {
            // What is in the box now: the member may have changed it since it was held.
            const content = useDraftsStore.getState().drafts[thread.id]?.trim() ?? "";
            const files = outgoingOf(useComposerFilesStore.getState().files[thread.id] ?? []) ?? [];
            collision.release();
            if (!content && files.length === 0) return;
            reply(content, files);
            useDraftsStore.getState().clearDraft(thread.id);
            useComposerFilesStore.getState().clear(thread.id);
          }}
        />
      ) : null}
      {mode === "comment" ? (
        <CommentComposer threadId={thread.id} recipientName={name} header={<ComposerTabs recipientName={name} />} />
      ) : (
        <Composer
          header={<ComposerTabs recipientName={name} />}
          threadId={thread.id}
          recipientName={name}
          ready={!links.isPending}
          blockedReason={sendCheck ? capabilityReason(sendCheck, "send messages") : null}
          maxLength={platform?.limits.messageLength ?? null}
          attach={{ reason: attachCheck ? capabilityReason(attachCheck, "attach files") : null, limits: platform?.limits.attachments, platformName }}
          sendTyping={typingAllowed ? () => void api.threads.typing(thread.id).catch(() => undefined) : undefined}
          onSend={(content, attachments) => {
            if (!collision.check(name)) return false;
            reply(content, attachments);
            return true;
          }}
          onSchedule={(content, sendAt) =>
            scheduleSend.mutateAsync({ threadId: thread.id, content, sendAt }).then(
              (made) => {
                toast({ title: `Scheduled for ${shortTime(new Date(made.sendAt), new Date())}`, description: `It goes to ${name} then, unless you change it.`, variant: "success" });
                return true;
              },
              () => false,
            )
          }
          onDraftTyping={presence.typing}
          failed={pending.filter((item) => item.state === "failed")}
          onEdit={pipeline.edit}
          onDiscard={pipeline.discard}
          replyValues={replyValues}
        />
      )}
    </>
  );
}

/**
 * Holds a reply written without seeing what arrived since the thread was opened (or last
 * reviewed): the contact wrote, or a teammate replied. The member reviews and sends again, or
 * sends anyway; the text stays in the composer meanwhile.
 */
function useCollisionGuard(threadId: string) {
  const query = useInfiniteQuery(threadQueries.messages(threadId));
  const messages = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const [seenAt, setSeenAt] = useState<string | null>(null);
  const [held, setHeld] = useState<{ summary: string } | null>(null);
  // The baseline is the history as first shown (set while rendering, once: React's pattern for derived state).
  if (seenAt === null && query.isSuccess) setSeenAt(latestSentAt(messages) ?? new Date(0).toISOString());

  const catchUp = () => setSeenAt(latestSentAt(messages) ?? seenAt);
  return {
    held,
    /** True when the reply may go now; false when it is held for review. */
    check(personName: string): boolean {
      const fresh = newActivity(messages, seenAt, sentFromThisTab);
      if (fresh.length === 0) {
        catchUp();
        return true;
      }
      setHeld({ summary: activitySummary(fresh, personName) });
      return false;
    },
    review() {
      catchUp();
      setHeld(null);
      document.querySelector<HTMLElement>("[data-message-id]:last-of-type")?.scrollIntoView({ block: "end" });
      document.getElementById(COMPOSER_ID)?.focus();
    },
    release() {
      catchUp();
      setHeld(null);
    },
  };
}

function ThreadError({ error, onBack, onRetry, phone }: { error: unknown; onBack: () => void; onRetry: () => void; phone: boolean }) {
  const gone = isNotFound(error);
  return (
    <div role="alert" className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center">
      <span className="grid size-10 place-items-center rounded-full bg-muted text-muted-foreground">
        <MessageSquareOffIcon className="size-5" aria-hidden />
      </span>
      <div className="space-y-1">
        <p className="text-sm font-medium">{gone ? "Conversation not found" : "Couldn't open this conversation"}</p>
        <p className="max-w-72 text-sm text-muted-foreground">{errorMessage(error)}</p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onBack}>
          <ChevronLeftIcon aria-hidden />
          {phone ? "Back to the list" : "Close"}
        </Button>
        {gone ? null : (
          <Button variant="ghost" size="sm" onClick={onRetry}>
            <RotateCwIcon aria-hidden />
            Try again
          </Button>
        )}
      </div>
    </div>
  );
}
