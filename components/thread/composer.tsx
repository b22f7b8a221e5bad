"use client";

import { CircleAlertIcon, PencilIcon, SendHorizontalIcon, XIcon } from "lucide-react";
import { useId, useRef, type FormEvent, type KeyboardEvent } from "react";
import TextareaAutosize from "react-textarea-autosize";
import { useThrottledCallback } from "use-debounce";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { returnFocusToThread } from "@/lib/client/focus";
import { COMPOSER_ID } from "@/lib/client/hooks/use-inbox-hotkeys";
import { useDraft, useDraftsStore } from "@/lib/client/stores/drafts";
import type { OutgoingAttachment } from "@/lib/api/messages";
import type { OutboxItem } from "@/lib/client/stores/outbox";

/** At most one typing indicator per this many milliseconds while the person types. */
export const TYPING_INTERVAL_MS = 4_000;

/**
 * The reply box of the open conversation: its draft is kept per thread (across navigation
 * and reloads) and cleared once handed to the send pipeline. Enter sends, Shift+Enter breaks
 * the line, and Enter that ends an IME composition does neither. Sending is blocked with the
 * reason when the account cannot send here, and past the platform's length limit.
 */
export function Composer({
  threadId,
  recipientName,
  blockedReason,
  ready,
  maxLength,
  sendTyping,
  onDraftTyping,
  onSend,
  failed,
  onEdit,
  onDiscard,
}: {
  threadId: string;
  recipientName: string;
  /** Why sending is not allowed here (capabilityReason), or null. */
  blockedReason: string | null;
  /** False until the account link is known; the box waits quietly meanwhile. */
  ready: boolean;
  /** The platform's maximum message length in characters; null for no limit. */
  maxLength: number | null;
  /** Sends one typing indicator; omitted when the thread should not get them. */
  sendTyping?: () => void;
  /** Tells teammates (not the contact) that a reply is being written. */
  onDraftTyping?: () => void;
  /** Takes the message; false when it is held (for review), and the text stays in the box. */
  onSend: (content: string) => boolean;
  /** This thread's sends that failed, oldest first. */
  failed: OutboxItem[];
  /** Takes a failed send out of the outbox and returns its text and files. */
  onEdit: (localId: string) => { content: string; attachments: OutgoingAttachment[] } | null;
  onDiscard: (localId: string) => void;
}) {
  const draft = useDraft(threadId);
  const setDraft = useDraftsStore((s) => s.setDraft);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const counterId = useId();
  const reasonId = useId();

  const typing = useThrottledCallback(() => sendTyping?.(), TYPING_INTERVAL_MS, { leading: true, trailing: false });

  const length = characterCount(draft.trim());
  const limit = limitState(length, maxLength);
  const blocked = !ready || blockedReason !== null;
  const canSend = !blocked && length > 0 && limit !== "over";

  const submit = () => {
    if (!canSend) return;
    if (!onSend(draft)) return;
    setDraft(threadId, "");
    typing.cancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.altKey) {
      // Enter that confirms an IME composition (Japanese, Chinese…) belongs to the IME.
      if (event.nativeEvent.isComposing || event.keyCode === 229) return;
      event.preventDefault();
      submit();
    } else if (event.key === "Escape") {
      // Hands the keyboard back to the inbox's shortcuts (Esc again closes the thread), with the
      // focus on the conversation rather than lost to the page.
      returnFocusToThread();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const edit = (localId: string) => {
    const returned = onEdit(localId);
    if (returned === null) return;
    const text = returned.content;
    setDraft(threadId, draft.trim() ? `${text}\n${draft}` : text);
    textarea.current?.focus();
  };

  const latestFailed = failed.at(-1);

  return (
    <div className="@container shrink-0 border-t bg-background px-3 pt-2 pb-3 @lg:px-4">
      {latestFailed ? (
        <FailedNotice item={latestFailed} more={failed.length - 1} onEdit={() => edit(latestFailed.localId)} onDiscard={() => onDiscard(latestFailed.localId)} />
      ) : null}
      {blockedReason ? (
        <p id={reasonId} className="mb-2 flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
          <CircleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden />
          <span>{blockedReason}</span>
        </p>
      ) : null}
      <form
        aria-label={`Reply to ${recipientName}`}
        onSubmit={onSubmit}
        className={cn(
          "rounded-lg border bg-card shadow-xs transition-[border-color,box-shadow] focus-within:border-ring/60 focus-within:ring-[3px] focus-within:ring-ring/20",
          limit === "over" && "border-destructive/60 focus-within:border-destructive/60 focus-within:ring-destructive/20",
          blocked && "bg-muted/40",
        )}
      >
        <label htmlFor={COMPOSER_ID} className="sr-only">
          Reply to {recipientName}
        </label>
        <TextareaAutosize
          ref={textarea}
          id={COMPOSER_ID}
          value={draft}
          onChange={(event) => {
            setDraft(threadId, event.target.value);
            if (event.target.value.trim()) {
              typing();
              onDraftTyping?.();
            }
          }}
          onKeyDown={onKeyDown}
          disabled={blocked}
          minRows={1}
          maxRows={10}
          placeholder={blockedReason ? "Sending is unavailable here" : `Message ${recipientName}`}
          aria-invalid={limit === "over" || undefined}
          aria-describedby={[blockedReason ? reasonId : null, counterId, hintId].filter(Boolean).join(" ")}
          className="block w-full resize-none bg-transparent px-3 pt-2.5 pb-1 text-sm leading-6 outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
        />
        <div className="flex items-center gap-3 px-2 pb-2 pl-3">
          <p id={hintId} className={cn("hidden min-w-0 flex-1 truncate text-xs text-muted-foreground", !blocked && "@md:block")}>
            <kbd className="font-sans font-medium">Enter</kbd> to send, <kbd className="font-sans font-medium">Shift + Enter</kbd> for a new line
          </p>
          <span className={cn("flex-1", !blocked && "@md:hidden")} />
          <Counter id={counterId} length={length} maxLength={maxLength} state={limit} />
          <Button type="submit" size="sm" disabled={!canSend} className="h-7 gap-1.5 px-2.5">
            <SendHorizontalIcon aria-hidden />
            Send
          </Button>
        </div>
      </form>
    </div>
  );
}

type LimitState = "none" | "ok" | "near" | "over";

/** Near: the last tenth of the limit (at least 20 characters); over: past it, which blocks sending. */
export function limitState(length: number, maxLength: number | null): LimitState {
  if (maxLength === null) return "none";
  if (length > maxLength) return "over";
  if (maxLength - length <= Math.max(20, Math.ceil(maxLength * 0.1))) return "near";
  return "ok";
}

/** Characters as the platforms count them: code points, so an emoji is one. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

function Counter({ id, length, maxLength, state }: { id: string; length: number; maxLength: number | null; state: LimitState }) {
  const visible = state === "near" || state === "over";
  return (
    <>
      <span
        aria-hidden
        title={maxLength !== null ? `The platform allows ${maxLength.toLocaleString()} characters` : undefined}
        className={cn(
          "shrink-0 text-xs tabular-nums",
          state === "over" ? "font-medium text-destructive" : "text-muted-foreground",
          !visible && "hidden",
        )}
      >
        {visible && maxLength !== null ? (state === "over" ? `${(length - maxLength).toLocaleString()} over` : `${(maxLength - length).toLocaleString()} left`) : null}
      </span>
      {/* Announced when it crosses a threshold, not on every keystroke. */}
      <span id={id} className="sr-only" aria-live="polite">
        {maxLength === null
          ? ""
          : state === "over"
            ? `Too long to send: the limit here is ${maxLength.toLocaleString()} characters.`
            : state === "near"
              ? `Nearing the limit of ${maxLength.toLocaleString()} characters.`
              : ""}
      </span>
    </>
  );
}

/** The latest send that failed: why, and the way to correct it. Retry lives on the message itself. */
function FailedNotice({ item, more, onEdit, onDiscard }: { item: OutboxItem; more: number; onEdit: () => void; onDiscard: () => void }) {
  return (
    <div role="alert" className="mb-2 flex items-center gap-2 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-1.5 text-xs">
      <CircleAlertIcon className="size-3.5 shrink-0 text-destructive" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-medium">Not sent{more > 0 ? ` (and ${more} more)` : ""}: </span>
        <span className="text-muted-foreground">{item.error?.sentence ?? "It couldn't be sent."}</span>
      </p>
      <Button variant="ghost" size="sm" className="h-6 gap-1 px-2 text-xs" onClick={onEdit}>
        <PencilIcon className="size-3" aria-hidden />
        Edit
      </Button>
      <Button variant="ghost" size="sm" className="h-6 gap-1 px-2 text-xs" onClick={onDiscard} aria-label="Discard the message that wasn't sent">
        <XIcon className="size-3" aria-hidden />
        Discard
      </Button>
    </div>
  );
}
