"use client";

import { useId, useState } from "react";
import TextareaAutosize from "react-textarea-autosize";

import { PersonAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { MessageSquarePlusIcon } from "@/components/ui/icons";
import { inputClassName } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { isApiError } from "@/lib/api/errors";
import { detailsOf } from "@/lib/api/error-schemas";
import { useInboxParams } from "@/lib/client/list/inbox-url";
import { useCheckDelivery, useStartConversation } from "@/lib/client/mutations/new-conversation";
import { attemptFor, PLAN_REQUIRED_SENTENCE, startErrorSentence, type ConversationStart, type SendAttempt } from "@/lib/client/thread/new-conversation";
import { errorMessage } from "@/lib/client/errors";

import { ContactSection } from "./contact-section";

/** One account's unfinished start: kept while the dialog closes, so a retry reuses its key. */
type Draft = {
  content: string;
  attempt: SendAttempt | null;
  error: string | null;
  /** A send that may have gone through (502 sendUnconfirmed): settled before anything is resent. */
  unconfirmedMessageId: string | null;
  note: string | null;
};

const EMPTY_DRAFT: Draft = { content: "", attempt: null, error: null, unconfirmedMessageId: null, note: null };

/**
 * "Start a conversation": the team's accounts that could reach the person but have no thread
 * with them yet. The first message creates the thread, which then opens.
 */
export function NewConversation({
  contactId,
  personName,
  starts,
  loading,
  loadError,
  onRetryLoad,
}: {
  contactId: string | null;
  personName: string;
  starts: readonly ConversationStart[];
  loading: boolean;
  loadError: unknown;
  onRetryLoad: () => void;
}) {
  const [, setParams] = useInboxParams();
  const startConversation = useStartConversation();
  const checkDelivery = useCheckDelivery();
  // The dialog's account stays set while it closes, so its content can animate out (and the
  // inbox's Escape shortcut still sees a dialog and leaves the conversation open).
  const [dialog, setDialog] = useState<{ linkId: string; open: boolean } | null>(null);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const shown = starts.find((s) => s.accountLink.id === dialog?.linkId) ?? null;
  const close = () => setDialog((d) => (d ? { ...d, open: false } : d));

  if (!loading && !loadError && starts.length === 0) return null;

  const change = (linkId: string, patch: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [linkId]: { ...(all[linkId] ?? EMPTY_DRAFT), ...patch } }));

  const opened = (threadId: string, linkId: string) => {
    close();
    setDrafts(({ [linkId]: _done, ...rest }) => rest);
    void setParams({ thread: threadId });
  };

  const send = (start: ConversationStart) => {
    const linkId = start.accountLink.id;
    const draft = drafts[linkId] ?? EMPTY_DRAFT;
    if (draft.content.trim() === "") {
      change(linkId, { error: "Write a message first." });
      return;
    }
    const attempt = attemptFor(draft.attempt, start.target, draft.content, () => crypto.randomUUID());
    change(linkId, { attempt, error: null, note: null });
    startConversation.mutate(
      { target: start.target, content: draft.content, idempotencyKey: attempt.key },
      {
        onSuccess: (result) => opened(result.thread.id, linkId),
        onError: (error) => {
          const unconfirmed = isApiError(error) ? detailsOf(error, "sendUnconfirmed") : null;
          change(linkId, {
            error: startErrorSentence(error),
            unconfirmedMessageId: unconfirmed?.messageId ?? null,
            // The same key with another body is refused: the next try is a new send.
            attempt: isApiError(error) && error.code === "idempotencyKeyReused" ? null : attempt,
          });
        },
      },
    );
  };

  const check = (start: ConversationStart, messageId: string) => {
    const linkId = start.accountLink.id;
    checkDelivery.mutate(
      { messageId, contactId },
      {
        onSuccess: (delivery) => {
          if (delivery.delivered) opened(delivery.threadId, linkId);
          // It never left. Its key would only replay the unconfirmed answer, so a resend gets a new one.
          else change(linkId, { unconfirmedMessageId: null, attempt: null, error: null, note: "It wasn't delivered. You can send it again." });
        },
        onError: (error) => change(linkId, { note: `Still unknown: ${errorMessage(error)}` }),
      },
    );
  };

  return (
    <ContactSection title="Start a conversation">
      <p className="mb-2.5 text-xs text-muted-foreground">Message {personName} from an account that hasn&apos;t talked with them yet.</p>
      {loadError ? (
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>Couldn&apos;t check which accounts already talk with them. {errorMessage(loadError)}</span>
          <Button variant="outline" size="sm" className="h-6 px-2 text-xs" onClick={onRetryLoad}>
            Retry
          </Button>
        </div>
      ) : loading ? (
        <div className="grid gap-2" aria-hidden>
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </div>
      ) : (
        <>
          {starts.some((s) => s.blockedBy === "plan") ? (
            <p className="mb-2 rounded-md bg-amber-100 px-2.5 py-2 text-xs text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
              {PLAN_REQUIRED_SENTENCE}
            </p>
          ) : null}
          <ul className="grid gap-1">
            {starts.map((start) => (
              <StartRow key={start.accountLink.id} start={start} personName={personName} onOpen={() => setDialog({ linkId: start.accountLink.id, open: true })} />
            ))}
          </ul>
        </>
      )}

      <Dialog open={Boolean(dialog?.open && shown)} onOpenChange={(next) => !next && close()}>
        {shown ? (
          <StartDialog
            start={shown}
            personName={personName}
            draft={drafts[shown.accountLink.id] ?? EMPTY_DRAFT}
            onContent={(content) => change(shown.accountLink.id, { content, error: null })}
            sending={startConversation.isPending}
            checking={checkDelivery.isPending}
            onSend={() => send(shown)}
            onCheck={(messageId) => check(shown, messageId)}
            onCancel={close}
          />
        ) : null}
      </Dialog>
    </ContactSection>
  );
}

function StartRow({ start, personName, onOpen }: { start: ConversationStart; personName: string; onOpen: () => void }) {
  const { accountLink, platformName, profile, blockedReason } = start;
  const whyId = useId();
  const name = `Start a conversation from ${accountLink.displayName} on ${platformName}`;
  return (
    <li className="flex min-w-0 items-center gap-2.5 rounded-md py-1">
      <PersonAvatar name={accountLink.displayName} src={accountLink.avatarUrl} className="size-7 text-[0.625rem]" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{accountLink.displayName}</p>
        <p className="truncate text-xs text-muted-foreground">
          {platformName} · to {profile.handle ?? personName}
        </p>
      </div>
      {blockedReason ? (
        <>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                variant="outline"
                size="sm"
                className="h-7 shrink-0 px-2 text-xs aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
                aria-disabled="true"
                aria-label={name}
                aria-describedby={whyId}
              >
                <MessageSquarePlusIcon className="size-3.5" aria-hidden />
                Start
              </Button>
            </TooltipTrigger>
            <TooltipContent>{blockedReason}</TooltipContent>
          </Tooltip>
          <span id={whyId} className="sr-only">
            {blockedReason}
          </span>
        </>
      ) : (
        <Tooltip>
          <TooltipTrigger asChild>
            <Button variant="outline" size="sm" className="h-7 shrink-0 px-2 text-xs" aria-label={name} onClick={onOpen}>
              <MessageSquarePlusIcon className="size-3.5" aria-hidden />
              Start
            </Button>
          </TooltipTrigger>
          <TooltipContent>{name}</TooltipContent>
        </Tooltip>
      )}
    </li>
  );
}

function StartDialog({
  start,
  personName,
  draft,
  onContent,
  sending,
  checking,
  onSend,
  onCheck,
  onCancel,
}: {
  start: ConversationStart;
  personName: string;
  draft: Draft;
  onContent: (content: string) => void;
  sending: boolean;
  checking: boolean;
  onSend: () => void;
  onCheck: (messageId: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { accountLink, platformName, profile, maxLength } = start;
  const messageId = `${id}-message`;
  const errorId = `${id}-error`;
  const tooLong = maxLength !== null && draft.content.length > maxLength;
  const blocked = draft.unconfirmedMessageId !== null;

  return (
    <DialogContent className="max-w-md gap-3 p-5">
      <DialogHeader>
        <DialogTitle className="text-base">Start a conversation</DialogTitle>
        <DialogDescription>
          From {accountLink.displayName} on {platformName} to {personName}
          {profile.handle ? ` (${profile.handle})` : ""}. Sending creates the conversation and opens it.
        </DialogDescription>
      </DialogHeader>
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!blocked && !tooLong && !sending) onSend();
        }}
      >
        <label htmlFor={messageId} className="text-sm font-medium">
          Message
        </label>
        <TextareaAutosize
          id={messageId}
          autoFocus
          value={draft.content}
          minRows={4}
          maxRows={12}
          readOnly={sending}
          aria-invalid={draft.error || tooLong ? true : undefined}
          aria-describedby={draft.error ? errorId : undefined}
          placeholder={`Write to ${personName}…`}
          onChange={(event) => onContent(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          className={cn(inputClassName, "h-auto resize-none py-2")}
        />
        <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <span>
            <Kbd>Ctrl</Kbd>+<Kbd>Enter</Kbd> sends
          </span>
          {maxLength !== null ? (
            <span className={cn("tabular-nums", tooLong && "font-medium text-destructive")}>
              {draft.content.length.toLocaleString()} / {maxLength.toLocaleString()}
            </span>
          ) : null}
        </div>

        {draft.error ? (
          <div id={errorId} role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
            <p>{draft.error}</p>
            {draft.unconfirmedMessageId ? (
              <Button
                variant="outline"
                size="sm"
                className="mt-2 h-7 px-2 text-xs"
                disabled={checking}
                onClick={() => onCheck(draft.unconfirmedMessageId!)}
              >
                {checking ? "Checking…" : "Check whether it was delivered"}
              </Button>
            ) : null}
          </div>
        ) : null}
        {draft.note ? (
          <p role="status" className="text-sm text-muted-foreground">
            {draft.note}
          </p>
        ) : null}

        <DialogFooter className="mt-1">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending || blocked || tooLong}>
            {sending ? "Sending…" : draft.attempt && draft.error && !blocked ? "Try again" : "Send"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
