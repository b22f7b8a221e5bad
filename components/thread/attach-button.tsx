"use client";

import { useRef } from "react";

import { IconButton } from "@/components/ui/icon-button";
import { PaperclipIcon } from "@/components/ui/icons";

/**
 * The composer's paperclip: opens the system's file chooser through a hidden file input.
 * Refused (focusable, with the reason in its tooltip) when the account cannot attach here;
 * `accept` narrows the chooser to the types the platform takes, when it says.
 */
export function AttachButton({
  disabled,
  disabledReason,
  accept,
  onFiles,
}: {
  /** Nothing can be sent here at all (the composer says why). */
  disabled: boolean;
  disabledReason: string | null;
  accept: string | undefined;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <IconButton label="Attach files" disabled={disabled} disabledReason={disabledReason} onClick={() => input.current?.click()} className="size-7">
        <PaperclipIcon aria-hidden />
      </IconButton>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept}
        data-testid="composer-file-input"
        disabled={disabled || disabledReason !== null}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared, so choosing the same file again (after removing it) is a change too.
          event.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
