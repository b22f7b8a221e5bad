"use client";

import { useState } from "react";

import { cn } from "@/components/ui/cn";
import { inputClassName } from "@/components/ui/input";
import { currencySymbol, parseValuation, valuationText } from "@/lib/client/contact/valuation";

/**
 * What the contact is worth, in the team's currency. Saved on blur or Enter; empty clears it;
 * Escape puts back the stored value. Input that isn't an amount ≥ 0 is explained under the
 * field and never sent.
 */
export function ContactValuation({
  value,
  currency,
  inputId,
  onSave,
}: {
  value: number | null;
  /** The team's currency code; undefined while loading. */
  currency: string | undefined;
  inputId: string;
  onSave: (value: number | null) => void;
}) {
  // null while the field isn't focused: it then shows the stored value, whatever it becomes.
  // `edited` keeps a focus without typing from writing back a value that changed meanwhile.
  const [draft, setDraft] = useState<{ text: string; edited: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const shown = draft ? draft.text : value === null ? "" : grouped(value);

  const commit = () => {
    if (!draft?.edited) {
      setDraft(null);
      return;
    }
    const parsed = parseValuation(draft.text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setDraft(null);
    if (parsed.value !== value) onSave(parsed.value);
  };

  return (
    <div className="min-w-0">
      <div className="relative">
        {currency ? (
          <span className="pointer-events-none absolute inset-y-0 left-0 flex w-8 items-center justify-center text-sm text-muted-foreground" aria-hidden>
            {currencySymbol(currency)}
          </span>
        ) : null}
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="No value"
          value={shown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
          onFocus={() => setDraft((d) => d ?? { text: valuationText(value), edited: false })}
          onChange={(event) => {
            setDraft({ text: event.target.value, edited: true });
            if (error) setError(null);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              const parsed = draft?.edited ? parseValuation(draft.text) : null;
              // A valid amount is saved by leaving the field; a bad one keeps focus to be fixed.
              if (parsed && !parsed.ok) setError(parsed.error);
              else event.currentTarget.blur();
            } else if (event.key === "Escape" && (draft?.edited || error)) {
              // Undo the edit; a second Escape is left to close whatever holds the panel.
              event.stopPropagation();
              setDraft({ text: valuationText(value), edited: false });
              setError(null);
            }
          }}
          className={cn(inputClassName, "h-8 tabular-nums", currency && "pl-8")}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-xs text-destructive">
          {error}
        </p>
      ) : (
        <p id={hintId} className="sr-only">
          {currency ? `In ${currency}. ` : ""}Saved when you leave the field or press Enter. Leave it empty to clear it.
        </p>
      )}
    </div>
  );
}

/** The stored amount with grouping, for reading; editing shows plain digits (see onFocus). */
function grouped(value: number): string {
  return new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(value);
}
