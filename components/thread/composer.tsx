"use client";

import { useId, useRef, useState, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent } from "react";
import { useThrottledCallback } from "use-debounce";

import { FollowUpButton, useFollowUpChoice } from "@/components/snooze/follow-up-button";
import { AttachButton } from "@/components/thread/attach-button";
import { AttachmentChips } from "@/components/thread/attachment-chips";
import { DropHint, FailedNotice } from "@/components/thread/composer-notices";
import { SavedReplyList, useSavedReplyPicker } from "@/components/thread/saved-reply-picker";
import { SendLaterMenu } from "@/components/thread/send-later";
import { AutosizeTextarea } from "@/components/ui/autosize-textarea";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CircleAlertIcon, SendHorizontalIcon } from "@/components/ui/icons";
import { returnFocusToThread } from "@/lib/client/focus";
import { putBackInComposer } from "@/lib/client/thread/put-back";
import { useDraftSync } from "@/lib/client/hooks/use-draft-sync";
import { COMPOSER_ID } from "@/lib/client/element-ids";
import { useDraft, useDraftsStore } from "@/lib/client/stores/drafts";
import type { OutgoingAttachment } from "@/lib/api/messages";
import type { AttachmentLimits } from "@/lib/api/platforms";
import type { VariableValues } from "@/lib/api/saved-reply-variables";
import { useComposerFiles, useComposerFilesStore } from "@/lib/client/stores/composer-files";
import type { OutboxItem } from "@/lib/client/stores/outbox";
import { characterCount, limitState, type LimitState } from "@/lib/client/thread/message-length";
import { chosenFilesProblem, outgoingOf, problemNames, problemSentence, readChosenFiles, type ChosenFile } from "@/lib/client/thread/attachments";

/** At most one typing indicator per this many milliseconds while the person types. */
export const TYPING_INTERVAL_MS = 4_000;

/**
 * The reply box of the open conversation: its draft is kept per thread (across navigation
 * and reloads, and on the server for the member's other devices: useDraftSync) and cleared
 * once handed to the send pipeline. Mount it per thread (keyed by thread ID). Enter sends, Shift+Enter breaks
 * the line, and Enter that ends an IME composition does neither. Sending is blocked with the
 * reason when the account cannot send here, and past the platform's length limit.
 *
 * Files come from the paperclip, a paste or a drop onto the box, where the account may attach
 * them (`message:attach`); they are checked against the platform's `limits.attachments` as
 * they are chosen, and a message of files alone may go. Like the draft, they stay until sent.
 *
 * `;` or `/` opens the saved replies (./saved-reply-picker), filled with `replyValues`.
 */
export function Composer({
  threadId,
  recipientName,
  blockedReason,
  ready,
  maxLength,
  attach,
  sendTyping,
  onDraftTyping,
  onSend,
  onSchedule,
  failed,
  onEdit,
  onDiscard,
  replyValues,
  header,
}: {
  threadId: string;
  recipientName: string;
  /** Why sending is not allowed here (capabilityReason), or null. */
  blockedReason: string | null;
  /** False until the account link is known; the box waits quietly meanwhile. */
  ready: boolean;
  /** The platform's maximum message length in characters; null for no limit. */
  maxLength: number | null;
  /** Why files cannot be attached here (capabilityReason), or null; the platform's limits and name for the checks. */
  attach: { reason: string | null; limits: AttachmentLimits | null | undefined; platformName: string | null };
  /** Sends one typing indicator; omitted when the thread should not get them. */
  sendTyping?: () => void;
  /** Tells teammates (not the contact) that a reply is being written. */
  onDraftTyping?: () => void;
  /** Takes the message and its files; false when it is held (for review), and both stay in the box. */
  onSend: (content: string, attachments: OutgoingAttachment[]) => boolean;
  /** Schedules the words for later (a preset or an ISO time); resolves true once scheduled, and the box empties. */
  onSchedule: (content: string, sendAt: string) => Promise<boolean>;
  /** This thread's sends that failed, oldest first. */
  failed: OutboxItem[];
  /** Takes a failed send out of the outbox and returns its text and files. */
  onEdit: (localId: string) => { content: string; attachments: OutgoingAttachment[] } | null;
  onDiscard: (localId: string) => void;
  /** What saved replies' variables are filled with here. */
  replyValues: VariableValues;
  /** Above the box: the Reply / Comment tabs. */
  header?: React.ReactNode;
}) {
  const draft = useDraft(threadId);
  const setDraft = useDraftsStore((s) => s.setDraft);
  const sync = useDraftSync(threadId);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const counterId = useId();
  const reasonId = useId();
  const filesId = useId();
  const files = useComposerFiles(threadId);
  const addFiles = useComposerFilesStore((s) => s.add);
  const removeFile = useComposerFilesStore((s) => s.remove);
  const clearFiles = useComposerFilesStore((s) => s.clear);
  /** Why the files just pasted or dropped were not taken; cleared by the next choice. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const picker = useSavedReplyPicker({ textarea, draft, setDraft: (text) => setDraft(threadId, text), values: replyValues });

  const reminder = useFollowUpChoice(threadId);
  const typing = useThrottledCallback(() => sendTyping?.(), TYPING_INTERVAL_MS, { leading: true, trailing: false });

  const length = characterCount(draft.trim());
  const limit = limitState(length, maxLength);
  const blocked = !ready || blockedReason !== null;
  const attachAllowed = !blocked && attach.reason === null;
  const problem = chosenFilesProblem(attach.limits, files);
  const outgoing = files.length === 0 ? [] : attachAllowed && !problem ? outgoingOf(files) : null;
  const canSend = !blocked && (length > 0 || files.length > 0) && limit !== "over" && outgoing !== null;
  const filesNote = problem ? problemSentence(problem, attach.platformName) : files.length > 0 && attach.reason ? attach.reason : refusal;

  const submit = () => {
    if (!canSend || outgoing === null) return;
    if (!onSend(draft, outgoing)) return;
    reminder.commit();
    setDraft(threadId, "");
    clearFiles(threadId);
    setRefusal(null);
    typing.cancel();
  };

  const schedule = (sendAt: string) => {
    const content = draft.trim();
    if (!canSend || !content) return;
    setScheduling(true);
    void onSchedule(content, sendAt)
      .then((scheduled) => {
        // Only what was scheduled leaves the box: words typed meanwhile stay.
        if (scheduled && useDraftsStore.getState().drafts[threadId]?.trim() === content) setDraft(threadId, "");
      })
      .finally(() => setScheduling(false));
  };

  const takeFiles = (chosen: File[]) => {
    if (!attachAllowed) {
      setRefusal(attach.reason ?? blockedReason);
      return;
    }
    setRefusal(null);
    readChosenFiles(chosen, attach.limits).then(
      (read) => addFiles(threadId, read),
      () => setRefusal("That file couldn't be read. Try choosing it again."),
    );
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length === 0) return;
    // Text copied with a picture (a page's selection) still pastes as text where files cannot go.
    if (!attachAllowed && event.clipboardData.getData("text/plain")) return;
    event.preventDefault();
    takeFiles(pasted);
  };

  const dragsFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!dragsFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = attachAllowed ? "copy" : "none";
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!dragsFiles(event)) return;
    // Never let the browser open a dropped file in place of the inbox.
    event.preventDefault();
    setDragging(false);
    takeFiles(Array.from(event.dataTransfer.files));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker.onKeyDown(event)) return;
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
    if (returned) putBackInComposer(threadId, returned.content, returned.attachments);
  };

  const latestFailed = failed.at(-1);

  return (
    <div className="@container shrink-0 border-t bg-background px-3 pt-2 pb-3 @lg:px-4" onDragOver={onDragOver} onDragLeave={onDragLeave} onDrop={onDrop}>
      {header}
      {latestFailed ? (
        <FailedNotice item={latestFailed} more={failed.length - 1} onEdit={() => edit(latestFailed.localId)} onDiscard={() => onDiscard(latestFailed.localId)} />
      ) : null}
      {blockedReason ? (
        <p id={reasonId} className="mb-2 flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
          <CircleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden />
          <span>{blockedReason}</span>
        </p>
      ) : null}
      {filesNote ? (
        <p id={filesId} role="alert" className="mb-2 flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-1.5 text-xs">
          <CircleAlertIcon className="mt-px size-3.5 shrink-0 text-destructive" aria-hidden />
          <span>{filesNote}</span>
        </p>
      ) : null}
      <form
        aria-label={`Reply to ${recipientName}`}
        onSubmit={onSubmit}
        className={cn(
          "relative rounded-lg border bg-card shadow-xs transition-[border-color,box-shadow] focus-within:border-ring/60 focus-within:ring-[3px] focus-within:ring-ring/20",
          (limit === "over" || problem) && "border-destructive/60 focus-within:border-destructive/60 focus-within:ring-destructive/20",
          blocked && "bg-muted/40",
          dragging && attachAllowed && "border-primary ring-[3px] ring-primary/20",
        )}
      >
        {dragging && attachAllowed ? <DropHint /> : null}
        <SavedReplyList picker={picker} values={replyValues} limit={{ maxLength, platformName: attach.platformName }} />
        <AttachmentChips files={files} invalid={(file: ChosenFile) => problemNames(problem, file)} onRemove={(file) => removeFile(threadId, file.id)} />
        <label htmlFor={COMPOSER_ID} className="sr-only">
          Reply to {recipientName}
        </label>
        <AutosizeTextarea
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
          onSelect={picker.track}
          onFocus={picker.track}
          onBlur={sync.flush}
          onPaste={onPaste}
          disabled={blocked}
          minRows={1}
          maxRows={10}
          // pt-2.5 and pb-1.
          blockPadding={14}
          placeholder={blockedReason ? "Sending is unavailable here" : `Message ${recipientName}`}
          aria-invalid={limit === "over" || undefined}
          aria-autocomplete="list"
          aria-controls={picker.open ? picker.listboxId : undefined}
          aria-activedescendant={picker.activeId}
          aria-describedby={[blockedReason ? reasonId : null, filesNote ? filesId : null, counterId, hintId].filter(Boolean).join(" ")}
          className="block w-full resize-none bg-transparent px-3 pt-2.5 pb-1 text-sm leading-6 outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
        />
        <div className="flex items-center gap-3 px-2 pb-2 pl-1.5">
          <AttachButton
            disabled={blocked}
            disabledReason={blocked ? null : attach.reason}
            accept={attach.limits?.mimeTypes?.join(",") || undefined}
            onFiles={takeFiles}
          />
          <FollowUpButton days={reminder.days} onChange={reminder.setDays} disabled={blocked} />
          <p id={hintId} className={cn("hidden min-w-0 flex-1 truncate text-xs text-muted-foreground", !blocked && "@md:block")}>
            <kbd className="font-sans font-medium">Enter</kbd> to send, <kbd className="font-sans font-medium">Shift + Enter</kbd> for a new line
          </p>
          <span className={cn("flex-1", !blocked && "@md:hidden")} />
          <Counter id={counterId} length={length} maxLength={maxLength} state={limit} />
          <SendLaterMenu
            disabled={!canSend || length === 0}
            unavailable={files.length > 0 ? "Files can't be sent later. Send now, or remove them to schedule the words." : null}
            pending={scheduling}
            onSchedule={schedule}
          />
          <Button type="submit" size="sm" disabled={!canSend} className="h-7 gap-1.5 px-2.5">
            <SendHorizontalIcon aria-hidden />
            Send
          </Button>
        </div>
      </form>
    </div>
  );
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
