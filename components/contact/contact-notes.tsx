"use client";

import { useId } from "react";

import { AutosizeTextarea } from "@/components/ui/autosize-textarea";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CheckIcon, CircleAlertIcon, LoaderCircleIcon } from "@/components/ui/icons";
import { inputClassName } from "@/components/ui/input";
import { NOTES_MAX_LENGTH } from "@/lib/api/contacts";
import { useNotesAutosave } from "@/lib/client/hooks/use-notes-autosave";

import { ContactSection } from "./contact-section";

/** Show the count only near the limit: it is noise before that. */
const COUNT_FROM = Math.floor(NOTES_MAX_LENGTH * 0.9);

/**
 * The team's notes on the person, saved as they type (a pause or leaving the field). Key it
 * by contact ID: the draft is that contact's. Whatever happens to a save, the text stays.
 */
export function ContactNotes({ contactId, notes, personName }: { contactId: string; notes: string | null; personName: string }) {
  const autosave = useNotesAutosave(contactId, notes);
  const id = useId();
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const { draft, status, error, conflict } = autosave;

  return (
    <ContactSection
      title="Notes"
      headingId={headingId}
      aside={
        <>
          {/* Polite: the state of the save is read out without interrupting the typing. */}
          <span role="status" className="flex min-w-0 items-center gap-1 text-muted-foreground">
            {status === "saving" ? (
              <>
                <LoaderCircleIcon className="size-3 animate-spin" aria-hidden />
                Saving…
              </>
            ) : status === "saved" ? (
              <>
                <CheckIcon className="size-3" aria-hidden />
                Saved
              </>
            ) : status === "error" ? (
              <span className="flex items-center gap-1 font-medium text-destructive">
                <CircleAlertIcon className="size-3" aria-hidden />
                Couldn&apos;t save —
              </span>
            ) : null}
          </span>
          {status === "error" ? (
            <Button variant="link" size="sm" className="h-auto p-0 text-xs text-destructive" aria-label="Retry saving the notes" onClick={() => autosave.retry()}>
              Retry
            </Button>
          ) : null}
        </>
      }
    >
      <AutosizeTextarea
        aria-labelledby={headingId}
        aria-describedby={[error ? errorId : null, draft.length >= COUNT_FROM ? countId : null].filter(Boolean).join(" ") || undefined}
        aria-invalid={error ? true : undefined}
        placeholder={`What should the team know about ${personName}?`}
        value={draft}
        maxLength={NOTES_MAX_LENGTH}
        minRows={3}
        maxRows={14}
        // py-2 and the 1px border, top and bottom.
        blockPadding={18}
        onChange={(event) => autosave.type(event.target.value)}
        onBlur={() => autosave.flush()}
        className={cn(inputClassName, "h-auto resize-none py-2 leading-relaxed")}
      />

      {draft.length >= COUNT_FROM ? (
        <p id={countId} className={cn("mt-1 text-right text-xs tabular-nums", draft.length >= NOTES_MAX_LENGTH ? "text-destructive" : "text-muted-foreground")}>
          {draft.length.toLocaleString()} / {NOTES_MAX_LENGTH.toLocaleString()} characters
        </p>
      ) : null}

      {error ? (
        <p id={errorId} className="mt-2 rounded-md bg-destructive/10 px-2.5 py-2 text-xs text-destructive">
          {error} Your text is kept here; it saves when you retry or type on.
        </p>
      ) : null}

      {conflict !== null ? (
        <div className="mt-2 rounded-md border bg-muted/50 px-2.5 py-2 text-xs">
          <p>Someone else changed these notes while you were typing. Your text is kept and saved over theirs.</p>
          <details className="mt-1">
            <summary className="cursor-pointer text-muted-foreground outline-none focus-visible:underline">Show their version</summary>
            <p className="mt-1 max-h-40 overflow-y-auto break-words whitespace-pre-wrap text-muted-foreground">{conflict || "(empty)"}</p>
          </details>
          <div className="mt-1.5 flex gap-1.5">
            <Button variant="outline" size="sm" className="h-6 px-2 text-xs" onClick={() => autosave.takeTheirs()}>
              Use theirs instead
            </Button>
            <Button variant="ghost" size="sm" className="h-6 px-2 text-xs" onClick={() => autosave.dismissConflict()}>
              Keep mine
            </Button>
          </div>
        </div>
      ) : null}
    </ContactSection>
  );
}
