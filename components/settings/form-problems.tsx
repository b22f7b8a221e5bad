"use client";

import { useState, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { LoaderCircleIcon } from "@/components/ui/icons";

/**
 * A settings dialog's form: the one problem it shows, beside its field (or for the whole form),
 * tied to the field for screen readers; and its footer with the form's problem, Cancel and a
 * submit button that spins while saving.
 */
export function useFormProblem<Field extends string>(id: string, hints: Partial<Record<Field, string>> = {}) {
  const [problem, setProblem] = useState<{ field: Field | "form"; text: string } | null>(null);
  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    "aria-invalid": problem?.field === field ? true : undefined,
    "aria-describedby": [problem?.field === field ? `${id}-${field}-problem` : null, hints[field] ?? null].filter(Boolean).join(" ") || undefined,
  });
  const problemFor = (field: Field) =>
    problem?.field === field ? (
      <p id={`${id}-${field}-problem`} className="text-sm text-destructive">
        {problem.text}
      </p>
    ) : null;
  return { problem, setProblem, fieldProps, problemFor };
}

export function FormFooter({ problem, pending, onCancel, children }: { problem: { field: string; text: string } | null; pending: boolean; onCancel: () => void; children: ReactNode }) {
  return (
    <>
      {problem?.field === "form" ? (
        <p role="alert" className="text-sm text-destructive">
          {problem.text}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
          {children}
        </Button>
      </DialogFooter>
    </>
  );
}
