"use client";

import { useId, useState } from "react";
import TextareaAutosize from "react-textarea-autosize";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClassName } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";

/**
 * Editing a sent message in place: Enter saves, Shift+Enter breaks the line, Esc cancels.
 * The platform's length limit is shown as it nears and blocks saving past it; `reason` (the
 * capability rule's, when the edit window closes mid-edit) blocks it too.
 */
export function MessageEditor({
  initial,
  maxLength,
  reason,
  onSave,
  onCancel,
}: {
  initial: string;
  maxLength: number | null;
  reason: string | null;
  onSave: (content: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const hintId = useId();
  const length = value.length;
  const over = maxLength !== null && length > maxLength;
  const empty = value.trim().length === 0;
  const canSave = !over && !empty && reason === null;
  const showCount = maxLength !== null && length > maxLength * 0.8;

  const save = () => {
    if (!canSave) return;
    if (value === initial) onCancel();
    else onSave(value);
  };

  return (
    <form
      className="grid w-full min-w-64 gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <TextareaAutosize
        autoFocus
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onFocus={(event) => event.currentTarget.setSelectionRange(event.currentTarget.value.length, event.currentTarget.value.length)}
        onKeyDown={(event) => {
          // The list's and the inbox's keys stay out of the editor.
          event.stopPropagation();
          if (event.key === "Escape") {
            event.preventDefault();
            onCancel();
          } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            save();
          }
        }}
        minRows={1}
        maxRows={12}
        aria-label="Edit message"
        aria-describedby={hintId}
        aria-invalid={over || undefined}
        className={cn(inputClassName, "h-auto resize-none py-2 leading-relaxed")}
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {reason ? (
          <span id={hintId} className="text-destructive">
            {reason}
          </span>
        ) : (
          <span id={hintId} className="inline-flex items-center gap-1">
            <Kbd>Enter</Kbd> to save · <Kbd>Esc</Kbd> to cancel
          </span>
        )}
        {showCount ? (
          <span className={cn("tabular-nums", over && "font-medium text-destructive")}>
            {length.toLocaleString()} / {maxLength.toLocaleString()}
            {over ? " — too long for the platform" : null}
          </span>
        ) : null}
        <span className="ml-auto flex gap-1.5">
          <Button type="button" variant="ghost" size="sm" className="h-7" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="sm" className="h-7" disabled={!canSave}>
            Save
          </Button>
        </span>
      </div>
    </form>
  );
}
