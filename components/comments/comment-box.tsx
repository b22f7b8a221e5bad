"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import TextareaAutosize from "react-textarea-autosize";

import { MentionList, useMentionPicker } from "@/components/comments/mention-picker";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { COMMENT_LIMITS, type MentionedUser } from "@/lib/api/comments";
import { mentionsInText, type Person } from "@/lib/client/comments/mention-text";
import { useViewer } from "@/lib/client/viewer";

/**
 * The text of a comment with its @mentions: the box of the composer's Comment mode and of an
 * edit. Enter submits, Shift+Enter breaks the line, `@` opens the picker (./mention-picker).
 * What is submitted is the text and the user IDs of the people whose `@Name` it still holds.
 * `onSubmit` answers whether it was taken: a refusal keeps the text to fix.
 */
export function CommentBox({
  id,
  label,
  initial = "",
  initialMentions = [],
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  onEscape,
  placeholder,
  autoFocus,
  children,
}: {
  id?: string;
  label: string;
  initial?: string;
  initialMentions?: MentionedUser[];
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: string, mentions: string[]) => Promise<boolean>;
  onCancel?: () => void;
  /** Esc with nothing else to close (no picker, no edit to cancel). */
  onEscape?: () => void;
  placeholder?: string;
  autoFocus?: boolean;
  /** Beside the buttons: a hint. */
  children?: React.ReactNode;
}) {
  const viewer = useViewer();
  const [text, setText] = useState(initial);
  const [picked, setPicked] = useState<Person[]>(() => initialMentions.map((m) => ({ id: m.userId, name: m.name })));
  const textarea = useRef<HTMLTextAreaElement>(null);
  const labelId = useId();
  const ownId = useId();
  const boxId = id ?? ownId;
  const picker = useMentionPicker({ textarea, text, setText, onPick: (person) => setPicked((now) => [...now, person]), exclude: viewer.userId });
  const tooLong = text.length > COMMENT_LIMITS.body;
  const canSubmit = text.trim().length > 0 && !tooLong && !pending;

  const submit = async () => {
    if (!canSubmit) return;
    const mentions = mentionsInText(text, picked).map((p) => p.id);
    if (await onSubmit(text.trim(), mentions)) {
      setText("");
      setPicked([]);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker.onKeyDown(event)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.altKey) {
      // Enter that confirms an IME composition belongs to the IME.
      if (event.nativeEvent.isComposing || event.keyCode === 229) return;
      event.preventDefault();
      void submit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      (onCancel ?? onEscape)?.();
    }
  };

  return (
    <form
      aria-labelledby={labelId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className={cn(
        "relative rounded-lg border border-amber-300 bg-amber-50 shadow-xs transition-[border-color,box-shadow] focus-within:border-amber-500 focus-within:ring-[3px] focus-within:ring-amber-400/30 dark:border-amber-700 dark:bg-amber-950/40",
        tooLong && "border-destructive/60",
      )}
    >
      <MentionList picker={picker} />
      <label id={labelId} htmlFor={boxId} className="sr-only">
        {label}
      </label>
      <TextareaAutosize
        ref={textarea}
        id={boxId}
        value={text}
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onSelect={picker.track}
        onFocus={picker.track}
        minRows={1}
        maxRows={10}
        placeholder={placeholder}
        aria-invalid={tooLong || undefined}
        aria-autocomplete="list"
        aria-controls={picker.open ? picker.listboxId : undefined}
        aria-activedescendant={picker.activeId}
        className="block w-full resize-none bg-transparent px-3 pt-2.5 pb-1 text-sm leading-6 outline-none placeholder:text-amber-900/50 dark:placeholder:text-amber-100/40"
      />
      <div className="flex items-center gap-2 px-2 pb-2 pl-3">
        <div className="min-w-0 flex-1 truncate text-xs text-amber-800 dark:text-amber-200">
          {tooLong ? <span className="font-medium text-destructive">{(text.length - COMMENT_LIMITS.body).toLocaleString()} characters too long</span> : children}
        </div>
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" className="h-7 px-2.5" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={!canSubmit} className="h-7 gap-1.5 bg-amber-700 px-2.5 text-white hover:bg-amber-800 dark:bg-amber-700 dark:hover:bg-amber-600">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
